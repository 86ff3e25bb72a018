import '../../../components/modal.css';

import { TEST_CASE_POINTS } from '@oj/contracts';
import { FormEvent, useState } from 'react';

import { Modal } from '../../../components/Modal';
import { CaseData, normalizePoints } from '../test-data';

interface Props {
  kind: 'test' | 'sample';
  /** The case being edited; absent when adding. */
  initial?: CaseData;
  onSave: (data: CaseData) => void;
  onClose: () => void;
  /** Labels of the problem's subtasks a test may join; none hides the choice. */
  subtasks?: string[];
}

/** Add/Edit Test Case (Input, Output, Points) and Add/Edit Sample (Input, Output, Explanation optional). */
export function CaseDialog({ kind, initial, onSave, onClose, subtasks = [] }: Props) {
  const [input, setInput] = useState(initial?.input ?? '');
  const [output, setOutput] = useState(initial?.output ?? '');
  const [points, setPoints] = useState(String(initial?.points ?? TEST_CASE_POINTS.default));
  const [explanation, setExplanation] = useState(initial?.explanation ?? '');
  const [subtask, setSubtask] = useState(initial?.subtask === undefined ? '' : String(initial.subtask));
  const [error, setError] = useState<string | null>(null);
  const noun = kind === 'test' ? 'Test Case' : 'Sample';
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!input || !output) return setError('Input and output are required.');
    const group = subtask === '' ? {} : { subtask: Number(subtask) };
    onSave(
      kind === 'test'
        ? { input, output, points: normalizePoints(points), ...group }
        : { input, output, explanation: explanation.trim() ? explanation : '' },
    );
  };
  return (
    <Modal title={`${initial ? 'Edit' : 'Add'} ${noun}`} onClose={onClose}>
      <form className="case-form" onSubmit={save} noValidate>
        <label>
          Input
          <textarea className="data" rows={8} value={input} onChange={(e) => setInput(e.target.value)} spellCheck={false} />
        </label>
        <label>
          Output
          <textarea className="data" rows={8} value={output} onChange={(e) => setOutput(e.target.value)} spellCheck={false} />
        </label>
        {kind === 'test' ? (
          <>
            <label>
              Points
              <input
                type="number"
                min={TEST_CASE_POINTS.min}
                max={TEST_CASE_POINTS.max}
                step={1}
                value={points}
                onChange={(e) => setPoints(e.target.value)}
              />
            </label>
            {subtasks.length > 0 && (
              <label>
                Subtask
                <select value={subtask} onChange={(e) => setSubtask(e.target.value)}>
                  <option value="">None</option>
                  {subtasks.map((label, i) => (
                    <option key={i} value={i}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </>
        ) : (
          <label>
            Explanation (optional)
            <textarea rows={3} value={explanation} onChange={(e) => setExplanation(e.target.value)} />
          </label>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-footer">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn primary">
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
