import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { ProblemsPage } from './ProblemsPage';

const summary = (problemId: number, title: string, extra: Record<string, unknown> = {}) => ({
  id: `p${problemId}`,
  problemId,
  title,
  difficulty: 'EASY',
  isPublic: true,
  tags: [],
  algorithms: [],
  submissionCount: 0,
  acceptedSubmissionCount: 0,
  ...extra,
});

const PROBLEMS = [
  summary(1, 'A + B', { difficulty: 'BASIC', submissionCount: 3, acceptedSubmissionCount: 2, tags: ['warmup'] }),
  summary(12, 'Shortest Paths', { algorithms: ['dijkstra', 'graphs'], isPublic: false }),
];

function serve(admin = false) {
  const queries: URLSearchParams[] = [];
  const deleted: string[] = [];
  if (admin) storeTokens();
  mockFetch((r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user({ role: admin ? 'admin' : 'user' }));
    if (route === 'GET /api/problems') {
      queries.push(new URL(r.url).searchParams);
      return json(200, { items: PROBLEMS });
    }
    if (r.method === 'DELETE') return (deleted.push(route), new Response(null, { status: 204 }));
  });
  renderRoutes(<Route path="/problems" element={<ProblemsPage />} />, '/problems');
  return { queries, deleted };
}

const titles = () => screen.queryAllByRole('link').map((l) => l.textContent);

describe('ProblemsPage', () => {
  beforeEach(() => localStorage.clear());

  it('lists problems with the AC rate as a rounded percent or a dash, fetching 100', async () => {
    const { queries } = serve();
    const row = (await screen.findByRole('link', { name: 'A + B' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('67%')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'Shortest Paths' }).closest('tr') as HTMLElement;
    expect(within(other).getByText('—')).toBeInTheDocument();
    expect(within(other).getByText('Private')).toBeInTheDocument();
    expect(within(other).getByText('dijkstra, graphs')).toBeInTheDocument();
    expect(queries[0].get('limit')).toBe('100');
    expect(screen.queryByLabelText('Visibility')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('searches title, #id, algorithms and tags on the client', async () => {
    const { queries } = serve();
    await screen.findByRole('link', { name: 'A + B' });
    const search = screen.getByLabelText('Search problems');
    for (const [q, expected] of [
      ['#12', ['Shortest Paths']],
      ['dijk', ['Shortest Paths']],
      ['warm', ['A + B']],
      ['a + b', ['A + B']],
    ] as const) {
      fireEvent.change(search, { target: { value: q } });
      expect(titles()).toEqual(expected);
    }
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.getByText('No problems found.')).toBeInTheDocument();
    expect(queries).toHaveLength(1);
  });

  it('asks the server for the chosen difficulty', async () => {
    const { queries } = serve();
    await screen.findByRole('link', { name: 'A + B' });
    expect(
      within(screen.getByLabelText('Difficulty'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All difficulties', 'BASIC', 'EASY', 'MEDIUM', 'HARD']);
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: 'HARD' } });
    await waitFor(() => expect(queries.at(-1)?.get('difficulty')).toBe('HARD'));
  });

  it('gives admins the visibility filter and deletes only after confirming', async () => {
    const { queries, deleted } = serve(true);
    await screen.findByRole('columnheader', { name: 'Actions' });
    fireEvent.change(screen.getByLabelText('Visibility'), { target: { value: 'private' } });
    await waitFor(() => expect(queries.at(-1)?.get('visibility')).toBe('private'));
    const row = (await screen.findByRole('link', { name: 'Shortest Paths' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Make Public' })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('All its submissions are also removed. This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['DELETE /api/problems/12']));
  });
});
