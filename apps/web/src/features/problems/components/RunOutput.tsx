import '../problems.css';

import { RunOutcome } from '../api';
import { RunTranscript } from './RunTranscript';

const STATUS_LABELS: Record<RunOutcome['status'], string> = {
  ok: 'Finished',
  tle: 'Time limit exceeded',
  ole: 'Output limit exceeded',
  rte: 'Runtime error',
  ce: 'Compilation error',
};

/** The checker's verdict on the output, given when the run had an expected output to be judged against. */
const VERDICT_LABELS: Record<NonNullable<RunOutcome['verdict']>, string> = { accepted: 'Accepted', wrong_answer: 'Wrong answer' };

/** A box that scrolls when its text is long: keyboard users reach it and screen readers name it (axe's scrollable-region-focusable). */
const scrollable = (label: string) => ({ tabIndex: 0, 'aria-label': label });

function ending(outcome: RunOutcome): string {
  if (outcome.status === 'ce') return STATUS_LABELS.ce;
  const how = outcome.signal ? `killed by ${outcome.signal}` : outcome.exitCode !== null ? `exit code ${outcome.exitCode}` : null;
  const why = outcome.message && outcome.message !== `Exit code ${outcome.exitCode}` ? outcome.message : null;
  return [STATUS_LABELS[outcome.status], why, how].filter(Boolean).join(' · ');
}

/**
 * One run's status, time, memory and output, beside the expected output when there is one, with the checker's
 * Accepted or Wrong answer. A run against an interactor (it has a `transcript`, null when not recorded) shows the
 * exchange instead, and the interactor's verdict: its output was the interactor's input, nothing to compare.
 */
export function RunOutput({ outcome, expected }: { outcome: RunOutcome; expected?: string }) {
  const interactive = outcome.transcript !== undefined;
  const figures = [outcome.timeMs !== null && `${outcome.timeMs} ms`, outcome.memoryKB !== null && `${outcome.memoryKB} KB`]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="run-output">
      <p role="status">
        <strong className={outcome.status === 'ok' ? 'ok' : 'error'}>{ending(outcome)}</strong>
        {figures && <span className="muted"> · {figures}</span>}
        {outcome.verdict && (
          <>
            {' · '}
            <strong className={outcome.verdict === 'accepted' ? 'ok' : 'error'}>
              {interactive && 'Interactor: '}
              {VERDICT_LABELS[outcome.verdict]}
            </strong>
          </>
        )}
      </p>
      {outcome.status === 'ce' ? (
        <>
          <h3>Compiler output</h3>
          <pre {...scrollable('Compiler output')}>{outcome.message}</pre>
        </>
      ) : interactive ? (
        <RunTranscript outcome={outcome} />
      ) : (
        <div className={expected === undefined ? undefined : 'sample'}>
          <div>
            <h3>Output</h3>
            <pre {...scrollable('Output')}>{outcome.stdout || ' '}</pre>
            {outcome.truncated && <p className="muted small">Output cut at 64 KiB.</p>}
          </div>
          {expected !== undefined && (
            <div>
              <h3>Expected output</h3>
              <pre {...scrollable('Expected output')}>{expected}</pre>
            </div>
          )}
        </div>
      )}
      {outcome.stderr && (
        <>
          <h3>Standard error</h3>
          <pre {...scrollable('Standard error')}>{outcome.stderr}</pre>
        </>
      )}
    </div>
  );
}
