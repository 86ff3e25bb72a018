import { useDocumentTitle } from '../components/useDocumentTitle';
import { ProblemArchive } from '../features/problems/components/ProblemArchive';

/** /problems: the Problem Archive. */
export function ProblemsPage() {
  useDocumentTitle('Problem Archive');
  return <ProblemArchive />;
}
