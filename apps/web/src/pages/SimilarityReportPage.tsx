import { useParams } from 'react-router-dom';

import { useDocumentTitle } from '../components/useDocumentTitle';
import { SimilarityReportDetail } from '../features/similarity/components/SimilarityReportDetail';

/** /similarity-reports/:reportId (admins): one similarity report. */
export function SimilarityReportPage() {
  const { reportId = '' } = useParams();
  useDocumentTitle('Similarity report');
  return <SimilarityReportDetail reportId={reportId} />;
}
