import '../similarity.css';

import { FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { shortDate } from '../../../components/format';
import { Pagination } from '../../../components/Pagination';
import type { SimilarityReportSummary } from '../api';
import { useSimilarityReportList } from '../hooks/useSimilarityReports';

/** A whole number from the address (`?contestId=12`), or undefined for anything else. */
function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** What a report compared: its contest, or its problem over the range of submission times. */
function Scope({ report }: { report: SimilarityReportSummary & { title: string } }) {
  if (report.contestId !== null) return <Link to={`/contests/${report.contestId}`}>Contest: {report.title}</Link>;
  return (
    <>
      <Link to={`/problems/${report.problemId}`}>Problem: {report.title}</Link>
      {report.from && report.to && (
        <span className="muted">
          {' '}
          ({shortDate(report.from)} – {shortDate(report.to)})
        </span>
      )}
    </>
  );
}

/**
 * /similarity-reports (admins): every report, newest first, of one contest or one problem when filtered (the filter
 * lives in the address, so a contest's page links to its own), each opening on its own page.
 */
export function SimilarityReportList() {
  const [params, setParams] = useSearchParams();
  const filter = { contestId: idParam(params.get('contestId')), problemId: idParam(params.get('problemId')) };
  const page = idParam(params.get('page')) ?? 1;
  const reports = useSimilarityReportList(filter, page);
  const [typed, setTyped] = useState({ contestId: params.get('contestId') ?? '', problemId: params.get('problemId') ?? '' });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(Object.fromEntries(Object.entries(typed).filter(([, value]) => value.trim())));
  };
  const go = (next: number) => setParams({ ...Object.fromEntries(params), page: String(next) });
  return (
    <section className="card similarity" aria-labelledby="similarity-reports-title">
      <h1 id="similarity-reports-title">Similarity Reports</h1>
      <form className="filters" role="search" aria-label="Filter reports" onSubmit={apply}>
        <label>
          Contest id
          <input type="number" min={1} value={typed.contestId} onChange={(e) => setTyped({ ...typed, contestId: e.target.value })} />
        </label>
        <label>
          Problem id
          <input type="number" min={1} value={typed.problemId} onChange={(e) => setTyped({ ...typed, problemId: e.target.value })} />
        </label>
        <button className="btn small" type="submit">
          Filter
        </button>
      </form>
      {reports.isPending && <p className="muted">Loading…</p>}
      {reports.isError && <p className="error">{errorMessage(reports.error, 'Failed to load the reports.')}</p>}
      {reports.data?.items.length === 0 && <p className="muted">No report yet.</p>}
      {reports.data && reports.data.items.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="table stack" data-testid="similarity-report-list">
              <thead>
                <tr>
                  <th>Compared</th>
                  <th>Asked</th>
                  <th>Status</th>
                  <th className="num">Submissions</th>
                  <th className="num">Pairs</th>
                  <th>
                    <span className="visually-hidden">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {reports.data.items.map((report) => (
                  <tr key={report.id}>
                    <td data-label="Compared">
                      <Scope report={report} />
                    </td>
                    <td data-label="Asked">{shortDate(report.createdAt)}</td>
                    <td data-label="Status">{report.status === 'running' ? `running (${report.progress}%)` : report.status}</td>
                    <td className="num" data-label="Submissions">
                      {report.submissions}
                    </td>
                    <td className="num" data-label="Pairs">
                      {report.pairCount}
                    </td>
                    <td>
                      <Link
                        className="btn small"
                        to={`/similarity-reports/${report.id}`}
                        aria-label={`Open the report of ${shortDate(report.createdAt)}`}
                      >
                        Open
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} totalPages={reports.data.totalPages} onPage={go} />
        </>
      )}
    </section>
  );
}
