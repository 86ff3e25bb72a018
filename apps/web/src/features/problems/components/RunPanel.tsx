import '../problems.css';

import { ReactNode, Ref, useId, useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { ProblemDetail } from '../api';
import { EDITOR_SHORTCUTS } from '../editor-shortcuts';
import { useTestRun } from '../hooks/useTestRun';
import { RunOutput } from './RunOutput';

const CUSTOM = 'custom';

interface RunPanelProps {
  problemId: number;
  /** The contest the problem is read through, which may open a private problem to its participants. */
  contestId?: number;
  samples: ProblemDetail['samples'];
  languageId: number;
  source: string;
  /** The form's Submit button, shown first in the row of buttons. */
  children: ReactNode;
  /** The Run button, for the form's Ctrl+' shortcut. */
  runButton?: Ref<HTMLButtonElement>;
}

/**
 * The Run button beside Submit and what it runs on: a sample's input (its output is then shown beside the
 * program's, and the checker's verdict on it) or custom input typed here, with an expected output if wanted. A run
 * is not a submission: nothing is stored or counted.
 */
export function RunPanel({ problemId, contestId, samples, languageId, source, children, runButton }: RunPanelProps) {
  const [choice, setChoice] = useState(samples.length ? '0' : CUSTOM);
  const [customInput, setCustomInput] = useState('');
  const [customExpected, setCustomExpected] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const sample = choice === CUSTOM ? undefined : samples[Number(choice)];
  // The sample's output, or the one typed beside custom input: the worker then judges the run with the checker.
  const expected = sample ? sample.output : customExpected || undefined;
  const run = useTestRun({ onError: (e) => setError(errorMessage(e, 'The run failed.')) });
  const start = () => {
    if (!source.trim()) return setError('Source code is required.');
    setError(null);
    run.mutate({
      problemId,
      ...(contestId ? { contestId } : {}),
      languageId,
      sourceCode: source,
      stdin: sample ? sample.input : customInput,
      ...(expected === undefined ? {} : { expectedOutput: expected }),
    });
  };

  return (
    <section className="run-panel" aria-label="Test run">
      <div className="row">
        {children}
        <button
          ref={runButton}
          className="btn"
          data-toast-avoid
          type="button"
          onClick={start}
          disabled={run.isPending}
          aria-describedby={choice === CUSTOM ? undefined : noteId}
          aria-keyshortcuts={EDITOR_SHORTCUTS.run.aria}
        >
          {run.isPending ? 'Running…' : 'Run'}{' '}
          <kbd className="shortcut" aria-hidden="true">
            {EDITOR_SHORTCUTS.run.label}
          </kbd>
        </button>
        <label>
          on{' '}
          <select aria-label="Run on" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {samples.map((_, i) => (
              <option key={i} value={String(i)}>
                Sample {i + 1}
              </option>
            ))}
            <option value={CUSTOM}>Custom input</option>
          </select>
        </label>
      </div>
      {choice === CUSTOM ? (
        <>
          <label className="run-input">
            Custom input
            <textarea className="data" rows={4} value={customInput} onChange={(e) => setCustomInput(e.target.value)} />
          </label>
          <label className="run-input">
            Expected output (optional)
            <textarea className="data" rows={2} value={customExpected} onChange={(e) => setCustomExpected(e.target.value)} />
          </label>
        </>
      ) : (
        <p id={noteId} className="muted small">
          Runs on the input of sample {Number(choice) + 1}; not a submission, nothing is recorded.
        </p>
      )}
      <div aria-live="polite">
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {run.data && !run.isPending && !error && <RunOutput outcome={run.data} expected={run.variables?.expectedOutput} />}
      </div>
    </section>
  );
}
