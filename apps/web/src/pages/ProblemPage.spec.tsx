import { LiveEvent } from '@oj/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { StreamHookOptions } from '../live/useSubmissionStream';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { ProblemPage } from './ProblemPage';

// CodeMirror and react-markdown are ESM-only: stand-ins at the module boundary keep them out of unit tests.
jest.mock('../components/CodeEditor', () => ({
  CodeEditor: ({ value, onChange, label }: { value: string; onChange?: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));
jest.mock('../components/Markdown', () => ({ Markdown: ({ children }: { children: string }) => <div>{children}</div> }));

// The stream helper has its own tests; here the panel's handling of the events it delivers is under test.
let stream: StreamHookOptions | undefined;
jest.mock('../live/useSubmissionStream', () => ({
  useSubmissionStream: (options: StreamHookOptions) => {
    stream = options;
  },
}));

const problem = (extra: Record<string, unknown> = {}) => ({
  id: 'p-uuid',
  problemId: 7,
  title: 'Sum',
  statement: 'Add them.',
  difficulty: 'EASY',
  isPublic: true,
  inputFormat: 'Two numbers.',
  outputFormat: 'One number.',
  constraints: '',
  cpuTimeLimit: 2,
  memoryLimit: 128,
  outputLimit: 8,
  tags: [],
  subtasks: [],
  checker: { type: 'lines' },
  algorithms: [],
  judge0LanguageIds: [],
  samples: [{ input: '1 2', output: '3', explanation: 'Because.' }],
  testCaseCount: 3,
  totalPoints: 30,
  author: { id: 'someone', username: 'setter' },
  submissionCount: 4,
  acceptedSubmissionCount: 1,
  ...extra,
});

const LANGUAGES = [
  { id: 54, name: 'C++ (GCC 9.2.0)' },
  { id: 62, name: 'Java (OpenJDK 13.0.1)' },
  { id: 71, name: 'Python (3.8.1)' },
];

const row = (id: string, extra: Partial<LiveEvent> = {}): LiveEvent => ({
  id,
  _id: id,
  userId: 'u1',
  userName: 'alice',
  userRating: null,
  problemId: 7,
  problemTitle: 'Sum',
  problem: null,
  language: 'Python (3.8.1)',
  languageId: 71,
  verdict: 'PENDING',
  status: 'queued',
  score: 0,
  runtimeMs: null,
  memoryKB: null,
  sourceLen: 10,
  createdAt: '2026-11-23T10:00:00.000Z',
  submittedAt: '2026-11-23T10:00:00.000Z',
  queuedAt: null,
  startedAt: null,
  finishedAt: null,
  updatedAt: '2026-11-23T10:00:00.000Z',
  eventId: `e-${id}-${Math.random()}`,
  emittedAt: '2026-11-23T10:00:01.000Z',
  _eventType: 'created',
  eventType: 'created',
  ...extra,
});

function serve(options: { problem?: () => Response; rows?: LiveEvent[]; submit?: (body: unknown) => Response; role?: string } = {}) {
  return mockFetch(async (r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user({ role: options.role ?? 'user' }));
    if (route === 'GET /api/problems/7/rejudge') return json(200, { total: 0, done: 0, pending: 0 });
    if (route === 'GET /api/problems/7') return options.problem?.() ?? json(200, problem());
    if (route === 'GET /api/languages') return json(200, LANGUAGES);
    if (route === 'GET /api/problems/7/submissions') {
      const items = options.rows ?? [];
      return json(200, { items, total: items.length, totalPages: 1, page: 1, limit: 20, scope: new URL(r.url).searchParams.get('scope') });
    }
    if (route === 'POST /api/submissions') return options.submit?.(await r.json()) ?? json(201, { submissionId: 'new' });
  });
}

const routes = <Route path="/problems/:problemId" element={<ProblemPage />} />;

describe('ProblemPage', () => {
  beforeEach(() => {
    localStorage.clear();
    stream = undefined;
  });

  it('shows the problem and a login prompt to guests', async () => {
    serve();
    renderRoutes(routes, '/problems/7');
    expect(await screen.findByRole('heading', { name: /Sum/ })).toHaveTextContent('#7');
    expect(document.title).toBe('Sum · Online Judge');
    expect(screen.getByText('Add them.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Constraints' })).toBeNull();
    expect(screen.getByText('Because.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('heading', { name: 'Submit Solution' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it("shows the checker's rule, the subtasks with their points, and the tags", async () => {
    const subtasks = [
      { name: 'Subtask 1', scoring: 'min', points: 40 },
      { name: 'n ≤ 10^5', scoring: 'sum', points: 60, dependsOn: [0] },
      { name: 'Samples', scoring: 'min', points: 0 },
    ];
    serve({ problem: () => json(200, problem({ subtasks, checker: { type: 'float', epsilon: 1e-6 }, tags: ['math', 'greedy'] })) });
    renderRoutes(routes, '/problems/7');
    const judging = await screen.findByRole('region', { name: 'Judging' });
    expect(judging).toHaveTextContent('Answers within 1e-6 (absolute or relative) are accepted');
    const rows = within(within(judging).getByRole('table', { name: 'Subtasks' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'SubtaskPointsScoring',
      'Subtask 140all tests must pass',
      'Subtask 2: n ≤ 10^560points per passed test; needs subtask 1 in full',
      'Subtask 3: Samples0judged, scores nothing; what depends on it needs all its tests passed',
    ]);
    expect(
      within(within(judging).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['math', 'greedy']);
  });

  it.each([
    ['tokens', 'Tokens compared, whitespace ignored.'],
    ['custom', 'A custom checker judges the output.'],
    ['lines', 'Lines compared, trailing whitespace ignored.'],
  ])('says in words how a %s checker judges', async (type, rule) => {
    serve({ problem: () => json(200, problem({ checker: { type } })) });
    renderRoutes(routes, '/problems/7');
    expect(await screen.findByRole('region', { name: 'Judging' })).toHaveTextContent(rule);
    expect(screen.queryByRole('table', { name: 'Subtasks' })).toBeNull();
  });

  it('says which Java class runs and that a Python syntax error is a compile error, where those languages are allowed', async () => {
    serve({ problem: () => json(200, problem({ judge0LanguageIds: [62, 71], outputLimit: 16 })) });
    renderRoutes(routes, '/problems/7');
    const judging = await screen.findByRole('region', { name: 'Judging' });
    expect(judging).toHaveTextContent('Java: submit one file; its public class (or, without one, the class with public static void main)');
    expect(judging).toHaveTextContent('Python: the whole file is compiled before the tests, so a syntax error is a compile error.');
    expect(screen.getByText(/output 16 MB/)).toBeInTheDocument();
  });

  it.each([
    [404, 'Problem not found.'],
    [403, 'Failed to load problem. You may not have access.'],
  ])('answers a %i with %s', async (status, text) => {
    serve({ problem: () => json(status, { message: 'nope', code: 'X' }) });
    renderRoutes(routes, '/problems/7');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("offers its author Edit and Export package but not the admins' actions", async () => {
    storeTokens();
    serve({ problem: () => json(200, problem({ author: { id: 'u1', username: 'alice' } })) });
    renderRoutes(routes, '/problems/7');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/problems/7/edit');
    expect(screen.getByRole('button', { name: 'Export package' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Private' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('offers another user neither Edit nor Export package', async () => {
    storeTokens();
    serve({ problem: () => json(200, problem()) });
    renderRoutes(routes, '/problems/7');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export package' })).toBeNull();
  });

  it('lets an admin make the problem private, reading it again, and delete it after confirming', async () => {
    storeTokens();
    let isPublic = true;
    const sent: string[] = [];
    const serveProblem = serve({ role: 'admin', problem: () => json(200, problem({ isPublic })) });
    mockFetch(async (r, route) => {
      if (route === 'PATCH /api/problems/7/visibility') {
        sent.push(`${route} ${JSON.stringify(await r.json())}`);
        isPublic = false;
        return json(200, problem({ isPublic }));
      }
      if (route === 'DELETE /api/problems/7') return (sent.push(route), json(204));
      return serveProblem(r);
    });
    renderRoutes(
      <>
        {routes}
        <Route path="/problems" element={<p>Archive</p>} />
      </>,
      '/problems/7',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Make Private' }));
    expect(await screen.findByRole('button', { name: 'Make Public' })).toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete problem' });
    expect(dialog).toHaveTextContent('Delete #7 Sum? All its submissions are also removed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Archive')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/problems');
    expect(sent).toEqual(['PATCH /api/problems/7/visibility {"isPublic":false}', 'DELETE /api/problems/7']);
  });

  it("says 'Problem not found.' for an id that is not a number, without asking the server", async () => {
    const fetch = serve();
    renderRoutes(routes, '/problems/abc');
    expect(await screen.findByText('Problem not found.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('restricts languages to the allowed ids, remembers the last one and sends languageId as a number', async () => {
    storeTokens();
    localStorage.setItem('oj.lastLanguage', '62');
    let sent: unknown;
    serve({
      problem: () => json(200, problem({ judge0LanguageIds: [62, 71] })),
      submit: (body) => ((sent = body), json(201, { submissionId: 's1' })),
    });
    renderRoutes(routes, '/problems/7');
    const select = (await screen.findByLabelText('Language')) as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Java (OpenJDK 13.0.1)', 'Python (3.8.1)']),
    );
    expect(select.value).toBe('62');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Source code is required.');
    fireEvent.change(select, { target: { value: '71' } });
    fireEvent.change(screen.getByLabelText('Source code'), { target: { value: 'print(3)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toEqual({ problemId: 7, languageId: 71, sourceCode: 'print(3)' }));
    expect(localStorage.getItem('oj.lastLanguage')).toBe('71');
  });

  it("defaults to language 71 and shows 'Failed to submit solution.' when the server gives no message", async () => {
    storeTokens();
    serve({ submit: () => new Response('', { status: 500 }) });
    renderRoutes(routes, '/problems/7');
    const select = (await screen.findByLabelText('Language')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('71'));
    fireEvent.change(screen.getByLabelText('Source code'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit solution.')).toBeInTheDocument();
  });

  it("keeps the My tab to the user's own events and shows grading progress live", async () => {
    storeTokens();
    serve({ rows: [row('old', { status: 'accepted', score: 100 })] });
    renderRoutes(routes, '/problems/7');
    await screen.findByRole('tab', { name: 'My Submissions', selected: true });
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(stream).toMatchObject({
      enabled: true,
      streamPath: '/api/problems/7/submissions/stream',
      updatesPath: '/api/problems/7/submissions/updates',
    });

    // React Query tells its observers on a zero-delay timer, so each change is awaited.
    act(() => stream?.onEvent(row('theirs', { userId: 'u2', userName: 'bob' })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelectorAll('tbody tr')).toHaveLength(1);

    act(() => stream?.onEvent(row('mine')));
    const rows = () => Array.from(document.querySelectorAll('tbody tr')) as HTMLElement[];
    await waitFor(() => expect(rows().map((r) => r.dataset.submissionId)).toEqual(['mine', 'old']));
    expect(within(rows()[0]).getByText('Queued')).toBeInTheDocument();

    act(() => stream?.onEvent(row('mine', { status: 'running', _eventType: 'progress', progress: { done: 7, total: 20 } })));
    expect(await within(rows()[0]).findByRole('progressbar')).toHaveTextContent('Grading… 7/20');

    act(() =>
      stream?.onEvent(
        row('mine', { status: 'wrong_answer', verdict: 'WRONG_ANSWER', score: 35, runtimeMs: 12, memoryKB: 900, _eventType: 'finished' }),
      ),
    );
    expect(await within(rows()[0]).findByText('Wrong Answer')).toBeInTheDocument();
    expect(within(rows()[0]).queryByRole('progressbar')).toBeNull();
    expect(within(rows()[0]).getByText('35%')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
  });

  it("accepts everyone's events on the All tab and shows '(deleted user)' without a name", async () => {
    storeTokens();
    serve();
    renderRoutes(routes, '/problems/7');
    fireEvent.click(await screen.findByRole('tab', { name: 'All Submissions' }));
    await screen.findByText('No submissions to display.');
    await waitFor(() => expect(stream).toBeDefined());
    act(() => stream?.onEvent(row('ghost', { userId: null, userName: null })));
    expect(await screen.findByText('(deleted user)')).toBeInTheDocument();
  });

  it('keeps the unsent source per problem and language across a reload, and brings back each language its own', async () => {
    storeTokens();
    serve();
    const first = renderRoutes(routes, '/problems/7');
    const select = (await screen.findByLabelText('Language')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('71'));
    fireEvent.change(screen.getByLabelText('Source code'), { target: { value: 'print(1)' } });
    await waitFor(() => expect(localStorage.getItem('oj.draft.7.71')).toBe('print(1)'));
    // Another language without a draft keeps the text; once edited, it is that language's draft.
    fireEvent.change(select, { target: { value: '54' } });
    expect(screen.getByLabelText('Source code')).toHaveValue('print(1)');
    fireEvent.change(screen.getByLabelText('Source code'), { target: { value: 'int main(){}' } });
    await waitFor(() => expect(localStorage.getItem('oj.draft.7.54')).toBe('int main(){}'));
    fireEvent.change(select, { target: { value: '71' } });
    expect(screen.getByLabelText('Source code')).toHaveValue('print(1)');
    first.unmount();

    // A reload: the last language and its draft are back.
    localStorage.setItem('oj.lastLanguage', '54');
    renderRoutes(routes, '/problems/7');
    await waitFor(() => expect(screen.getByLabelText('Source code')).toHaveValue('int main(){}'));
  });

  it("moves the problem's counts when a verdict arrives, once per submission, and scrolls the new row into view and focuses it", async () => {
    storeTokens();
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push((this as HTMLElement).dataset.submissionId ?? '');
    };
    serve({ submit: () => json(201, { submissionId: 'mine' }) });
    renderRoutes(routes, '/problems/7');
    expect(await screen.findByText(/4 submissions · 1 accepted/)).toBeInTheDocument();
    await screen.findByText('No submissions to display.');
    fireEvent.change(screen.getByLabelText('Source code'), { target: { value: 'print(3)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Submitted. Watch it being graded below.');
    act(() => stream?.onEvent(row('mine')));
    await waitFor(() => expect(scrolled).toEqual(['mine']));
    expect(document.activeElement).toBe(document.querySelector('[data-submission-id="mine"]'));

    const accepted = row('mine', { status: 'accepted', verdict: 'ACCEPTED', score: 100, _eventType: 'finished' });
    act(() => stream?.onEvent(accepted));
    expect(await screen.findByText(/5 submissions · 2 accepted/)).toBeInTheDocument();
    // The same final state delivered again, and a verdict of a submission finished before this visit, change nothing.
    act(() => stream?.onEvent({ ...accepted, eventId: 'again' }));
    act(() => stream?.onEvent(row('earlier', { userId: 'u2', status: 'accepted', _eventType: 'finished' })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText(/5 submissions · 2 accepted/)).toBeInTheDocument();
  });

  it("submits with Ctrl+Enter and runs with Ctrl+' from the editor, and shows both shortcuts on their buttons", async () => {
    storeTokens();
    const sent: string[] = [];
    const fetch = serve({
      submit: (body) => (sent.push((body as { sourceCode: string }).sourceCode), json(201, { submissionId: 'mine' })),
    });
    renderRoutes(routes, '/problems/7');
    const editor = await screen.findByLabelText('Source code');
    const submit = screen.getByRole('button', { name: 'Submit' });
    const run = screen.getByRole('button', { name: 'Run' });
    expect(submit).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
    expect(submit).toHaveTextContent('Ctrl+Enter');
    expect(run).toHaveAttribute('aria-keyshortcuts', "Control+'");
    expect(run).toHaveTextContent("Ctrl+'");

    fireEvent.change(editor, { target: { value: 'print(3)' } });
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sent).toEqual(['print(3)']));
    fireEvent.keyDown(editor, { key: "'", ctrlKey: true });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([input]) => String((input as Request).url ?? input).endsWith('/api/judge/run'))).toBe(true),
    );
    // Enter alone is typing: it neither submits nor runs.
    fireEvent.keyDown(editor, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['an admin', 'admin', 1],
    ['a user', 'user', 0],
  ])("offers 'Rejudge all' to %s only", async (_who, role, buttons) => {
    storeTokens();
    const fetch = serve({ role });
    renderRoutes(routes, '/problems/7');
    await screen.findByText(/4 submissions · 1 accepted/);
    await waitFor(() => expect(screen.queryAllByRole('button', { name: 'Rejudge all' })).toHaveLength(buttons));
    // Only an admin asks for the rejudge progress.
    const asked = fetch.mock.calls.some(([input]) => String((input as Request).url ?? input).endsWith('/api/problems/7/rejudge'));
    expect(asked).toBe(role === 'admin');
  });

  it('reads the counts again when a rejudged submission gets its new verdict, rather than counting it as new', async () => {
    storeTokens();
    let reads = 0;
    serve({ problem: () => json(200, ++reads === 1 ? problem() : problem({ acceptedSubmissionCount: 0 })) });
    renderRoutes(routes, '/problems/7');
    expect(await screen.findByText(/4 submissions · 1 accepted/)).toBeInTheDocument();
    await screen.findByText('No submissions to display.');
    const rejudgedAt = '2026-11-23T11:00:00.000Z';
    act(() => stream?.onEvent(row('old', { rejudgedAt, status: 'running', _eventType: 'running' })));
    act(() => stream?.onEvent(row('old', { rejudgedAt, status: 'wrong_answer', verdict: 'WRONG_ANSWER', _eventType: 'finished' })));
    expect(await screen.findByText(/4 submissions · 0 accepted/)).toBeInTheDocument();
  });
});
