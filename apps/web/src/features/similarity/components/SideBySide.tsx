import '../similarity.css';

import { Link } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { plural } from '../../../components/format';
import { useSimilarityPair } from '../hooks/useSimilarityPair';
import { markedPieces, percent } from '../pair-filter';

/** Two sources side by side (stacked on a narrow screen), the fragments they share marked and numbered alike. */
export function SideBySide({ reportId, index }: { reportId: string; index: number }) {
  const { report, pair, left, right } = useSimilarityPair(reportId, index);
  if (report.isPending) return <p className="muted">Loading…</p>;
  if (report.isError) return <p className="error">{errorMessage(report.error, 'Failed to load the report.')}</p>;
  if (!pair) return <p className="error">No such pair in this report.</p>;
  const back = report.data.contestId
    ? `/contests/${report.data.contestId}/similarity?report=${reportId}`
    : `/similarity-reports/${reportId}`;
  return (
    <section className="similarity">
      <header className="similarity-head">
        <h1>
          {pair.leftUser ?? 'deleted user'} and {pair.rightUser ?? 'deleted user'}: {percent(pair.similarity)} similar
        </h1>
        <p className="muted">
          Problem <Link to={`/problems/${pair.problemId}`}>#{pair.problemId}</Link> · {pair.language} ·{' '}
          {plural(pair.fragments.length, 'matched fragment')}, the longest {pair.longestFragment} characters
          {' · '}
          <Link to={back}>Back to the report</Link>
        </p>
      </header>
      <div className="side-by-side">
        {[
          { side: 'left' as const, user: pair.leftUser, id: pair.leftSubmissionId, source: left },
          { side: 'right' as const, user: pair.rightUser, id: pair.rightSubmissionId, source: right },
        ].map(({ side, user, id, source }) => (
          <figure key={side} className="similarity-source">
            <figcaption>
              <Link to={`/submissions/${id}`}>{user ?? 'deleted user'}'s submission</Link>
            </figcaption>
            {source.isError && <p className="error">{errorMessage(source.error, 'Failed to load the source.')}</p>}
            {source.data !== undefined && (
              <pre
                className="similarity-code"
                tabIndex={0}
                role="region"
                aria-label={`${user ?? 'deleted user'}'s source, matched fragments marked`}
              >
                <code>
                  {markedPieces(
                    source.data,
                    pair.fragments.map((f) => f[side]),
                  ).map((piece, i) =>
                    piece.fragment ? (
                      <mark key={i} className={`fragment-${(piece.fragment - 1) % 4}`} title={`Fragment ${piece.fragment}`}>
                        {piece.text}
                      </mark>
                    ) : (
                      <span key={i}>{piece.text}</span>
                    ),
                  )}
                </code>
              </pre>
            )}
          </figure>
        ))}
      </div>
    </section>
  );
}
