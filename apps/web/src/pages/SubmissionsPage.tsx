import { useDocumentTitle } from '../components/useDocumentTitle';
import { SubmissionsBrowser } from '../features/submissions/components/SubmissionsBrowser';

/** /submissions: every submission, filtered through the URL. */
export function SubmissionsPage() {
  useDocumentTitle('Submissions');
  return <SubmissionsBrowser />;
}
