import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { ContestScoreboardPage } from '../../../pages/ContestScoreboardPage';
import { cell, contestView, HOUR } from '../../../testing/contest-fixtures';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { scriptedStreams } from '../../../testing/scripted-stream';

// The contest stream, scripted: the test delivers events as the server would.
jest.mock('../../../live/submission-stream', () => jest.requireActual('../../../testing/scripted-stream'));

const contest = contestView;
const bob = { rank: 1, username: 'bob', solved: 1, score: 1, penalty: 10, cells: { A: cell({ solved: true, score: 1, minute: 10 }) } };
const alice = { rank: 2, username: 'alice', solved: 0, score: 0, penalty: 0, cells: { A: cell({ attempts: 1 }) } };
const board = (extra: Record<string, unknown> = {}) => ({
  format: 'icpc',
  labels: ['A', 'B'],
  frozen: false,
  items: [bob, alice],
  mine: alice,
  firstSolvers: { A: { username: 'bob', minute: 10 } },
  problemTotals: {},
  total: 2,
  totalPages: 1,
  page: 1,
  limit: 100,
  virtualMinute: null,
  ...extra,
});

function serve(c = contest(), b = board()) {
  storeTokens();
  const reads: string[] = [];
  mockFetch((_r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user());
    if (route === 'GET /api/contests/7') return json(200, c);
    if (route === 'GET /api/contests/7/scoreboard') return (reads.push(route), json(200, b));
  });
  renderRoutes(<Route path="/contests/:contestId/scoreboard" element={<ContestScoreboardPage />} />, '/contests/7/scoreboard');
  return reads;
}

const rowEvent = (row: unknown, eventId: string) => ({ eventType: 'row', eventId, emittedAt: new Date().toISOString(), contestId: 7, row });
const order = () => screen.getAllByRole('rowheader').map((th) => th.textContent?.replace(/\W*(you)?$/, ''));

