import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, useNavigate } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { ProblemsPage } from './ProblemsPage';

const summary = (problemId: number, title: string, extra: Record<string, unknown> = {}) => ({
  id: `p${problemId}`,
  _id: `p${problemId}`,
  problemId,
  title,
  difficulty: 'EASY',
  isPublic: true,
  tags: [] as string[],
  algorithms: [] as string[],
  submissionCount: 0,
  acceptedSubmissionCount: 0,
  solverCount: 0,
  ...extra,
});

const PROBLEMS = [
  summary(1, 'A + B', { difficulty: 'BASIC', submissionCount: 3, acceptedSubmissionCount: 2, solverCount: 1, tags: ['warmup', 'math'] }),
  summary(12, 'Shortest Paths', { algorithms: ['dijkstra', 'graphs'], isPublic: false }),
];
/** An archive past one page: problems 1 to 106. */
const MANY = Array.from({ length: 106 }, (_, i) => summary(i + 1, `Problem ${i + 1}`));

/** The server's paging and its "#id" search, enough to drive the page. */
function page(problems: typeof PROBLEMS, query: URLSearchParams) {
  const limit = Number(query.get('limit'));
  const pageNo = Number(query.get('page') ?? 1);
  const id = /^#(\d+)$/.exec(query.get('q') ?? '');
  const matching = id ? problems.filter((p) => p.problemId === Number(id[1])) : problems;
  const items = matching.slice((pageNo - 1) * limit, pageNo * limit);
  return { items, total: matching.length, totalPages: Math.ceil(matching.length / limit), page: pageNo, limit };
}

function BackButton() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Back</button>;
}

function serve({
  admin = false,
  signedIn = admin,
  problems = PROBLEMS,
  url = '/problems',
}: { admin?: boolean; signedIn?: boolean; problems?: typeof PROBLEMS; url?: string } = {}) {
  const queries: URLSearchParams[] = [];
  const deleted: string[] = [];
  if (signedIn) storeTokens();
  mockFetch((r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user({ role: admin ? 'admin' : 'user' }));
    if (route === 'GET /api/users/alice/dashboard')
      return json(200, {
        user: user(),
        solved: [{ problemId: 1, problemTitle: 'A + B', acceptedAt: '2026-11-24T10:00:00.000Z', latestAcceptedSubmissionId: 's1' }],
        attempted: [{ problemId: 12, problemTitle: 'Shortest Paths', lastTriedAt: '2026-11-24T11:00:00.000Z' }],
      });
    if (route === 'GET /api/problems') {
      const query = new URL(r.url).searchParams;
      queries.push(query);
      return json(200, page(problems, query));
    }
    if (r.method === 'DELETE') return (deleted.push(route), new Response(null, { status: 204 }));
  });
  renderRoutes(
    <>
      <Route path="/problems" element={<ProblemsPage />} />
      <Route path="/problems/:problemId" element={<BackButton />} />
    </>,
    url,
  );
  return { queries, deleted };
}

const titles = () => screen.queryAllByRole('link').map((l) => l.textContent);
const search = () => screen.getByTestId('search').textContent;
const sortOf = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) }).getAttribute('aria-sort');

