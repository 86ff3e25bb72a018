import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import type { SubmissionRow } from '../../../live/live-paging';
import { RecentSubmissionsTable } from './RecentSubmissionsTable';
import { SubmissionsTable } from './SubmissionsTable';

const row = {
  id: 's1',
  _id: 's1',
  userId: 'u1',
  userName: 'alice',
  problemId: 3,
  problemTitle: 'Sum',
  problem: null,
  language: 'C++',
  languageId: 54,
  verdict: 'WRONG_ANSWER',
  status: 'wrong_answer',
  score: 10,
  runtimeMs: 5,
  memoryKB: 700,
  sourceLen: 8,
  createdAt: '2026-11-23T10:00:00.000Z',
  submittedAt: '2026-11-23T10:00:00.000Z',
  queuedAt: null,
  startedAt: null,
  finishedAt: null,
  updatedAt: '2026-11-23T10:00:00.000Z',
} as SubmissionRow;

describe('submission lists', () => {
  it('write the score as the details do ("10%"), in the full list and on the dashboard', () => {
    render(
      <MemoryRouter>
        <SubmissionsTable rows={[row]} emptyText="None" onDetails={() => undefined} />
        <RecentSubmissionsTable
          rows={[row]}
          emptyText="None"
          onDetails={() => undefined}
          onResubmit={() => undefined}
          canResubmit={() => false}
        />
      </MemoryRouter>,
    );
    const scores = document.querySelectorAll('.score-cell');
    expect([...scores].map((cell) => cell.textContent)).toEqual(['10%', '10%']);
  });

  it('say where a submission failed, as Codeforces does: "Wrong Answer on test 3"', () => {
    render(
      <MemoryRouter>
        <SubmissionsTable rows={[{ ...row, failedTest: 3 }]} emptyText="None" onDetails={() => undefined} />
        <RecentSubmissionsTable
          rows={[{ ...row, id: 's2', status: 'accepted', failedTest: null }]}
          emptyText="None"
          onDetails={() => undefined}
          onResubmit={() => undefined}
          canResubmit={() => false}
        />
      </MemoryRouter>,
    );
    const badges = [...document.querySelectorAll('.status-cell .badge')].map((b) => b.textContent);
    expect(badges).toEqual(['Wrong Answer on test 3', 'Accepted']);
  });
});
