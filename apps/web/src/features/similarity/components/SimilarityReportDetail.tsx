import '../similarity.css';

import { Link } from 'react-router-dom';

import { shortDate } from '../../../components/format';
import { useSimilarityReport } from '../hooks/useSimilarityReports';
import { SimilarityReportView } from './SimilarityReportView';

/**
 * /similarity-reports/:reportId (admins): one report found in the list, a contest's or a problem's over a range of
 * submission times, with what it compared and the way back to the list.
 */
export function SimilarityReportDetail({ reportId }: { reportId: string }) {
  const report = useSimilarityReport(reportId).data;
  return (
    <section className="similarity">
      <header className="row similarity-head">
        <h1>Similarity report</h1>
        <Link className="btn small" to="/similarity-reports">
          All reports
        </Link>
      </header>
      {report && (
        <p className="muted">
          Asked {shortDate(report.createdAt)} for{' '}
          {report.contestId !== null ? (
            <Link to={`/contests/${report.contestId}/similarity?report=${reportId}`}>contest #{report.contestId}</Link>
          ) : (
            <>
              <Link to={`/problems/${report.problemId}`}>problem #{report.problemId}</Link>, submissions from {shortDate(report.from)} to{' '}
              {shortDate(report.to)}
            </>
          )}
          .
        </p>
      )}
      <SimilarityReportView reportId={reportId} />
    </section>
  );
}
