import '../similarity.css';

import { useState } from 'react';
import { Link } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { plural } from '../../../components/format';
import { UserName } from '../../../components/UserName';
import { useRatingsOf } from '../../ratings/hooks/useRatings';
import type { SimilarityReportSummary } from '../api';
import { useSimilarityReport } from '../hooks/useSimilarityReports';
import { filterChoices, filterPairs, NO_FILTER, PairFilter, percent } from '../pair-filter';

/** One report (a contest's or a problem's): its progress, then its pairs, filtered; each pair opens side by side. */
export function SimilarityReportView({ reportId }: { reportId: string }) {
  const report = useSimilarityReport(reportId);
  const [filter, setFilter] = useState<PairFilter>(NO_FILTER);
  // A report keeps its users' names as they were; their tier colours are today's ratings, read in one request.
  const ratings = useRatingsOf((report.data?.pairs ?? []).flatMap((pair) => [pair.leftUser, pair.rightUser]));
  if (report.isPending) return <p className="muted">Loading…</p>;
  if (report.isError) return <p className="error">{errorMessage(report.error, 'Failed to load the report.')}</p>;
  const data = report.data;
  const choices = filterChoices(data.pairs);
  const shown = filterPairs(data.pairs, filter);
  return (
    <div className="similarity-report">
      <ReportStatus report={data} />
      {data.status === 'done' && (
        <>
          <div className="filters" role="group" aria-label="Filters">
            <label>
              Minimum similarity (%)
              <input
                type="number"
                min={0}
                max={100}
                step={5}
                value={filter.minPercent}
                onChange={(e) => setFilter({ ...filter, minPercent: Math.min(100, Math.max(0, Number(e.target.value) || 0)) })}
              />
            </label>
            <label>
              Problem
              <select
                value={filter.problemId ?? ''}
                onChange={(e) => setFilter({ ...filter, problemId: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">Any</option>
                {choices.problemIds.map((id) => (
                  <option key={id} value={id}>
                    #{id}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Language
              <select value={filter.language} onChange={(e) => setFilter({ ...filter, language: e.target.value })}>
                <option value="">Any</option>
                {choices.languages.map((l) => (
                  <option key={l}>{l}</option>
                ))}
              </select>
            </label>
          </div>
          <p className="muted" aria-live="polite">
            {shown.length} of {data.pairs.length} pairs
          </p>
          {shown.length > 0 && (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Similar pairs table">
              <table className="table stack">
                <thead>
                  <tr>
                    <th className="num">Similarity</th>
                    <th>Problem</th>
                    <th>Users</th>
                    <th>Language</th>
                    <th className="num">Longest fragment</th>
                    <th>
                      <span className="visually-hidden">Compare</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map(({ pair, index }) => (
                    <tr key={index}>
                      <td className="num" data-label="Similarity">
                        {percent(pair.similarity)}
                      </td>
                      <td data-label="Problem">
                        <Link to={`/problems/${pair.problemId}`}>#{pair.problemId}</Link>
                      </td>
                      <td data-label="Users">
                        <PairUser name={pair.leftUser} ratings={ratings} /> · <PairUser name={pair.rightUser} ratings={ratings} />
                      </td>
                      <td data-label="Language">{pair.language}</td>
                      <td className="num" data-label="Longest fragment">
                        {pair.longestFragment} chars
                      </td>
                      <td>
                        <Link className="btn small" to={`/similarity-reports/${reportId}/pairs/${index}`}>
                          Compare
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function PairUser({ name, ratings }: { name: string | null; ratings: Map<string, number> }) {
  return name ? <UserName username={name} rating={ratings.get(name)} /> : <>deleted user</>;
}

function ReportStatus({ report }: { report: SimilarityReportSummary }) {
  if (report.status === 'failed') return <p className="error">The report failed: {report.error}</p>;
  if (report.status !== 'done')
    return (
      <label className="similarity-progress">
        {report.status === 'queued' ? 'Queued' : 'Comparing'}… {report.progress}%
        <progress max={100} value={report.progress} />
      </label>
    );
  return (
    <p className="muted">
      {plural(report.submissions, 'submission')} compared, {plural(report.pairCount, 'pair')} found.
      {report.untokenized.length > 0 &&
        ` Not compared (no tokenizer for the language): ${report.untokenized.map((u) => `${u.language} (${u.submissions})`).join(', ')}.`}
    </p>
  );
}
