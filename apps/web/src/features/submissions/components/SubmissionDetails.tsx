import '../submissions.css';

import { Link } from 'react-router-dom';

import { CodeEditor } from '../../../components/CodeEditor';
import { CopyButton } from '../../../components/CopyButton';
import { formatScore, shortDate, withUnit } from '../../../components/format';
import { StatusBadge } from '../../../components/StatusBadge';
import { TestResultsTable } from '../../../components/TestResultsTable';
import { UserName } from '../../../components/UserName';
import { useSession } from '../../../session/SessionProvider';
import { resultHiddenFrom } from '../frozen-result';
import type { useSubmissionDetail } from '../hooks/useSubmissionDetail';
import { groupTestResults, neededSubtasks, SCORING_LABELS } from '../test-groups';

type TestCaseResult = SubmissionDetail['testCaseResults'][number];

/** A runtime error's traceback, which the API sends only to the owner and admins (on the first failing test). */
function RuntimeStderr({ tests }: { tests: TestCaseResult[] }) {
  const failed = tests.find((t) => t.stderr);
  if (!failed) return null;
  return (
    <section aria-label="Standard error">
      <h3>Standard error, test {failed.index + 1}</h3>
      <pre className="compile-output">{failed.stderr}</pre>
    </section>
  );
}

/**
 * The first failing test, when it is a sample of the statement: its input, the expected output and the program's
 * output side by side (stacked on a phone). The API sends it only to the owner and admins, and only for samples.
 */
function FailedSampleView({ tests }: { tests: TestCaseResult[] }) {
  const failed = tests.find((t) => t.failedSample);
  const sample = failed?.failedSample;
  if (!failed || !sample) return null;
  const boxes: [string, string][] = [
    ['Input', sample.input],
    ['Expected output', sample.expected],
    ['Your output', sample.output],
  ];
  return (
    <section aria-labelledby="failed-sample">
      <h3 id="failed-sample">
        Test {failed.index + 1} is sample {sample.sample + 1} of the statement
      </h3>
      {sample.truncated && <p className="muted small">Shown up to their first 4 KB each.</p>}
      <div className="sample-compare">
        {boxes.map(([label, text]) => (
          <figure key={label}>
            <figcaption>{label}</figcaption>
            <pre tabIndex={0} aria-label={label}>
              {text}
            </pre>
          </figure>
        ))}
      </div>
    </section>
  );
}

export type SubmissionDetail = NonNullable<ReturnType<typeof useSubmissionDetail>['data']>['submission'];

/**
 * What the Submission Details dialog and the submission's own page show: figures, per-test results, source. Its
 * headings sit one level under the title: h3 under the dialog's h2, h2 under the page's h1 (`onPage`).
 */
export function SubmissionDetails({ submission: s, onPage = false }: { submission: SubmissionDetail; onPage?: boolean }) {
  const { viewer } = useSession();
  const hidden = resultHiddenFrom(s, viewer);
  const Heading = onPage ? 'h2' : 'h3';
  const Subheading = onPage ? 'h3' : 'h4';
  return (
    <>
      <dl className="facts">
        <dt>Submission</dt>
        <dd>
          <code>{s.id}</code>
        </dd>
        <dt>User</dt>
        <dd>{s.userName ? <UserName username={s.userName} rating={s.userRating} /> : '(deleted user)'}</dd>
        <dt>Problem</dt>
        <dd>{s.problemTitle ? <Link to={`/problems/${s.problemId}`}>{s.problemTitle}</Link> : 'Unknown problem'}</dd>
        <dt>Language</dt>
        <dd>{s.language}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={s.status} failedTest={s.failedTest} frozen={hidden} />
        </dd>
        <dt>Score</dt>
        <dd>{hidden ? '—' : formatScore(s.score)}</dd>
        <dt>Runtime</dt>
        <dd>{withUnit(s.runtimeMs, 'ms')}</dd>
        <dt>Memory</dt>
        <dd>{withUnit(s.memoryKB, 'KB')}</dd>
        <dt>Submitted</dt>
        <dd>{shortDate(s.submittedAt)}</dd>
      </dl>
      {s.resultSummary?.message && <pre className="compile-output">{s.resultSummary.message}</pre>}
      <RuntimeStderr tests={s.testCaseResults} />
      <FailedSampleView tests={s.testCaseResults} />
      {s.testCaseResults.length > 0 && (
        <>
          <Heading>Tests</Heading>
          {groupTestResults(s.testCaseResults, s.resultSummary?.subtasks).map((group) => (
            <section key={group.key} className="test-group" aria-label={group.title || undefined}>
              {group.title && (
                <Subheading>
                  {group.title}
                  {group.subtask && (
                    <span className="muted small">
                      {' '}
                      — {group.subtask.earned} / {group.subtask.points} points, {SCORING_LABELS[group.subtask.scoring]}
                      {group.subtask.dependsOn?.length ? `, ${neededSubtasks(group.subtask.dependsOn)}` : ''}
                    </span>
                  )}
                </Subheading>
              )}
              <TestResultsTable
                rows={group.tests.map((t) => ({
                  ...t,
                  status: <StatusBadge status={t.status} />,
                  points: group.subtask?.scoring === 'min' ? null : t.points,
                }))}
              />
            </section>
          ))}
        </>
      )}
      <div className="section-head">
        <Heading>Source</Heading>
        {s.canViewSource && s.source !== undefined && <CopyButton text={s.source} label="source" caption="Copy source" />}
      </div>
      {s.canViewSource && s.source !== undefined ? (
        <CodeEditor value={s.source} languageId={s.languageId} readOnly label="Submitted source" />
      ) : (
        <p className="muted">Source is private to the owner and administrators.</p>
      )}
    </>
  );
}
