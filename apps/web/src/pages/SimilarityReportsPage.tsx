import { useDocumentTitle } from '../components/useDocumentTitle';
import { SimilarityReportList } from '../features/similarity/components/SimilarityReportList';

/** /similarity-reports (admins): every similarity report, filtered by contest or problem. */
export function SimilarityReportsPage() {
  useDocumentTitle('Similarity Reports');
  return <SimilarityReportList />;
}
