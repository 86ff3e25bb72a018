import { useMemo } from 'react';

import { DiffHunk, DiffLine, diffSources } from '../source-diff';

const SIGNS: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '−' };
/** What a screen reader says instead of the sign. */
const SPOKEN: Record<DiffLine['kind'], string> = { same: '', added: 'added', removed: 'removed' };

/** "3–8", "3", or "none" for a hunk side without lines (all added, or all removed). */
function lineRange({ start, count }: DiffHunk['before']): string {
  if (count === 0) return 'none';
  return count === 1 ? String(start) : `${start}–${start + count - 1}`;
}

interface Props {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}

/**
 * A unified diff of two sources: each change with three lines of context, the old and new line numbers, removed lines
 * marked − and added ones +. Loaded on demand (jsdiff stays out of every first screen).
 */
export default function SourceDiff({ before, after, beforeLabel, afterLabel }: Props) {
  const diff = useMemo(() => diffSources(before, after), [before, after]);
  if (!diff.hunks.length) return <p className="muted">The two sources are identical.</p>;
  return (
    <figure className="source-diff">
      <figcaption>
        <span>
          <span className="diff-sign removed">−</span> {beforeLabel}
        </span>
        <span>
          <span className="diff-sign added">+</span> {afterLabel}
        </span>
        <span className="muted">
          {diff.removed} {diff.removed === 1 ? 'line' : 'lines'} removed, {diff.added} added
        </span>
      </figcaption>
      <div className="diff-scroll" tabIndex={0} role="region" aria-label="Differences between the two sources">
        <table className="diff-table">
          <thead className="visually-hidden">
            <tr>
              <th scope="col">Line before</th>
              <th scope="col">Line after</th>
              <th scope="col">Change</th>
              <th scope="col">Code</th>
            </tr>
          </thead>
          {diff.hunks.map((hunk) => (
            <tbody key={`${hunk.before.start}-${hunk.after.start}`}>
              <tr className="diff-hunk">
                <td colSpan={4}>
                  Lines {lineRange(hunk.before)} before, {lineRange(hunk.after)} after
                </td>
              </tr>
              {hunk.lines.map((line, i) => (
                <tr key={i} className={`diff-${line.kind}`}>
                  <td className="diff-number">{line.before ?? ''}</td>
                  <td className="diff-number">{line.after ?? ''}</td>
                  <td className={`diff-sign ${line.kind}`}>
                    <span aria-hidden="true">{SIGNS[line.kind]}</span>
                    {SPOKEN[line.kind] && <span className="visually-hidden">{SPOKEN[line.kind]}</span>}
                  </td>
                  <td className="diff-code">{line.text}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </figure>
  );
}
