import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { contestView, HOUR } from '../testing/contest-fixtures';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { HomePage } from './HomePage';

// react-markdown is ESM-only: a stand-in at the module boundary, marking what it would render.
jest.mock('../components/Markdown', () => ({
  Markdown: ({ children }: { children: string }) => <div data-testid="markdown">{children}</div>,
}));

const ANNOUNCEMENTS = [
  { id: 'a1', title: 'Contest on Friday', body: 'Be there.', pinned: true, createdAt: '2026-11-20T09:30:00.000Z' },
  { id: 'a2', title: 'New judge', body: 'Faster.', pinned: false, createdAt: '2026-11-21T09:30:00.000Z' },
];

const RUNNING = contestView({ contestId: 3, title: 'Autumn Round' });
const UPCOMING = contestView({
  contestId: 4,
  title: 'Winter Round',
  phase: 'upcoming',
  startsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  endsAt: new Date(Date.now() + 26 * HOUR).toISOString(),
});

function serve(options: { admin?: boolean; empty?: boolean; failing?: boolean } = {}) {
  const calls: { route: string; query: string; body?: unknown }[] = [];
  if (options.admin) storeTokens();
  mockFetch(async (r, route) => {
    const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : await r.json();
    calls.push({ route, query: new URL(r.url).search, body });
    if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
    if (options.failing && r.method === 'GET') return json(500, {});
    if (route === 'GET /api/announcements') return json(200, { items: options.empty ? [] : ANNOUNCEMENTS });
    if (route === 'GET /api/contests') {
      const phase = new URL(r.url).searchParams.get('phase');
      const items = options.empty ? [] : phase === 'running' ? [RUNNING] : phase === 'upcoming' ? [UPCOMING] : [];
      return json(200, { items, total: items.length, totalPages: 1, page: 1, limit: 100 });
    }
    if (route === 'GET /api/problem-updates')
      return json(200, {
        items: options.empty
          ? []
          : [{ id: 'u1', problemId: 4, titleSnapshot: 'Knapsack', summary: 'New tests added.', createdAt: '2026-11-22T08:00:00.000Z' }],
      });
    if (r.method === 'POST') return json(201, { id: 'a3', ...(body as object), createdAt: '2026-11-23T08:00:00.000Z' });
    if (r.method === 'PUT') return json(200, body);
    if (r.method === 'DELETE') return new Response(null, { status: 204 });
  });
  renderRoutes(<Route path="/" element={<HomePage />} />);
  return calls;
}

describe('HomePage', () => {
  beforeEach(() => localStorage.clear());

  it('shows announcements (pinned first as served, with the Pinned badge) and problem updates', async () => {
    const calls = serve();
    const first = (await screen.findByRole('heading', { name: /Contest on Friday/ })).closest('article') as HTMLElement;
    expect(within(first).getByText('Pinned')).toBeInTheDocument();
    expect(within(first).getByText('Be there.')).toBeInTheDocument();
    expect(within(first).getByText(/^Nov 20, \d\d:30$/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Knapsack' })).toHaveAttribute('href', '/problems/4');
    expect(screen.getByText('New tests added.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Problems' })).toHaveAttribute('href', '/problems');
    expect(screen.getByRole('link', { name: 'All contests' })).toHaveAttribute('href', '/contests');
    expect(screen.queryByRole('button', { name: 'New Announcement' })).toBeNull();
    expect(calls.find((c) => c.route === 'GET /api/announcements')?.query).toBe('?limit=20&pinnedFirst=true');
    expect(calls.find((c) => c.route === 'GET /api/problem-updates')?.query).toBe('?limit=20');
  });

  it('names the running and upcoming contests the API lists, each with its end or start and a link', async () => {
    const calls = serve();
    const contests = await screen.findByRole('region', { name: 'Contests' });
    expect(await within(contests).findByRole('link', { name: 'Autumn Round' })).toHaveAttribute('href', '/contests/3');
    expect(within(contests).getByRole('link', { name: 'Winter Round' })).toHaveAttribute('href', '/contests/4');
    const upcoming = within(contests).getByRole('link', { name: 'Winter Round' }).closest('li') as HTMLElement;
    expect(upcoming.querySelector('time')).toHaveAttribute('dateTime', UPCOMING.startsAt);
    expect(upcoming).toHaveTextContent(/starts \w{3} \d+, \d\d:\d\d \S+/);
    expect(within(contests).getByText('Running now')).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.route === 'GET /api/contests')
        .map((c) => new URLSearchParams(c.query).get('phase'))
        .sort(),
    ).toEqual(['running', 'upcoming']);
  });

  it('has empty texts', async () => {
    serve({ empty: true });
    expect(await screen.findByText('No running or upcoming contests.')).toBeInTheDocument();
    expect(await screen.findByText('No announcements yet.')).toBeInTheDocument();
    expect(await screen.findByText('No recent updates.')).toBeInTheDocument();
  });

  it('has failure texts', async () => {
    serve({ failing: true });
    expect(await screen.findByText('Failed to load announcements.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load problem updates.')).toBeInTheDocument();
  });

  it('lets an admin publish a trimmed announcement, requiring title and body', async () => {
    const calls = serve({ admin: true });
    fireEvent.click(await screen.findByRole('button', { name: 'New Announcement' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'Text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText('Title and body are required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '  Hello  ' } });
    fireEvent.click(screen.getByLabelText('Pin'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/announcements')?.body).toEqual({ title: 'Hello', body: 'Text', pinned: true }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull());
  });

  it('lets an admin edit in place, unpin and delete', async () => {
    const calls = serve({ admin: true });
    const first = (await screen.findByRole('heading', { name: /Contest on Friday/ })).closest('article') as HTMLElement;
    fireEvent.click(within(first).getByRole('button', { name: 'Unpin' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'PUT /api/announcements/a1')?.body).toEqual({
        title: 'Contest on Friday',
        body: 'Be there.',
        pinned: false,
      }),
    );
    fireEvent.click(within(first).getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Contest on Friday');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const second = screen.getByRole('heading', { name: /New judge/ }).closest('article') as HTMLElement;
    expect(within(second).getByTestId('markdown')).toHaveTextContent('Faster.');
    // Deleting asks first: Cancel keeps it, Delete removes it.
    fireEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete announcement' })).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.route === 'DELETE /api/announcements/a2')).toBe(false);
    fireEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete announcement' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.route === 'DELETE /api/announcements/a2')).toBe(true));
  });
});
