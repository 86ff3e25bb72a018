import type { Schemas } from '@oj/api-client';

import { acRate } from '../../../components/format';

/** Submissions and accepted ones per language, most used first. */
export function LanguagesUsed({ items }: { items: Schemas['LanguageUsageDto'][] }) {
  return (
    <section className="card" aria-labelledby="languages-used">
      <h2 id="languages-used">Languages</h2>
      {!items.length && <p className="muted">No submissions recorded yet.</p>}
      {items.length > 0 && (
        <table className="table stack compact">
          <thead>
            <tr>
              <th scope="col">Language</th>
              <th scope="col" className="num">
                Submissions
              </th>
              <th scope="col" className="num">
                Accepted
              </th>
              <th scope="col" className="num">
                AC Rate
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((l) => (
              <tr key={l.languageId}>
                <td data-label="Language" className="language-cell">
                  {l.language}
                </td>
                <td data-label="Submissions" className="num">
                  {l.submissions}
                </td>
                <td data-label="Accepted" className="num">
                  {l.accepted}
                </td>
                <td data-label="AC Rate" className="num">
                  {acRate(l.accepted, l.submissions)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
