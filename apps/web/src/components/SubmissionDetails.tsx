import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api, unwrap } from '../api/client';
import { CodeEditor } from './CodeEditor';
import { shortDate } from './format';
import { StatusBadge } from './StatusBadge';
import { TestResultsTable } from './TestResultsTable';
import { queryKeys } from '../api/query-keys';

/** One submission's details; SPEC 9: a submission's detail is always fetched afresh. */
export function useSubmissionDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.submission(id),
    queryFn: () => unwrap(api.GET('/api/submissions/{id}', { params: { path: { id } } }), 'Failed to load submission.'),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export type SubmissionDetail = NonNullable<ReturnType<typeof useSubmissionDetail>['data']>['submission'];

/** What the Submission Details dialog and the submission's own page show: figures, per-test results, source. */
export function SubmissionDetails({ submission: s }: { submission: SubmissionDetail }) {
  return (
    <>
      <dl className="facts">
        <dt>Problem</dt>
        <dd>{s.problemTitle ? <Link to={`/problems/${s.problemId}`}>{s.problemTitle}</Link> : 'Unknown problem'}</dd>
        <dt>Language</dt>
        <dd>{s.language}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={s.status} />
        </dd>
        <dt>Score</dt>
        <dd>{s.score}%</dd>
        <dt>Runtime</dt>
        <dd>{s.runtimeMs ?? '—'} ms</dd>
        <dt>Memory</dt>
        <dd>{s.memoryKB ?? '—'} KB</dd>
        <dt>Submitted</dt>
        <dd>{shortDate(s.submittedAt)}</dd>
      </dl>
      {s.resultSummary?.message && <pre className="compile-output">{s.resultSummary.message}</pre>}
      {s.testCaseResults.length > 0 && (
        <>
          <h3>Tests</h3>
          <TestResultsTable rows={s.testCaseResults.map((t) => ({ ...t, status: <StatusBadge status={t.status} /> }))} />
        </>
      )}
      <h3>Source</h3>
      {s.canViewSource && s.source !== undefined ? (
        <CodeEditor value={s.source} languageId={s.languageId} readOnly label="Submitted source" />
      ) : (
        <p className="muted">Source is private to the owner and administrators.</p>
      )}
    </>
  );
}
