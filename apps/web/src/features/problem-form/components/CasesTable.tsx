import '../problem-form.css';

import { CaseData, previewOf, sizeLabel } from '../test-data';

interface Props {
  kind: 'test' | 'sample';
  cases: CaseData[];
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
  /** Labels of the problem's subtasks: with any, test cases show which one they are in. */
  subtasks?: string[];
}

/**
 * Samples or test cases with their size and a one-line preview only: test data can be megabytes, and putting it
 * whole into the page would freeze it. The dialog opens the full text of one case on demand.
 */
export function CasesTable({ kind, cases, onEdit, onDelete, subtasks = [] }: Props) {
  const noun = kind === 'test' ? 'test case' : 'sample';
  const grouped = kind === 'test' && subtasks.length > 0;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={`${noun}s table`}>
      <table className="table compact cases stack">
        <thead>
          <tr>
            <th>#</th>
            <th>Input</th>
            <th>Output</th>
            {kind === 'test' ? <th className="num">Points</th> : <th>Explanation</th>}
            {grouped && <th>Subtask</th>}
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {cases.map((c, i) => (
            <tr key={i}>
              <td data-label="#">{i + 1}</td>
              <td data-label="Input">
                <span className="muted small">{sizeLabel(c.input)}</span> <code className="preview">{previewOf(c.input)}</code>
              </td>
              <td data-label="Output">
                <span className="muted small">{sizeLabel(c.output)}</span> <code className="preview">{previewOf(c.output)}</code>
              </td>
              {kind === 'test' ? (
                <td className="num" data-label="Points">
                  {c.points}
                </td>
              ) : (
                <td data-label="Explanation">{c.explanation ? previewOf(c.explanation) : '—'}</td>
              )}
              {grouped && (
                <td data-label="Subtask">{c.subtask === undefined ? 'None' : (subtasks[c.subtask] ?? `Subtask ${c.subtask + 1}`)}</td>
              )}
              <td className="actions" data-label="Actions">
                <button type="button" className="btn small" onClick={() => onEdit(i)} aria-label={`Edit ${noun} ${i + 1}`}>
                  Edit
                </button>
                <button type="button" className="btn small danger" onClick={() => onDelete(i)} aria-label={`Delete ${noun} ${i + 1}`}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
