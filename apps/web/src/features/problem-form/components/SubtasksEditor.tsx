import '../problem-form.css';

import { SUBTASK_POINTS, SUBTASK_SCORINGS, SubtaskScoring } from '@oj/contracts';

import { newSubtask, ProblemFormValues, subtaskLabel, SubtaskValues, withoutSubtask } from '../problem-form-values';
import { normalizePoints } from '../test-data';

const SCORING_OPTIONS: Record<SubtaskScoring, string> = { min: 'All or nothing', sum: 'Points per test' };

interface Props {
  values: ProblemFormValues;
  error?: string;
  /** Applies a change to the subtasks (and, when one is removed, to the tests' assignments). */
  onChange: (change: (v: ProblemFormValues) => Partial<ProblemFormValues>) => void;
}

/**
 * The problem's subtasks, one fieldset each (name, scoring, points, the other subtasks it depends on), stacked so
 * they fit a phone. Tests join a
 * subtask in their own dialog; each subtask says how many it has and, for points per test, what they add up to.
 */
export function SubtasksEditor({ values, error, onChange }: Props) {
  const { subtasks } = values;
  // The tests are unknown to an author who may not read them (SPEC 6): then no counts.
  const testsOf = (index: number) => (values.testCasesKnown ? values.testCases.filter((t) => t.subtask === index) : null);
  const update = (index: number, subtask: SubtaskValues) =>
    onChange((v) => ({ subtasks: v.subtasks.map((s, i) => (i === index ? subtask : s)) }));
  return (
    <section className="form-section" aria-labelledby="subtasks-heading">
      <div className="section-head">
        <h2 id="subtasks-heading">Subtasks</h2>
        <button type="button" className="btn small" onClick={() => onChange((v) => ({ subtasks: [...v.subtasks, newSubtask()] }))}>
          Add subtask
        </button>
      </div>
      {!subtasks.length && <p className="muted">No subtasks: every test case scores its own points.</p>}
      {subtasks.map((s, i) => {
        const tests = testsOf(i);
        const label = subtaskLabel(s, i);
        return (
          <fieldset key={i} className="subtask">
            <legend>{label}</legend>
            <div className="form-grid">
              <label>
                Name (optional)
                <input value={s.name} onChange={(e) => update(i, { ...s, name: e.target.value })} />
              </label>
              <label>
                Scoring
                <select value={s.scoring} onChange={(e) => update(i, { ...s, scoring: e.target.value as SubtaskScoring })}>
                  {SUBTASK_SCORINGS.map((scoring) => (
                    <option key={scoring} value={scoring}>
                      {SCORING_OPTIONS[scoring]}
                    </option>
                  ))}
                </select>
              </label>
              {s.scoring === 'min' ? (
                <label>
                  Points
                  <input
                    type="number"
                    min={SUBTASK_POINTS.min}
                    max={SUBTASK_POINTS.max}
                    step={1}
                    value={s.points}
                    onChange={(e) => update(i, { ...s, points: e.target.value })}
                  />
                </label>
              ) : (
                <p className="muted small">
                  Points: {tests ? tests.reduce((sum, t) => sum + normalizePoints(t.points), 0) : 'the sum of its tests’ points'}
                </p>
              )}
            </div>
            {subtasks.length > 1 && (
              <fieldset className="subtask-needs">
                <legend>Depends on</legend>
                <p className="muted small">Earns nothing unless every test of these passed.</p>
                {subtasks.map((other, j) =>
                  j === i ? null : (
                    <label key={j} className="inline">
                      <input
                        type="checkbox"
                        checked={s.dependsOn.includes(j)}
                        onChange={(e) =>
                          update(i, {
                            ...s,
                            dependsOn: e.target.checked ? [...s.dependsOn, j] : s.dependsOn.filter((d) => d !== j),
                          })
                        }
                      />
                      {subtaskLabel(other, j)}
                    </label>
                  ),
                )}
              </fieldset>
            )}
            <div className="row">
              {tests && <span className="muted small">{tests.length === 1 ? '1 test case' : `${tests.length} test cases`}</span>}
              <button
                type="button"
                className="btn small danger"
                onClick={() => onChange((v) => withoutSubtask(v, i))}
                aria-label={`Remove ${label}`}
              >
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
      {error && <span className="field-error">{error}</span>}
    </section>
  );
}
