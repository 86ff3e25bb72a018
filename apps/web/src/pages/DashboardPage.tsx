import { useState } from 'react';

import { useDocumentTitle } from '../components/useDocumentTitle';
import { currentUtcYear, YearSelect } from '../components/YearSelect';
import { Heatmap } from '../features/dashboard/components/Heatmap';
import { SummaryCards } from '../features/dashboard/components/SummaryCards';
import { useDashboard } from '../features/dashboard/hooks/useDashboard';
import { LiveSubmissionList } from '../features/submissions/components/LiveSubmissionList';
import { useSession } from '../session/SessionProvider';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  const [year, setYear] = useState(currentUtcYear);
  const [page, setPage] = useState(1);
  const { summary, heatmap } = useDashboard(year);
  return (
    <section>
      <div className="section-head">
        <h1>Dashboard</h1>
        <YearSelect value={year} onChange={setYear} />
      </div>
      <SummaryCards summary={summary.data} />
      {heatmap.data && <Heatmap year={year} items={heatmap.data.items} />}
      <h2>Recent Submissions</h2>
      <LiveSubmissionList
        source={{ kind: 'mine' }}
        matches={(e) => e.userId === user?.id}
        emptyText="No submissions recorded yet."
        layout="recent"
        page={page}
        onPage={setPage}
      />
    </section>
  );
}
