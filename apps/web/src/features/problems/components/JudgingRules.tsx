import '../problems.css';

import { isGate } from '@oj/contracts';

import { neededSubtasks, subtaskTitle } from '../../submissions/test-groups';
import { ProblemDetail } from '../api';
import { checkerRule } from '../checker-rule';
import { languageRules } from '../language-rules';

const SCORING_TEXT = { sum: 'points per passed test', min: 'all tests must pass' } as const;
/** An all-or-nothing subtask worth 0 (Polygon's samples group, usually): it scores nothing, what needs it does. */
const GATE_TEXT = 'judged, scores nothing; what depends on it needs all its tests passed';

/**
 * What a contestant needs besides the statement: how answers are checked, the subtasks and their points, the tags.
 * A `sum` subtask's points are its tests' (the API stores them so), a `min` subtask's its own.
 */
export function JudgingRules({ p }: { p: ProblemDetail }) {
  return (
    <section className="judging-rules" aria-label="Judging">
      <h2>Judging</h2>
      {p.type === 'interactive' ? (
        <p>
          Interactive: your program talks to the judge&apos;s interactor through its standard input and output, so flush after every line;
          the interactor gives the verdict. A test run hands your input to the interactor as its input file.
        </p>
      ) : (
        <p>{checkerRule(p.checker)}</p>
      )}
      {languageRules(p.judge0LanguageIds).map((rule) => (
        <p key={rule} className="small">
          {rule}
        </p>
      ))}
      {p.subtasks.length > 0 && (
        <table className="table compact">
          <caption className="visually-hidden">Subtasks</caption>
          <thead>
            <tr>
              <th>Subtask</th>
              <th className="num">Points</th>
              <th>Scoring</th>
            </tr>
          </thead>
          <tbody>
            {p.subtasks.map((s, i) => (
              <tr key={i}>
                <td>{subtaskTitle(i, s.name)}</td>
                <td className="num">{s.points}</td>
                <td>
                  {isGate(s) ? GATE_TEXT : SCORING_TEXT[s.scoring]}
                  {s.dependsOn?.length ? `; ${neededSubtasks(s.dependsOn)} in full` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {p.tags.length > 0 && (
        <ul className="tag-list" aria-label="Tags">
          {p.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
