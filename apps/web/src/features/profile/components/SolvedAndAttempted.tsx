import type { Schemas } from '@oj/api-client';
import { Link } from 'react-router-dom';

import { shortDate } from '../../../components/format';

interface ProblemListProps {
  title: string;
  emptyText: string;
  items: { problemId: number; problemTitle: string; at: string }[];
}

function ProblemList({ title, emptyText, items }: ProblemListProps) {
  return (
    <section className="card">
      <h2>{title}</h2>
      {!items.length && <p className="muted">{emptyText}</p>}
      <ul className="problem-list">
        {items.map((p) => (
          <li key={p.problemId}>
            <Link to={`/problems/${p.problemId}`}>{p.problemTitle}</Link> <span className="muted">{shortDate(p.at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface Props {
  solved: Schemas['SolvedProblemDto'][];
  attempted: Schemas['AttemptedProblemDto'][];
}

/** SPEC's Solved and Attempted lists, each problem with the time of its first accepted or its latest try. */
export function SolvedAndAttempted({ solved, attempted }: Props) {
  return (
    <div className="two-columns">
      <ProblemList title="Solved" emptyText="No problems solved yet." items={solved.map((s) => ({ ...s, at: s.acceptedAt }))} />
      <ProblemList title="Attempted" emptyText="No attempts recorded yet." items={attempted.map((a) => ({ ...a, at: a.lastTriedAt }))} />
    </div>
  );
}
