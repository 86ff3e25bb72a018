import '../contests.css';

import { defaultContestLabel, MAX_CONTEST_PROBLEMS } from '@oj/contracts';
import { DragEvent, FormEvent, useRef, useState } from 'react';

import { moveItem, type PickedProblem } from '../contest-form-model';
import { useProblemSearch } from '../hooks/useContestAdmin';
import { suggestionText } from '../problem-search';

interface Props {
  problems: PickedProblem[];
  onChange: (problems: PickedProblem[]) => void;
  pointsHint: string;
}

/**
 * The contest's problems: added by id, "#id" or any part of a title, searched on the server as the archive does, reordered by dragging a row or with its Up and
 * Down buttons (the keyboard's way), each with an optional label and points.
 */
export function ProblemPicker({ problems, onChange, pointsHint }: Props) {
  const [query, setQuery] = useState('');
  const { suggestions, lookUp } = useProblemSearch(query);
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // One lookup at a time: two answering in either order would each append to the list without the other's problem.
  // The ref guards (a second Enter comes before any re-render), the state disables Add until the answer.
  const lookingUpRef = useRef(false);
  const [lookingUp, setLookingUp] = useState(false);
  // The list as last rendered: an answer appends to it, not to the list of the click, which a row removed or moved
  // during the lookup has changed since.
  const latestProblems = useRef(problems);
  latestProblems.current = problems;

  const add = async (e: FormEvent | { preventDefault: () => void }) => {
    e.preventDefault();
    if (!query.trim() || lookingUpRef.current) return;
    const asked = query;
    lookingUpRef.current = true;
    setLookingUp(true);
    let found;
    try {
      found = await lookUp(asked);
    } catch {
      return setError('Failed to search problems.');
    } finally {
      lookingUpRef.current = false;
      setLookingUp(false);
    }
    if ('error' in found) return setError(found.error);
    const current = latestProblems.current;
    if (current.some((p) => p.problemId === found.problemId)) return setError(`${found.title} is already in the contest.`);
    if (current.length >= MAX_CONTEST_PROBLEMS) return setError(`A contest has at most ${MAX_CONTEST_PROBLEMS} problems.`);
    setError(null);
    // What was typed meanwhile, for the next add, stays.
    setQuery((typed) => (typed === asked ? '' : typed));
    onChange([...current, { problemId: found.problemId, title: found.title, label: '', points: '' }]);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= problems.length) return;
    onChange(moveItem(problems, from, to));
    setAnnouncement(`${problems[from].title} moved to position ${to + 1}.`);
  };
  const update = (index: number, patch: Partial<PickedProblem>) => onChange(problems.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  return (
    <fieldset className="form-section">
      <legend>Problems</legend>
      <div className="row">
        <label>
          Add a problem by id or title
          <input
            name="problemSearch"
            list="contest-problem-options"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void add(e)}
          />
        </label>
        <datalist id="contest-problem-options">
          {suggestions.map((p) => (
            <option key={p.problemId} value={suggestionText(p)} />
          ))}
        </datalist>
        <button type="button" className="btn small" disabled={lookingUp} onClick={(e) => void add(e)}>
          Add
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {problems.length ? (
        <ol className="picked-problems">
          {problems.map((p, index) => (
            <li
              key={p.problemId}
              draggable
              data-testid="picked-problem"
              className={dragged === index ? 'dragging' : undefined}
              onDragStart={(e) => {
                setDragged(index);
                e.dataTransfer?.setData('text/plain', String(index));
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, index)}
              onDragEnd={() => setDragged(null)}
            >
              <span className="drag-handle" aria-hidden="true">
                ⠿
              </span>
              <span className="picked-title">
                #{p.problemId} {p.title}
              </span>
              <label>
                Label
                <input
                  value={p.label}
                  placeholder={defaultContestLabel(index)}
                  size={4}
                  onChange={(e) => update(index, { label: e.target.value.toUpperCase() })}
                />
              </label>
              <label>
                Points
                <input
                  value={p.points}
                  placeholder={pointsHint}
                  inputMode="numeric"
                  size={6}
                  onChange={(e) => update(index, { points: e.target.value })}
                />
              </label>
              <button
                type="button"
                className="btn small"
                aria-label={`Move ${p.title} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn small"
                aria-label={`Move ${p.title} down`}
                disabled={index === problems.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn small danger"
                aria-label={`Remove ${p.title}`}
                onClick={() => onChange(problems.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No problems yet.</p>
      )}
    </fieldset>
  );
}