describe('the live scoreboard', () => {
  beforeEach(() => {
    localStorage.clear();
    scriptedStreams.length = 0;
    Element.prototype.scrollIntoView = jest.fn();
  });

  it('puts a changed row in place and re-ranks it without reading the board again', async () => {
    const reads = serve();
    await screen.findByRole('rowheader', { name: 'alice' });
    await waitFor(() => expect(scriptedStreams).toHaveLength(1));
    expect(scriptedStreams[0].streamPath).toBe('/api/contests/7/scoreboard/stream');
    const readsBefore = reads.length;
    const solved = {
      ...alice,
      solved: 2,
      score: 2,
      penalty: 50,
      cells: { A: cell({ solved: true, score: 1, minute: 20, attempts: 1 }), B: cell({ solved: true, score: 1, minute: 10 }) },
    };
    act(() => scriptedStreams[0].onEvent(rowEvent(solved, 'e1')));
    await waitFor(() => expect(order()[0]).toMatch(/alice/));
    const mine = screen.getByRole('rowheader', { name: 'alice' }).closest('tr') as HTMLElement;
    expect(within(mine).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(mine).toHaveClass('mine');
    expect(reads).toHaveLength(readsBefore);
  });

  it('reads the page again for a row it cannot place', async () => {
    const reads = serve();
    await screen.findByRole('rowheader', { name: 'alice' });
    await waitFor(() => expect(scriptedStreams).toHaveLength(1));
    const readsBefore = reads.length;
    act(() => scriptedStreams[0].onEvent(rowEvent({ ...bob, rank: 3, username: 'carol' }, 'e2')));
    await waitFor(() => expect(reads.length).toBeGreaterThan(readsBefore));
  });

  it('reads the contest and its board again when the stream says the board changed as a whole', async () => {
    storeTokens();
    const reads: string[] = [];
    let current = contest({ phase: 'past', endsAt: new Date(Date.now() - 60_000).toISOString(), frozen: true });
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/contests/7') return (reads.push(route), json(200, current));
      if (route === 'GET /api/contests/7/scoreboard') return (reads.push(route), json(200, board({ frozen: current.frozen })));
    });
    renderRoutes(<Route path="/contests/:contestId/scoreboard" element={<ContestScoreboardPage />} />, '/contests/7/scoreboard');
    expect(await screen.findByText(/The board is frozen/)).toBeInTheDocument();
    // Past but still frozen for this participant: the stream stays open, so the unfreeze reaches them.
    await waitFor(() => expect(scriptedStreams).toHaveLength(1));
    const readsBefore = reads.length;
    current = { ...current, frozen: false };
    act(() => scriptedStreams[0].onEvent({ eventType: 'board', change: 'unfrozen', eventId: 'e3', emittedAt: '', contestId: 7 }));
    await waitFor(() => expect(screen.queryByText(/The board is frozen/)).not.toBeInTheDocument());
    expect(reads.slice(readsBefore)).toEqual(expect.arrayContaining(['GET /api/contests/7', 'GET /api/contests/7/scoreboard']));
  });

  it("shows the caller's virtual board: which minute, their row highlighted, live while the run is on", async () => {
    const run = {
      kind: 'virtual' as const,
      registeredAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
    };
    serve(
      contest({
        phase: 'past',
        startsAt: new Date(Date.now() - 3 * HOUR).toISOString(),
        endsAt: new Date(Date.now() - HOUR).toISOString(),
        participation: run,
      }),
      board({ virtualMinute: 12 }),
    );
    expect(await screen.findByText(/Your virtual board at minute 12/)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'alice' }).closest('tr')).toHaveClass('mine');
    await waitFor(() => expect(scriptedStreams).toHaveLength(1));
  });

  describe('with virtual participants shown', () => {
    const past = () =>
      contest({
        phase: 'past',
        startsAt: new Date(Date.now() - 3 * HOUR).toISOString(),
        endsAt: new Date(Date.now() - HOUR).toISOString(),
      });
    const vic = { ...bob, rank: 1, username: 'vic', virtual: true };
    function serveAt(url: string, shown = past()) {
      storeTokens();
      const reads: string[] = [];
      mockFetch((r, route) => {
        if (route === 'GET /api/auth/me') return json(200, user());
        if (route === 'GET /api/contests/7') return json(200, shown);
        if (route !== 'GET /api/contests/7/scoreboard') return undefined;
        const virtual = new URL(r.url).searchParams.get('virtual') === 'true';
        reads.push(virtual ? 'virtual' : 'official');
        return json(200, board(virtual ? { items: [vic, { ...bob, rank: 2 }, { ...alice, rank: 3 }], total: 3 } : {}));
      });
      renderRoutes(<Route path="/contests/:contestId/scoreboard" element={<ContestScoreboardPage />} />, url);
      return reads;
    }

    it('switches them on from the URL, marks their rows, stays live after the end and reads the page on each row', async () => {
      const reads = serveAt('/contests/7/scoreboard?virtual=1');
      const row = (await screen.findByRole('rowheader', { name: /vic/ })).closest('tr') as HTMLElement;
      expect(row).toHaveClass('virtual');
      expect(within(row).getByText('virtual')).toHaveClass('badge');
      expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('1*');
      expect(screen.getByRole('checkbox', { name: 'Show virtual participants' })).toBeChecked();
      // The contest is over, but virtual runs go on: the stream is open for this board.
      await waitFor(() => expect(scriptedStreams).toHaveLength(1));
      const readsBefore = reads.length;
      act(() => scriptedStreams[0].onEvent(rowEvent({ ...vic, solved: 2 }, 'e4')));
      await waitFor(() => expect(reads.slice(readsBefore)).toContain('virtual'));
      act(() => screen.getByRole('checkbox', { name: 'Show virtual participants' }).click());
      await waitFor(() => expect(screen.queryByRole('rowheader', { name: /vic/ })).not.toBeInTheDocument());
      expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    });

    it('offers the switch after the end, off unless the URL says so', async () => {
      serveAt('/contests/7/scoreboard');
      await screen.findByRole('rowheader', { name: 'alice' });
      expect(screen.getByRole('checkbox', { name: 'Show virtual participants' })).not.toBeChecked();
    });

    it('offers no switch before the end, and reads nothing for a virtual row there', async () => {
      const reads = serveAt('/contests/7/scoreboard?virtual=1', contest());
      await screen.findByRole('rowheader', { name: 'alice' });
      expect(screen.queryByRole('checkbox', { name: 'Show virtual participants' })).not.toBeInTheDocument();
      await waitFor(() => expect(scriptedStreams).toHaveLength(1));
      const readsBefore = reads.length;
      act(() => scriptedStreams[0].onEvent(rowEvent({ ...vic, username: 'carol' }, 'e5')));
      // A virtual row is on no board shown here: nothing is read, where an official row it cannot place is read again.
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(reads).toHaveLength(readsBefore);
      act(() => scriptedStreams[0].onEvent(rowEvent({ ...bob, rank: 3, username: 'carol' }, 'e6')));
      await waitFor(() => expect(reads.length).toBeGreaterThan(readsBefore));
      expect(reads).not.toContain('virtual');
    });
  });
});
