import '../similarity.css';

import { Link, useSearchParams } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { useContestReports } from '../hooks/useSimilarityReports';
import { SimilarityReportView } from './SimilarityReportView';

/**
 * A contest's similarity reports (admins): start one, follow its progress, and read its pairs, filtered by a
 * minimum similarity, a problem and a language; each pair opens side by side.
 */
export function SimilarityReports({ contestId, contestTitle }: { contestId: number; contestTitle: string }) {
  const { reports, start } = useContestReports(contestId);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('report') ?? reports.data?.[0]?.id ?? null;
  return (
    <section className="similarity">
      <header className="row similarity-head">
        <h1>Similarity: {contestTitle}</h1>
        <Link className="btn small" to={`/contests/${contestId}`}>
          Back to the contest
        </Link>
        <Link className="btn small" to={`/similarity-reports?contestId=${contestId}`}>
          All reports
        </Link>
      </header>
      <p className="muted">
        Compares each user's last accepted submission of each problem (their last one when none was accepted) with everyone else's, here on
        the judge. Templates the problems give are not counted.
      </p>
      <div className="row">
        <button
          className="btn primary"
          onClick={() => start.mutate(undefined, { onSuccess: ({ reportId }) => setParams({ report: reportId }) })}
          disabled={start.isPending}
        >
          Start a report
        </button>
        {reports.data && reports.data.length > 1 && (
          <label className="similarity-pick">
            Report
            <select value={selectedId ?? ''} onChange={(e) => setParams({ report: e.target.value })}>
              {reports.data.map((r) => (
                <option key={r.id} value={r.id}>
                  {new Date(r.createdAt).toLocaleString()} · {r.status}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {start.isError && <p className="error">{errorMessage(start.error, 'Failed to start a report.')}</p>}
      {reports.isError && <p className="error">{errorMessage(reports.error, 'Failed to load the reports.')}</p>}
      {reports.data?.length === 0 && <p className="muted">No report yet.</p>}
      {selectedId && <SimilarityReportView reportId={selectedId} />}
    </section>
  );
}
