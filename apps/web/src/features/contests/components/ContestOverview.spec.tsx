import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { ContestPage } from '../../../pages/ContestPage';
import { ContestsPage } from '../../../pages/ContestsPage';
import { cell, contestView, EMPTY_PAGE, HOUR } from '../../../testing/contest-fixtures';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { scriptedStreams } from '../../../testing/scripted-stream';
import type { Contest } from '../api';

// The page's streams, scripted: a test delivers events as the server would.
jest.mock('../../../live/submission-stream', () => jest.requireActual('../../../testing/scripted-stream'));

// The Markdown stack is ESM Jest does not load; the text as written is enough here.
jest.mock('../../../components/Markdown', () => ({ Markdown: ({ children }: { children: string }) => <div>{children}</div> }));

const contest = (extra: Partial<Contest> = {}) =>
  contestView({
    description: 'Three problems, **three hours**.',
    endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    isPublic: false,
    rated: false,
    needsAccessCode: true,
    ...extra,
  });
const PARTICIPATION: Contest['participation'] = { kind: 'official', registeredAt: new Date().toISOString(), startedAt: null, endsAt: null };
const BOARD = {
  format: 'icpc',
  labels: ['A', 'B'],
  frozen: false,
  items: [],
  mine: {
    rank: 1,
    username: 'alice',
    solved: 1,
    score: 1,
    penalty: 34,
    cells: { A: cell({ solved: true, score: 1, minute: 14, attempts: 1 }) },
  },
  firstSolvers: {},
  problemTotals: {},
  total: 1,
  totalPages: 1,
  page: 1,
  limit: 100,
};

/** A finished event of submission `id`, as the submissions stream sends it. */
const finished = (id: string, userId: string, problemId: number) => ({
  id,
  _id: id,
  eventId: `e-${id}`,
  emittedAt: new Date().toISOString(),
  eventType: 'finished',
  _eventType: 'finished',
  userId,
  userName: userId === 'u1' ? 'alice' : 'bob',
  problemId,
  problemTitle: 'A + B',
  problem: null,
  language: 'Python',
  languageId: 71,
  verdict: 'ACCEPTED',
  status: 'accepted',
  score: 1,
  runtimeMs: 10,
  memoryKB: 100,
  sourceLen: 10,
  createdAt: new Date().toISOString(),
  submittedAt: new Date().toISOString(),
  queuedAt: null,
  startedAt: null,
  finishedAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

describe('the contest page', () => {
  beforeEach(() => {
    localStorage.clear();
    scriptedStreams.length = 0;
  });

  it('shows the description, the problems by label, the time left, and registers with the access code', async () => {
    storeTokens();
    let registered = false;
    const bodies: unknown[] = [];
    mockFetch(async (request, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/contests/7') return json(200, contest({ participation: registered ? PARTICIPATION : null }));
      if (route === 'POST /api/contests/7/register') {
        bodies.push(await request.json());
        registered = true;
        return json(200, contest({ participation: PARTICIPATION }));
      }
      if (route === 'GET /api/contests/7/scoreboard') return json(200, BOARD);
      if (route === 'GET /api/contests/7/submissions') return json(200, EMPTY_PAGE);
      if (route.endsWith('/stream')) return new Promise<Response>(() => undefined);
    });
    renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, '/contests/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Round' })).toBeInTheDocument();
    expect(await screen.findByText('Three problems, **three hours**.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Time left (01:59:\d\d|02:00:00)/);
    const problems = screen.getByRole('region', { name: 'Problems table' });
    expect(within(problems).getByRole('link', { name: 'A + B' })).toHaveAttribute('href', '/contests/7/problems/A');
    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'spring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('You are registered.')).toBeInTheDocument();
    expect(bodies).toEqual([{ accessCode: 'spring' }]);
    // Registered: the caller's own cell per problem, from the board's `mine` row.
    await waitFor(() => expect(within(problems).getAllByRole('row')[1]).toHaveTextContent('+1 (14)'));
    expect(await screen.findByRole('heading', { name: 'My Submissions' })).toBeInTheDocument();
    expect(document.title).toBe('Spring Round · Online Judge');
  });

  it('offers Start where each participant has a window of their own', async () => {
    storeTokens();
    let started = false;
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      const participation = { ...PARTICIPATION, startedAt: started ? new Date().toISOString() : null };
      if (route === 'GET /api/contests/7') return json(200, contest({ durationMinutes: 90, participation }));
      if (route === 'POST /api/contests/7/start') return ((started = true), json(200, contest({ durationMinutes: 90, participation })));
      if (route === 'GET /api/contests/7/scoreboard') return json(200, BOARD);
      if (route === 'GET /api/contests/7/submissions') return json(200, EMPTY_PAGE);
      if (route.endsWith('/stream')) return new Promise<Response>(() => undefined);
    });
    renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, '/contests/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument());
  });
});

