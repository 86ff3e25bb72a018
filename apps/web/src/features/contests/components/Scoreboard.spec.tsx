import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { ContestScoreboardPage } from '../../../pages/ContestScoreboardPage';
import { cell, contestView } from '../../../testing/contest-fixtures';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import type { Contest } from '../api';

const contest = (extra: Partial<Contest> = {}) =>
  contestView({ startsAt: '2026-11-25T09:00:00.000Z', endsAt: '2026-11-25T12:00:00.000Z', freezeMinutes: 60, frozen: true, ...extra });

const board = (extra: Record<string, unknown> = {}) => ({
  format: 'icpc',
  labels: ['A', 'B'],
  frozen: true,
  items: [
    {
      rank: 1,
      username: 'bob',
      solved: 2,
      score: 2,
      penalty: 70,
      cells: { A: cell({ solved: true, score: 1, minute: 10 }), B: cell({ solved: true, score: 1, minute: 60 }) },
    },
    {
      rank: 2,
      username: 'alice',
      solved: 1,
      score: 1,
      penalty: 32,
      cells: { A: cell({ solved: true, score: 1, minute: 12 }), B: cell({ attempts: 1, pending: 2 }) },
    },
  ],
  mine: null,
  firstSolvers: { A: { username: 'bob', minute: 10 }, B: { username: 'bob', minute: 60 } },
  // The whole board's, as the API counts it: more rows than this page shows.
  problemTotals: { A: { solved: 40, tried: 55 }, B: { solved: 12, tried: 30 } },
  total: 2,
  totalPages: 1,
  page: 1,
  limit: 100,
  ...extra,
});

function serve(b = board(), me = user(), searches: string[] = []) {
  storeTokens();
  const calls: string[] = [];
  mockFetch((r, route) => {
    calls.push(route);
    const search = new URL(r.url).searchParams.get('user');
    if (search) {
      searches.push(search);
      return json(200, { ...b, items: b.items.filter((row) => row.username.includes(search)), total: 1 });
    }
    if (route === 'GET /api/auth/me') return json(200, me);
    if (route === 'GET /api/contests/7') return json(200, contest());
    if (route === 'GET /api/contests/7/scoreboard') return json(200, b);
    // The board's stream: held open, like a server with nothing to say yet.
    if (route === 'GET /api/contests/7/scoreboard/stream') return new Promise<Response>(() => undefined);
  });
  renderRoutes(<Route path="/contests/:contestId/scoreboard" element={<ContestScoreboardPage />} />, '/contests/7/scoreboard');
  return calls;
}

describe('the scoreboard', () => {
  beforeEach(() => localStorage.clear());

  it("highlights the viewer's row and keeps it in view", async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    serve();
    const mine = (await screen.findByRole('rowheader', { name: 'alice' })).closest('tr') as HTMLElement;
    expect(mine).toHaveClass('mine');
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('rowheader', { name: /bob/ }).closest('tr')).not.toHaveClass('mine');
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(document.title).toBe('Spring Round: Scoreboard · Online Judge');
  });

  it("pins the viewer's row above the page when it ranks on another page", async () => {
    const mineRow = { rank: 150, username: 'alice', solved: 0, score: 0, penalty: 0, cells: {} };
    serve(board({ items: board().items.slice(0, 1), mine: mineRow, total: 200, totalPages: 2 }));
    const pinned = (await screen.findByRole('rowheader', { name: 'alice' })).closest('tr') as HTMLElement;
    expect(within(pinned).getByText('150')).toBeInTheDocument();
    expect(pinned).toHaveClass('mine');
  });

  it('shows the frozen look: a notice, and pending cells with their tries and no verdict', async () => {
    serve();
    expect(await screen.findByText(/The board is frozen/)).toBeInTheDocument();
    const alice = (await screen.findByRole('rowheader', { name: 'alice' })).closest('tr') as HTMLElement;
    const pendingCell = within(alice).getAllByRole('cell')[4];
    expect(pendingCell).toHaveClass('cell-pending');
    expect(pendingCell).toHaveTextContent('-1 ?2');
    expect(pendingCell).toHaveTextContent('2 pending');
  });

  it('colours cells by result and marks the first solvers', async () => {
    serve();
    const bob = (await screen.findByRole('rowheader', { name: /bob/ })).closest('tr') as HTMLElement;
    const [a] = within(bob).getAllByRole('cell').slice(3);
    expect(a).toHaveClass('cell-first');
    expect(a).toHaveTextContent('first to solve');
    const alice = screen.getByRole('rowheader', { name: 'alice' }).closest('tr') as HTMLElement;
    expect(within(alice).getAllByRole('cell')[3]).toHaveClass('cell-solved');
  });

  it("shows the whole board's solved / tried under the page, as the API counts it", async () => {
    serve();
    const foot = (await screen.findByText('Solved / tried')).closest('tr') as HTMLElement;
    expect(
      within(foot)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Solved / tried', '40 / 55', '12 / 30']);
  });

  it('finds users on the board by name through the server, once typing pauses', async () => {
    const searches: string[] = [];
    serve(board(), user(), searches);
    await screen.findByRole('rowheader', { name: 'alice' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a user on the board' }), { target: { value: ' bo ' } });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'alice' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'bob' })).toBeInTheDocument();
    expect(searches).toEqual(['bo']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a user on the board' }), { target: { value: 'zed' } });
    expect(await screen.findByText('No user on the board matches “zed”.')).toBeInTheDocument();
  });

  it('exports the whole board as CSV', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:board'));
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    serve();
    await screen.findByRole('rowheader', { name: 'alice' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
    // jsdom's Blob has no text(): read it the older way.
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(created[0]);
    });
    expect(text).toBe('Rank,User,Solved,Penalty,A,B\r\n1,bob,2,70,+ (10),+ (60)\r\n2,alice,1,32,+ (12),-1 ?2\r\n');
  });

  it("opens the board's stream", async () => {
    const calls = serve();
    await screen.findByRole('rowheader', { name: 'alice' });
    await waitFor(() => expect(calls).toContain('GET /api/contests/7/scoreboard/stream'));
  });
});
