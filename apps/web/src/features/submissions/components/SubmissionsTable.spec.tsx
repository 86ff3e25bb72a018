import { screen } from '@testing-library/react';
import { ReactElement } from 'react';
import { Route } from 'react-router-dom';

import type { SubmissionRow } from '../../../live/live-paging';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { RecentSubmissionsTable } from './RecentSubmissionsTable';
import { SubmissionsTable } from './SubmissionsTable';

const row = {
  id: 's1',
  _id: 's1',
  userId: 'u1',
  userName: 'alice',
  userRating: null,
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

/** The tables on a page, for a guest or (`signedIn`) alice, the rows' submitter. */
const render = (tables: ReactElement) => renderRoutes(<Route path="/" element={tables} />);

describe('submission lists', () => {
  afterEach(() => localStorage.clear());

  it('write the score as the details do ("10%"), in the full list and on the dashboard', () => {
    render(
      <>
        <SubmissionsTable rows={[row]} emptyText="None" onDetails={() => undefined} />
        <RecentSubmissionsTable
          rows={[row]}
          emptyText="None"
          onDetails={() => undefined}
          onResubmit={() => undefined}
          canResubmit={() => false}
        />
      </>,
    );
    const scores = document.querySelectorAll('.score-cell');
    expect([...scores].map((cell) => cell.textContent)).toEqual(['10%', '10%']);
  });

  it("colour the author's name by the rating the row carries, with no request of their own", () => {
    const requests = mockFetch(() => undefined);
    render(<SubmissionsTable rows={[{ ...row, userRating: 1950 }]} emptyText="None" onDetails={() => undefined} />);
    expect(screen.getByRole('link', { name: 'alice' })).toHaveClass('tier-master');
    expect(requests).not.toHaveBeenCalled();
  });

  it('say where a submission failed, as Codeforces does: "Wrong Answer on test 3"', () => {
    render(
      <>
        <SubmissionsTable rows={[{ ...row, failedTest: 3 }]} emptyText="None" onDetails={() => undefined} />
        <RecentSubmissionsTable
          rows={[{ ...row, id: 's2', status: 'accepted', failedTest: null }]}
          emptyText="None"
          onDetails={() => undefined}
          onResubmit={() => undefined}
          canResubmit={() => false}
        />
      </>,
    );
    const badges = [...document.querySelectorAll('.status-cell .badge')].map((b) => b.textContent);
    expect(badges).toEqual(['Wrong Answer on test 3', 'Accepted']);
  });

  it('say "Frozen" (score "—") where a contest\'s freeze hides the result, its real status to its submitter', async () => {
    const hidden = { ...row, status: 'queued', verdict: 'PENDING', score: 0, frozen: true } as SubmissionRow;
    render(<SubmissionsTable rows={[hidden]} emptyText="None" onDetails={() => undefined} />);
    expect(document.querySelector('.status-cell .badge')?.textContent).toBe('Frozen');
    expect(document.querySelector('.score-cell')?.textContent).toBe('—');
  });

  it('show the submitter their own frozen result', async () => {
    storeTokens();
    mockFetch((_req, path) => (path === 'GET /api/auth/me' ? json(200, user()) : undefined));
    render(<SubmissionsTable rows={[{ ...row, frozen: true }]} emptyText="None" onDetails={() => undefined} />);
    expect(await screen.findByText('Wrong Answer')).toBeInTheDocument();
  });
});
