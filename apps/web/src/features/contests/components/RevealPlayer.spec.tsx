import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { ContestScoreboardPage } from '../../../pages/ContestScoreboardPage';
import { cell } from '../../../testing/contest-fixtures';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';

const ADMIN = user({ id: 'root', username: 'root', role: 'admin' });
const ac = (minute: number, attempts = 0) => cell({ solved: true, score: 1, minute, attempts });

const contest = {
  contestId: 7,
  title: 'Final',
  description: '',
  format: 'icpc',
  phase: 'past',
  startsAt: '2026-11-25T09:00:00.000Z',
  endsAt: '2026-11-25T12:00:00.000Z',
  durationMinutes: null,
  freezeMinutes: 60,
  penaltyMinutes: 20,
  isPublic: true,
  rated: false,
  needsAccessCode: false,
  frozen: false,
  problems: [],
  participation: null,
};

const boardOf = (frozen: boolean, items: unknown[]) => ({
  format: 'icpc',
  labels: ['A', 'B'],
  frozen,
  items,
  mine: null,
  firstSolvers: { A: { username: 'ann', minute: 10 } },
  problemTotals: {},
  total: items.length,
  totalPages: 1,
  page: 1,
  limit: 100,
});
const row = (rank: number, username: string, solved: number, penalty: number, cells: Record<string, unknown>) => ({
  rank,
  username,
  solved,
  score: solved,
  penalty,
  cells,
});

// Frozen: ann 1 solved, ben 1 (more penalty) with B pending, cy 0 with A and B pending.
const PUBLIC = boardOf(true, [
  row(1, 'ann', 1, 10, { A: ac(10) }),
  row(2, 'ben', 1, 50, { A: ac(50), B: cell({ pending: 1 }) }),
  row(3, 'cy', 0, 0, { A: cell({ pending: 1 }), B: cell({ pending: 2 }) }),
]);
// Final: cy solved both, ben's B was wrong.
const LIVE = boardOf(false, [
  row(1, 'cy', 2, 200, { A: ac(150), B: ac(170, 1) }),
  row(2, 'ann', 1, 10, { A: ac(10) }),
  row(3, 'ben', 1, 50, { A: ac(50), B: cell({ attempts: 1 }) }),
]);

function serve() {
  storeTokens();
  const calls: string[] = [];
  mockFetch((request, route) => {
    calls.push(route);
    if (route === 'GET /api/auth/me') return json(200, ADMIN);
    if (route === 'GET /api/contests/7') return json(200, contest);
    // A guest reads the frozen board; the admin's session the live one.
    if (route === 'GET /api/contests/7/scoreboard') return json(200, request.headers.get('Authorization') ? LIVE : PUBLIC);
    if (route === 'POST /api/contests/7/unfreeze') return json(200, contest);
  });
  renderRoutes(<Route path="/contests/:contestId/scoreboard" element={<ContestScoreboardPage />} />, '/contests/7/scoreboard');
  return calls;
}

const order = () =>
  within(screen.getByRole('region', { name: 'Reveal board' }))
    .getAllByRole('rowheader')
    .map((h) => h.textContent?.trim());

describe('the reveal', () => {
  beforeEach(() => localStorage.clear());

  it('shows frozen cells one at a time from the bottom up, re-ranking the rows, then unfreezes', async () => {
    const calls = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Start the reveal' }));
    expect(order()).toEqual(['ann', 'ben', 'cy']);
    // The admin's own board shows the final results: it gives way to the reveal rather than spoil it.
    expect(screen.queryByRole('region', { name: 'Scoreboard' })).not.toBeInTheDocument();
    expect(screen.getByText(/3 frozen cells left/)).toBeInTheDocument();
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next cell' }));

    next(); // cy's A: solved at 150, cy (1 solved, 150) passes nobody yet: ben has 50.
    expect(order()).toEqual(['ann', 'ben', 'cy']);
    expect(screen.getByText(/2 frozen cells left/)).toBeInTheDocument();
    next(); // cy's B: solved at 170 after one rejected try: 2 solved, cy goes to the top.
    expect(order()).toEqual(['cy', 'ann', 'ben']);
    expect(screen.getByText(/cy, B:/)).toHaveTextContent('cy, B: solved, now rank 1. 1 frozen cells left');
    const cyB = within(screen.getByRole('rowheader', { name: 'cy' }).closest('tr') as HTMLElement).getAllByRole('cell')[4];
    expect(cyB).toHaveClass('spotlight');
    expect(calls).not.toContain('POST /api/contests/7/unfreeze');
    next(); // ben's B: rejected; he stays last.
    expect(order()).toEqual(['cy', 'ann', 'ben']);
    const ranks = within(screen.getByRole('region', { name: 'Reveal board' }))
      .getAllByRole('row')
      .slice(1, -1) // under the header, above the solved / tried row
      .map((r) => within(r).getAllByRole('cell')[0].textContent);
    expect(ranks).toEqual(['1', '2', '3']);
    await waitFor(() => expect(calls).toContain('POST /api/contests/7/unfreeze'));
    expect(await screen.findByText(/Revealed: the board is unfrozen\./)).toBeInTheDocument();
  });

  it('plays on its own, a cell per step', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      serve();
      fireEvent.click(await screen.findByRole('button', { name: 'Start the reveal' }));
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      act(() => jest.advanceTimersByTime(1500));
      expect(screen.getByText(/2 frozen cells left/)).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1500));
      expect(screen.getByText(/1 frozen cells left/)).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