describe('ProblemsPage', () => {
  beforeEach(() => localStorage.clear());

  it('lists problems with solves and the AC rate as a rounded percent or a dash, 100 a page', async () => {
    const { queries } = serve();
    const row = (await screen.findByRole('link', { name: 'A + B' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('67%')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'Shortest Paths' }).closest('tr') as HTMLElement;
    expect(within(other).getByText('—')).toBeInTheDocument();
    expect(within(other).getByText('Private')).toBeInTheDocument();
    expect(within(other).getByText('dijkstra, graphs')).toBeInTheDocument();
    expect(queries[0].get('limit')).toBe('100');
    expect(queries[0].get('page')).toBe('1');
    expect(screen.queryByLabelText('Visibility')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    // SPEC's columns, with issue 22's Solves beside them.
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼]/, '').trim())).toEqual([
      'ID',
      'Title',
      'Difficulty',
      'Submissions',
      'Solves',
      'AC Rate',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Solved' })).toBeNull();
  });

  it('reaches problems 101 to 106 on the second page, which survives a visit and Back', async () => {
    const { queries } = serve({ problems: MANY });
    await screen.findByRole('link', { name: 'Problem 100' });
    expect(screen.queryByRole('link', { name: 'Problem 101' })).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Problem 106' });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
    expect(titles()).toEqual(['Problem 101', 'Problem 102', 'Problem 103', 'Problem 104', 'Problem 105', 'Problem 106']);
    expect(search()).toBe('?page=2');
    expect(queries.at(-1)?.get('page')).toBe('2');
    fireEvent.click(screen.getByRole('link', { name: 'Problem 103' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByRole('link', { name: 'Problem 106' });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('finds "#106" through the server and keeps the search in the URL', async () => {
    const { queries } = serve({ problems: MANY });
    await screen.findByRole('link', { name: 'Problem 1' });
    const box = screen.getByLabelText('Search problems');
    expect(box).toHaveAttribute('placeholder', 'Title, #id, algorithm or tag');
    fireEvent.change(box, { target: { value: '#106' } });
    // findByText, not a role query in waitFor: computing roles over 100 rows on every poll starves the page's timers.
    await screen.findByText('Problem 106');
    await waitFor(() => expect(screen.queryByText('Problem 1')).not.toBeInTheDocument());
    expect(titles()).toEqual(['Problem 106']);
    expect(queries.at(-1)?.get('q')).toBe('#106');
    expect(search()).toBe('?q=%23106');
  });

  it('sorts by a column header, marking it with aria-sort, and flips on a second click', async () => {
    const { queries } = serve();
    await screen.findByRole('link', { name: 'A + B' });
    expect(sortOf('ID')).toBe('ascending');
    expect(sortOf('AC Rate')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'AC Rate' }));
    await waitFor(() => expect(sortOf('AC Rate')).toBe('descending'));
    expect(sortOf('ID')).toBe('none');
    expect(queries.at(-1)?.get('sort')).toBe('acRate');
    expect(queries.at(-1)?.get('order')).toBe('desc');
    fireEvent.click(screen.getByRole('button', { name: /^AC Rate/ }));
    await waitFor(() => expect(sortOf('AC Rate')).toBe('ascending'));
    expect(search()).toBe('?sort=acRate');
    for (const name of ['Title', 'Difficulty', 'Solves']) expect(sortOf(name)).toBe('none');
  });

  it('reads the difficulty, tag and sort from the URL and sends them to the server', async () => {
    const { queries } = serve({ url: '/problems?difficulty=HARD&tag=warmup&sort=solves&order=desc&q=graph' });
    await screen.findByRole('link', { name: 'A + B' });
    const sent = queries[0];
    expect([sent.get('difficulty'), sent.get('tag'), sent.get('sort'), sent.get('order'), sent.get('q')]).toEqual([
      'HARD',
      'warmup',
      'solves',
      'desc',
      'graph',
    ]);
    expect(screen.getByLabelText('Difficulty')).toHaveValue('HARD');
    expect(screen.getByLabelText('Search problems')).toHaveValue('graph');
    expect(sortOf('Solves')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the tag filter warmup' }));
    await waitFor(() => expect(queries.at(-1)?.get('tag')).toBeNull());
  });

  it('filters by a tag clicked in a row, beside the other filters', async () => {
    const { queries } = serve();
    await screen.findByRole('link', { name: 'A + B' });
    fireEvent.click(screen.getByRole('button', { name: 'Only problems tagged warmup' }));
    await waitFor(() => expect(queries.at(-1)?.get('tag')).toBe('warmup'));
    expect(search()).toBe('?tag=warmup');
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: 'HARD' } });
    await waitFor(() => expect(queries.at(-1)?.get('difficulty')).toBe('HARD'));
    expect(search()).toBe('?difficulty=HARD&tag=warmup');
  });

  it('shows Solves as the number of people who solved it, beside the AC rate of submissions (issue 33, defect 13)', async () => {
    serve();
    const row = (await screen.findByRole('link', { name: 'A + B' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('1', { selector: '[data-label="Solves"]' })).toBeInTheDocument();
    expect(row.querySelector('[data-label="AC Rate"]')?.textContent).toMatch(/^67/);
  });

  it('requires several tags at once, each added from a row and removed on its own, in the URL', async () => {
    const { queries } = serve({ url: '/problems?tag=warmup' });
    await screen.findByRole('link', { name: 'A + B' });
    fireEvent.click(screen.getByRole('button', { name: 'Only problems tagged math' }));
    await waitFor(() => expect(queries.at(-1)?.getAll('tag')).toEqual(['warmup', 'math']));
    expect(search()).toBe('?tag=warmup&tag=math');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the tag filter warmup' }));
    await waitFor(() => expect(queries.at(-1)?.getAll('tag')).toEqual(['math']));
    expect(search()).toBe('?tag=math');
  });

  it('reads comma-separated tags from the URL too', async () => {
    const { queries } = serve({ url: '/problems?tag=warmup,math' });
    await screen.findByRole('link', { name: 'A + B' });
    expect(queries.at(-1)?.getAll('tag')).toEqual(['warmup', 'math']);
    expect(screen.getByRole('button', { name: 'Remove the tag filter math' })).toBeInTheDocument();
  });

  it('hides tags and algorithms behind a switch this browser remembers', async () => {
    localStorage.clear();
    serve();
    await screen.findByRole('link', { name: 'A + B' });
    expect(screen.getByRole('button', { name: 'Only problems tagged warmup' })).toBeInTheDocument();
    expect(screen.getByText('dijkstra, graphs')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Hide tags'));
    expect(screen.queryByRole('button', { name: 'Only problems tagged warmup' })).toBeNull();
    expect(screen.queryByText('dijkstra, graphs')).toBeNull();
    expect(localStorage.getItem('oj.archive.hideTags')).toBe('true');
  });

  it('marks what the signed-in user solved and attempted', async () => {
    serve({ signedIn: true });
    const solved = await screen.findByRole('img', { name: 'Solved' });
    expect(solved.closest('tr')).toHaveTextContent('A + B');
    expect(screen.getByRole('img', { name: 'Attempted' }).closest('tr')).toHaveTextContent('Shortest Paths');
  });

  it('offers the difficulties', async () => {
    serve();
    await screen.findByRole('link', { name: 'A + B' });
    expect(
      within(screen.getByLabelText('Difficulty'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All difficulties', 'BASIC', 'EASY', 'MEDIUM', 'HARD']);
  });

  it('gives admins the visibility filter and deletes only after confirming', async () => {
    const { queries, deleted } = serve({ admin: true });
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
