import { useParams } from 'react-router-dom';

import { useDocumentTitle } from '../components/useDocumentTitle';
import { SideBySide } from '../features/similarity/components/SideBySide';

/** /similarity-reports/:reportId/pairs/:index (admins): one pair of a report, side by side. */
export function SimilarityPairPage() {
  const { reportId = '', index } = useParams();
  useDocumentTitle('Similar pair');
  return <SideBySide reportId={reportId} index={Number(index)} />;
}
