import '../problems.css';

import { LiveEvent } from '@oj/contracts';
import { useEffect, useState } from 'react';

import { useSession } from '../../../session/SessionProvider';
import { LiveSubmissionList } from '../../submissions/components/LiveSubmissionList';

interface PanelProps {
  problemId: number;
  /** The submission just sent: the panel shows the first page, where it appears, and scrolls it into view. */
  submitted: string | null;
  onEvent: (event: LiveEvent) => void;
}

export function SubmissionsPanel({ problemId, submitted, onEvent }: PanelProps) {
  const { user } = useSession();
  const [tab, setTab] = useState<'mine' | 'all'>('mine');
  const [page, setPage] = useState(1);
  const choose = (next: 'mine' | 'all') => {
    setTab(next);
    setPage(1);
  };
  useEffect(() => {
    if (submitted) setPage(1);
  }, [submitted]);
  return (
    <section className="card">
      <h2>Submissions</h2>
      <div className="tabs" role="tablist">
        <button
          role="tab"
          id="tab-mine"
          aria-controls="submissions-panel"
          aria-selected={tab === 'mine'}
          className={tab === 'mine' ? 'active' : ''}
          onClick={() => choose('mine')}
        >
          My Submissions
        </button>
        <button
          role="tab"
          id="tab-all"
          aria-controls="submissions-panel"
          aria-selected={tab === 'all'}
          className={tab === 'all' ? 'active' : ''}
          onClick={() => choose('all')}
        >
          All Submissions
        </button>
      </div>
      <div role="tabpanel" id="submissions-panel" aria-labelledby={`tab-${tab}`}>
        <LiveSubmissionList
          key={tab}
          source={{ kind: 'problem', problemId, scope: tab }}
          matches={(event) => event.problemId === problemId && (tab === 'all' || event.userId === user?.id)}
          emptyText="No submissions to display."
          page={page}
          onPage={setPage}
          revealId={submitted}
          onEvent={onEvent}
        />
      </div>
    </section>
  );
}