describe('the problems table, live', () => {
  beforeEach(() => {
    localStorage.clear();
    scriptedStreams.length = 0;
  });

  it("shows the caller's new cell when their own verdict arrives, without a reload", async () => {
    storeTokens();
    let boardReads = 0;
    let graded = false;
    const before = { ...BOARD, mine: { ...BOARD.mine, solved: 0, score: 0, penalty: 0, cells: { A: cell({ attempts: 1 }) } } };
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/contests/7') return json(200, contest({ participation: PARTICIPATION }));
      if (route === 'GET /api/contests/7/scoreboard') return (boardReads++, json(200, graded ? BOARD : before));
      if (route === 'GET /api/contests/7/submissions') return json(200, EMPTY_PAGE);
    });
    renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, '/contests/7');
    const problems = await screen.findByRole('region', { name: 'Problems table' });
    const rowA = () => within(problems).getAllByRole('row')[1];
    await waitFor(() => expect(rowA()).toHaveTextContent('-1'));
    const submissions = await waitFor(() => {
      const stream = scriptedStreams.find((s) => s.streamPath === '/api/submissions/stream');
      expect(stream).toBeDefined();
      return stream!;
    });
    const readsBefore = boardReads;
    // Someone else's verdict, and one on a problem outside the contest, leave the board be.
    act(() => submissions.onEvent(finished('s0', 'u2', 1)));
    act(() => submissions.onEvent(finished('s1', 'u1', 99)));
    graded = true;
    act(() => submissions.onEvent(finished('s2', 'u1', 1)));
    await waitFor(() => expect(rowA()).toHaveTextContent('+1 (14)'));
    expect(boardReads).toBe(readsBefore + 1);
  });
});

describe('an invitation-only contest', () => {
  beforeEach(() => {
    localStorage.clear();
    scriptedStreams.length = 0;
  });

  it('tells a user that admins add its participants, instead of offering Register', async () => {
    storeTokens();
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/contests/7') return json(200, contest({ inviteOnly: true, needsAccessCode: false }));
    });
    renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, '/contests/7');
    expect(await screen.findByText("By invitation: an admin adds this contest's participants.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('lets an admin register a user by name', async () => {
    storeTokens();
    const bodies: unknown[] = [];
    mockFetch(async (request, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'GET /api/contests/7') return json(200, contest({ inviteOnly: true, needsAccessCode: false }));
      if (route === 'GET /api/contests/7/submissions') return json(200, EMPTY_PAGE);
      if (route === 'POST /api/contests/7/participants') {
        const body = (await request.json()) as { username: string };
        bodies.push(body);
        if (body.username === 'nobody') return json(404, { code: 'NOT_FOUND', message: 'User not found.' });
        return json(200, { username: 'Bob', registeredAt: new Date().toISOString() });
      }
    });
    renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, '/contests/7');
    const form = await screen.findByRole('form', { name: 'Add a participant' });
    fireEvent.change(within(form).getByLabelText('Add a participant'), { target: { value: 'nobody' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('User not found.');
    fireEvent.change(within(form).getByLabelText('Add a participant'), { target: { value: ' bob ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Registered Bob.')).toBeInTheDocument();
    expect(bodies).toEqual([{ username: 'nobody' }, { username: 'bob' }]);
    expect(within(form).getByLabelText('Add a participant')).toHaveValue('');
  });
});

describe('an admin on the contest page', () => {
  beforeEach(() => localStorage.clear());

  it('edits, and deletes after asking', async () => {
    storeTokens();
    const calls: string[] = [];
    mockFetch((_r, route) => {
      calls.push(route);
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'GET /api/contests/7') return json(200, contest());
      if (route === 'GET /api/contests/7/submissions') return json(200, EMPTY_PAGE);
      if (route === 'DELETE /api/contests/7') return json(204);
      if (route === 'GET /api/contests') return json(200, { items: [], total: 0, totalPages: 0, page: 1, limit: 100 });
      if (route.endsWith('/stream')) return new Promise<Response>(() => undefined);
    });
    renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, '/contests/7');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/contests/7/edit');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete contest' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('DELETE /api/contests/7');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete contest' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/contests$/));
    expect(calls).toContain('DELETE /api/contests/7');
  });
});

describe('the contests list', () => {
  beforeEach(() => localStorage.clear());

  it('lists running, upcoming (with a countdown) and past contests', async () => {
    const queries: string[] = [];
    mockFetch((request, route) => {
      if (route !== 'GET /api/contests') return undefined;
      const phase = new URL(request.url).searchParams.get('phase') as Contest['phase'];
      queries.push(phase);
      const startsAt = phase === 'upcoming' ? new Date(Date.now() + 26 * HOUR + 5000).toISOString() : contest().startsAt;
      const items = phase === 'past' ? [] : [contest({ contestId: phase === 'running' ? 7 : 8, title: `${phase} round`, phase, startsAt })];
      return json(200, { items, total: items.length, totalPages: 1, page: 1, limit: 100 });
    });
    renderRoutes(<Route path="/contests" element={<ContestsPage />} />, '/contests');
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(await within(upcoming).findByRole('link', { name: 'upcoming round' })).toHaveAttribute('href', '/contests/8');
    expect(within(upcoming).getByText(/Starts in/)).toHaveTextContent(/Starts in 1d 02:00:0\d/);
    const running = screen.getByRole('region', { name: 'Running' });
    expect(await within(running).findByText(/Ends in/)).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Past' })).findByText('No past contests.')).toBeInTheDocument();
    expect(queries.sort()).toEqual(['past', 'running', 'upcoming']);
    expect(document.title).toBe('Contests · Online Judge');
  });
});
