import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, useLocation } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { ProblemEditorPage } from './ProblemEditorPage';

// CodeMirror and react-markdown are ESM-only: stand-ins at the module boundary keep them out of unit tests.
jest.mock('../components/CodeEditor', () => ({
  CodeEditor: ({ value, onChange, label }: { value: string; onChange?: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));
jest.mock('../components/Markdown', () => ({
  Markdown: ({ children }: { children: string }) => <div data-testid="rendered">{children}</div>,
}));

const LANGUAGES = [
  { id: 54, name: 'C++ (GCC 12.2.0)' },
  { id: 71, name: 'Python (3.11.2)' },
];

const stored = (extra: Record<string, unknown> = {}) => ({
  id: 'uuid',
  problemId: 3,
  title: 'Knapsack',
  statement: 'Pack it.',
  difficulty: 'HARD',
  isPublic: true,
  inputFormat: '',
  outputFormat: '',
  constraints: '',
  cpuTimeLimit: 1,
  memoryLimit: 256,
  outputLimit: 16,
  tags: ['dp'],
  algorithms: ['Dynamic Programming'],
  judge0LanguageIds: [71],
  samples: [],
  templates: [{ languageId: 71, sourceCode: 'import sys\n' }],
  testCaseCount: 2,
  totalPoints: 2,
  author: { id: 'u1', username: 'alice' },
  submissionCount: 0,
  acceptedSubmissionCount: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...extra,
});

interface Server {
  role?: string;
  problem?: () => Response;
  save?: (body: Record<string, unknown>) => Response;
  zip?: () => Response;
  validate?: (body: Record<string, unknown>) => Response;
  trial?: (body: Record<string, unknown>) => Response;
}

function serve(s: Server = {}) {
  storeTokens();
  const calls: { route: string; query: string; body?: Record<string, unknown> }[] = [];
  mockFetch(async (r, route) => {
    const body =
      r.method === 'POST' || r.method === 'PUT'
        ? r.headers.get('content-type')?.includes('json')
          ? await r.json()
          : undefined
        : undefined;
    calls.push({ route, query: new URL(r.url).search, body });
    if (route === 'GET /api/auth/me') return json(200, user({ role: s.role ?? 'admin' }));
    if (route === 'GET /api/languages') return json(200, LANGUAGES);
    if (route === 'GET /api/problems/algorithms') return json(200, { items: ['Dynamic Programming', 'Greedy', 'Graphs'] });
    if (route === 'GET /api/problems/3') return s.problem?.() ?? json(200, stored());
    if (route === 'POST /api/problems') return s.save?.(body ?? {}) ?? json(201, stored({ problemId: 9, title: (body ?? {}).title }));
    if (route === 'PUT /api/problems/3') return s.save?.(body ?? {}) ?? json(200, stored());
    if (route === 'POST /api/problems/testcases/zip-parse') return s.zip?.() ?? json(200, { testCases: [], warnings: [] });
    if (route === 'POST /api/judge/checker-trial') return s.trial?.(body ?? {});
    if (route === 'POST /api/judge/validate')
      return s.validate?.(body ?? {}) ?? json(200, { score: 100, cases: [], maxExecTimeMs: 1, maxMemoryKb: 1 });
  });
  return calls;
}

const editRoutes = (
  <>
    <Route path="/problems/:problemId/edit" element={<ProblemEditorPage mode="edit" />} />
    <Route path="/problems/:problemId" element={<p>problem page</p>} />
  </>
);
const createRoutes = (
  <>
    <Route
      path="/admin/create"
      element={
        <>
          <Link to="/problems">Leave</Link>
          <ProblemEditorPage mode="create" />
        </>
      }
    />
    <Route path="/problems" element={<p>archive</p>} />
    <Route path="/problems/:problemId" element={<FlashProbe />} />
  </>
);

/** Stands in for the problem page: shows the flash it was sent with. */
function FlashProbe() {
  const state = useLocation().state as { flash?: string } | null;
  return <p>problem page: {state?.flash}</p>;
}

async function fillValidProblem() {
  fireEvent.change(await screen.findByLabelText('Title'), { target: { value: ' Sum ' } });
  fireEvent.change(screen.getByLabelText('Statement'), { target: { value: 'Add $a$ and $b$.' } });
  await screen.findByLabelText('Python (3.11.2)');
  fireEvent.click(screen.getByRole('button', { name: 'Add test case' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Test Case' });
  fireEvent.change(within(dialog).getByLabelText('Input'), { target: { value: '1 2\n' } });
  fireEvent.change(within(dialog).getByLabelText('Output'), { target: { value: '3\n' } });
  fireEvent.change(within(dialog).getByLabelText('Points'), { target: { value: '2000' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('ProblemEditorPage (edit)', () => {
  beforeEach(() => localStorage.clear());

  it('refuses someone who is neither admin nor author', async () => {
    serve({ role: 'user', problem: () => json(200, stored({ author: { id: 'someone-else', username: 'x' } })) });
    renderRoutes(editRoutes, '/problems/3/edit');
    expect(await screen.findByText('You do not have permission to edit this problem.')).toBeInTheDocument();
  });

  it("says 'Problem not found.' for a missing problem", async () => {
    serve({ problem: () => json(404, {}) });
    renderRoutes(editRoutes, '/problems/3/edit');
    expect(await screen.findByText('Problem not found.')).toBeInTheDocument();
  });

  it("lets the author edit a public problem without its hidden tests: the update keeps them and returns with 'Problem updated'", async () => {
    const calls = serve({ role: 'user' });
    renderRoutes(editRoutes, '/problems/3/edit');
    expect(await screen.findByRole('heading', { name: 'Edit problem' })).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'GET /api/problems/3')?.query).toBe('?includePrivate=true');
    expect(screen.getByLabelText('Title')).toHaveValue('Knapsack');
    expect(screen.getByLabelText('Public')).toBeDisabled();
    expect(screen.getByText('The current test cases are kept. Add test cases or upload a ZIP to replace them.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Knapsack 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update problem' }));
    await screen.findByText('problem page');
    const put = calls.find((c) => c.route === 'PUT /api/problems/3');
    expect(put?.body).toMatchObject({
      title: 'Knapsack 2',
      isPublic: true,
      judge0LanguageIds: [71],
      tags: ['dp'],
      templates: [{ languageId: 71, sourceCode: 'import sys\n' }],
    });
    expect(put?.body && 'testCases' in put.body).toBe(false);
  });

  it("shows the server's field messages at their fields", async () => {
    serve({
      problem: () => json(200, stored({ testCases: [{ input: '1', output: '1', points: 1 }] })),
      save: () =>
        json(400, {
          message: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ path: 'title', message: 'title must be shorter than or equal to 200 characters' }],
        }),
    });
    renderRoutes(editRoutes, '/problems/3/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Update problem' }));
    expect(await screen.findByText('title must be shorter than or equal to 200 characters')).toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).toBeNull();
  });
});

describe('ProblemEditorPage (create)', () => {
  beforeEach(() => localStorage.clear());

  it('checks the form with the spec texts before anything is sent', async () => {
    const calls = serve();
    renderRoutes(createRoutes, '/admin/create');
    await screen.findByLabelText('Python (3.11.2)');
    for (const name of ['C++ (GCC 12.2.0)', 'Python (3.11.2)']) fireEvent.click(screen.getByLabelText(name));
    fireEvent.click(screen.getByRole('button', { name: 'Create problem' }));
    for (const text of [
      'Title is required.',
      'Statement is required.',
      'At least one test case is required.',
      'Select at least one Judge0 language.',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.route === 'POST /api/problems')).toBe(false);
    // Each error goes as soon as its field is fixed; the others stay.
    // The label holds its error, so its text starts with Title.
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Sum' } });
    expect(screen.queryByText('Title is required.')).toBeNull();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'false');
    fireEvent.click(screen.getByLabelText('Python (3.11.2)'));
    expect(screen.queryByText('Select at least one Judge0 language.')).toBeNull();
    expect(screen.getByText('Statement is required.')).toBeInTheDocument();
    expect(screen.getByText('At least one test case is required.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Validate Test Cases' }));
    expect(screen.getByText('At least one test case is required before validation.')).toBeInTheDocument();
  });

  it("drops 'At least one test case is required.' once a ZIP brings six tests", async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ input: `${i}\n`, output: `${i}\n`, points: 1 }));
    serve({ zip: () => json(200, { testCases: six, warnings: [] }) });
    renderRoutes(createRoutes, '/admin/create');
    await screen.findByLabelText('Python (3.11.2)');
    fireEvent.click(screen.getByRole('button', { name: 'Create problem' }));
    expect(screen.getByText('At least one test case is required.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Upload ZIP'), { target: { files: [new File(['PK'], 'tests.zip')] } });
    expect(await screen.findByRole('button', { name: 'Edit test case 6' })).toBeInTheDocument();
    expect(screen.queryByText('At least one test case is required.')).toBeNull();
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
  });

  it("creates a problem with every language preselected, says Creating… while saving, then opens it with 'Problem created'", async () => {
    let release!: () => void;
    const calls = serve({
      save: (body) =>
        new Promise<Response>((r) => (release = () => r(json(201, stored({ problemId: 9, title: body.title }))))) as unknown as Response,
    });
    renderRoutes(createRoutes, '/admin/create');
    await fillValidProblem();
    expect(screen.getByText('Python (3.11.2)', { selector: 'label' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Statement'), { target: { value: 'Add $a$.' } });
    expect(within(screen.getByLabelText('Statement preview')).getByTestId('rendered')).toHaveTextContent('Add $a$.');
    fireEvent.click(screen.getByRole('button', { name: 'Create problem' }));
    expect(await screen.findByRole('button', { name: 'Creating…' })).toBeDisabled();
    const post = calls.find((c) => c.route === 'POST /api/problems');
    expect(post?.body).toMatchObject({
      title: 'Sum',
      judge0LanguageIds: [54, 71],
      testCases: [{ input: '1 2\n', output: '3\n', points: 1000 }],
      cpuTimeLimit: 2,
      memoryLimit: 128,
      outputLimit: 8,
    });
    act(() => release());
    expect(await screen.findByText('problem page: Problem created')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/problems/9');
  });

  it('adds chips with Enter and commas, removes the last with Backspace, and suggests known algorithms', async () => {
    serve();
    renderRoutes(createRoutes, '/admin/create');
    const tags = await screen.findByLabelText('Tags');
    fireEvent.change(tags, { target: { value: 'math' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.change(tags, { target: { value: 'easy  one,' } });
    expect(screen.getByText('math')).toBeInTheDocument();
    expect(screen.getByText('easy one')).toBeInTheDocument();
    fireEvent.keyDown(tags, { key: 'Backspace' });
    expect(screen.queryByText('easy one')).toBeNull();
    const algorithms = screen.getByLabelText('Algorithms');
    fireEvent.focus(algorithms);
    fireEvent.change(algorithms, { target: { value: 'gr' } });
    const suggestions = await screen.findByRole('listbox', { name: 'Algorithms suggestions' });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((b) => b.textContent),
    ).toEqual(['Dynamic Programming', 'Greedy', 'Graphs']);
    fireEvent.click(within(suggestions).getByRole('option', { name: 'Greedy' }));
    expect(screen.getByRole('button', { name: 'Remove Greedy' })).toBeInTheDocument();
  });

  it('moves through the algorithm suggestions with the arrow keys and takes the highlighted one with Enter', async () => {
    serve();
    renderRoutes(createRoutes, '/admin/create');
    const algorithms = await screen.findByRole('combobox', { name: 'Algorithms' });
    fireEvent.focus(algorithms);
    fireEvent.change(algorithms, { target: { value: 'gr' } });
    const listbox = await screen.findByRole('listbox', { name: 'Algorithms suggestions' });
    expect(algorithms).toHaveAttribute('aria-expanded', 'true');
    expect(algorithms).toHaveAttribute('aria-controls', listbox.id);
    expect(algorithms).not.toHaveAttribute('aria-activedescendant');
    const highlighted = () => document.getElementById(algorithms.getAttribute('aria-activedescendant') ?? '');

    fireEvent.keyDown(algorithms, { key: 'ArrowDown' });
    expect(highlighted()).toHaveTextContent('Dynamic Programming');
    expect(highlighted()).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(algorithms, { key: 'ArrowDown' });
    expect(highlighted()).toHaveTextContent('Greedy');
    fireEvent.keyDown(algorithms, { key: 'ArrowUp' });
    fireEvent.keyDown(algorithms, { key: 'ArrowUp' });
    expect(algorithms).not.toHaveAttribute('aria-activedescendant');
    fireEvent.keyDown(algorithms, { key: 'ArrowUp' });
    expect(highlighted()).toHaveTextContent('Graphs');
    fireEvent.keyDown(algorithms, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Remove Graphs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove gr' })).toBeNull();
    expect(algorithms).toHaveValue('');

    // Escape closes the list; Enter then adds the typed text as it is.
    fireEvent.change(algorithms, { target: { value: 'gre' } });
    fireEvent.keyDown(algorithms, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(algorithms, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Remove gre' })).toBeInTheDocument();
  });

  it('leaves a half-typed algorithm out of the chips when the field is left, but still adds a tag', async () => {
    serve();
    renderRoutes(createRoutes, '/admin/create');
    const algorithms = await screen.findByLabelText('Algorithms');
    fireEvent.focus(algorithms);
    fireEvent.change(algorithms, { target: { value: 'gr' } });
    fireEvent.blur(algorithms);
    expect(screen.queryByRole('button', { name: 'Remove gr' })).toBeNull();
    const tags = screen.getByLabelText('Tags');
    fireEvent.change(tags, { target: { value: 'math' } });
    fireEvent.blur(tags);
    expect(screen.getByRole('button', { name: 'Remove math' })).toBeInTheDocument();
  });

  it('imports test cases from a ZIP with its warnings, refuses other files, and says when no pair was found', async () => {
    let answer = () =>
      json(200, {
        testCases: [
          { input: '1\n', output: '1\n', points: 1 },
          { input: '2\n', output: '4\n', points: 1 },
        ],
        warnings: ['3.in has no matching output; skipped'],
      });
    serve({ zip: () => answer() });
    renderRoutes(createRoutes, '/admin/create');
    const upload = (await screen.findByLabelText('Upload ZIP')) as HTMLInputElement;
    fireEvent.change(upload, { target: { files: [new File(['x'], 'tests.txt')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a .zip file.');
    fireEvent.change(upload, { target: { files: [new File(['PK'], 'tests.zip', { type: 'application/zip' })] } });
    expect(await screen.findByText('3.in has no matching output; skipped')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit test case 2' })).toBeInTheDocument();
    answer = () => json(200, { testCases: [], warnings: [] });
    fireEvent.change(upload, { target: { files: [new File(['PK'], 'empty.zip')] } });
    expect(await screen.findByText('No valid test case pairs were found in the archive.')).toBeInTheDocument();
    answer = () => json(400, {});
    fireEvent.change(upload, { target: { files: [new File(['PK'], 'broken.zip')] } });
    expect(await screen.findByText('Failed to parse test case archive')).toBeInTheDocument();
  });

  it('defines subtasks, assigns a test to one in its dialog, and sends both', async () => {
    const calls = serve();
    renderRoutes(createRoutes, '/admin/create');
    await fillValidProblem();
    fireEvent.click(screen.getByRole('button', { name: 'Add subtask' }));
    const subtask = screen.getByRole('group', { name: 'Subtask 1' });
    fireEvent.change(within(subtask).getByLabelText('Name (optional)'), { target: { value: 'Small' } });
    fireEvent.change(within(subtask).getByLabelText('Points'), { target: { value: '40' } });
    // A subtask without tests is refused before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Create problem' }));
    expect(await screen.findByText('Subtask 1 has no test cases: assign some, or remove it.')).toBeInTheDocument();
    expect(calls.some((c) => c.route === 'POST /api/problems')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Edit test case 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Test Case' });
    fireEvent.change(within(dialog).getByLabelText('Subtask'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Subtask 1: Small', { selector: 'td' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Subtask 1: Small' })).getByText('1 test case')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create problem' }));
    await waitFor(() => expect(calls.some((c) => c.route === 'POST /api/problems')).toBe(true));
    expect(calls.find((c) => c.route === 'POST /api/problems')?.body).toMatchObject({
      testCases: [{ input: '1 2\n', output: '3\n', points: 1000, subtask: 0 }],
      subtasks: [{ name: 'Small', scoring: 'min', points: 40 }],
    });
  });

  it('takes the subtasks a ZIP suggests along with its tests, and removing one frees its tests', async () => {
    const zip = {
      testCases: [
        { input: '1\n', output: '1\n', points: 1, subtask: 0 },
        { input: '2\n', output: '4\n', points: 1, subtask: 1 },
      ],
      subtasks: [
        { name: 'Subtask 1', scoring: 'min', points: 1 },
        { name: 'Subtask 2', scoring: 'min', points: 1 },
      ],
      warnings: [],
    };
    serve({ zip: () => json(200, zip) });
    renderRoutes(createRoutes, '/admin/create');
    fireEvent.change(await screen.findByLabelText('Upload ZIP'), { target: { files: [new File(['PK'], 'tests.zip')] } });
    expect(await screen.findByRole('group', { name: 'Subtask 2: Subtask 2' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Subtask 1: Subtask 1' }));
    // The second test followed its subtask, now the first.
    expect(screen.getAllByRole('cell', { name: /^(None|Subtask 1: Subtask 2)$/ }).map((c) => c.textContent)).toEqual([
      'None',
      'Subtask 1: Subtask 2',
    ]);
  });

  it('validates a reference solution and shows each case with its status label', async () => {
    const calls = serve({
      validate: () =>
        json(200, {
          score: 50,
          cases: [
            { i: 0, s: 3, t: 4, m: 900, p: 1 },
            { i: 1, s: 5, t: 1000, m: 900, p: 0 },
          ],
          maxExecTimeMs: 1000,
          maxMemoryKb: 900,
        }),
    });
    renderRoutes(createRoutes, '/admin/create');
    await fillValidProblem();
    fireEvent.click(screen.getByRole('button', { name: 'Validate Test Cases' }));
    const dialog = screen.getByRole('dialog', { name: 'Validate Test Cases' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run validation' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reference solution is required.');
    fireEvent.change(within(dialog).getByLabelText('Reference Solution'), { target: { value: 'print(3)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run validation' }));
    expect(await within(dialog).findByText('Time Limit')).toBeInTheDocument();
    expect(within(dialog).getByText('Accepted')).toBeInTheDocument();
    expect(within(dialog).getByText('50%')).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/judge/validate')?.body).toMatchObject({
      languageId: 71,
      sourceCode: 'print(3)',
      cpuTimeLimit: 2,
      memoryLimit: 128,
      outputLimit: 8,
      testCases: [{ index: 0, input: '1 2\n', output: '3\n', points: 1000 }],
    });
  });

  it('asks before leaving a form with unsaved changes', async () => {
    serve();
    renderRoutes(createRoutes, '/admin/create');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Draft' } });
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Draft');
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByText('archive')).toBeInTheDocument());
  });
});

describe('ProblemEditorPage checker section', () => {
  beforeEach(() => localStorage.clear());

  it('sets a float checker with its epsilon, and checks the epsilon before sending', async () => {
    const calls = serve();
    renderRoutes(createRoutes, '/admin/create');
    await fillValidProblem();
    const checker = screen.getByRole('region', { name: 'Checker' });
    fireEvent.change(within(checker).getByLabelText('Type'), { target: { value: 'float' } });
    fireEvent.change(within(checker).getByLabelText('Epsilon (absolute or relative)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create problem' }));
    expect(await within(checker).findByText('Epsilon must be a number greater than 0 and at most 1.')).toBeInTheDocument();
    expect(calls.some((c) => c.route === 'POST /api/problems')).toBe(false);
    fireEvent.change(within(checker).getByLabelText('Epsilon (absolute or relative)'), { target: { value: '1e-4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create problem' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/problems')?.body).toMatchObject({ checker: { type: 'float', epsilon: 1e-4 } }),
    );
  });

  it("edits a custom checker's source and shows the compiler output when the judge refuses it", async () => {
    const source = '#include "testlib.h"\nint main() {}\n';
    const compileError = 'The checker does not compile:\nmain.cpp:2: error: expected ;';
    const calls = serve({
      problem: () =>
        json(200, stored({ testCases: [{ input: '1\n', output: '1\n', points: 1 }], checker: { type: 'custom', languageId: 54, source } })),
      save: () =>
        json(400, {
          code: 'VALIDATION_ERROR',
          message: 'The checker does not compile.',
          details: [{ path: 'checker.source', message: compileError }],
        }),
    });
    renderRoutes(editRoutes, '/problems/3/edit');
    const checker = await screen.findByRole('region', { name: 'Checker' });
    expect(within(checker).getByLabelText('Type')).toHaveValue('custom');
    fireEvent.change(within(checker).getByLabelText('Checker source'), { target: { value: `${source}// edited\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Update problem' }));
    expect(await within(checker).findByText(/main\.cpp:2: error: expected ;/)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'PUT /api/problems/3')?.body).toMatchObject({
      checker: { type: 'custom', languageId: 54, source: `${source}// edited\n` },
    });
  });

  it('shows an author who is not an admin the saved custom checker read-only, with the reason, and sends it back unchanged', async () => {
    const source = '#include "testlib.h"\nint main() {}\n';
    const calls = serve({ role: 'user', problem: () => json(200, stored({ checker: { type: 'custom', languageId: 54, source } })) });
    renderRoutes(editRoutes, '/problems/3/edit');
    const checker = await screen.findByRole('region', { name: 'Checker' });
    expect(
      within(checker).getByText('Only administrators may set or change a custom checker, because a checker can read the hidden tests.'),
    ).toBeInTheDocument();
    expect(within(checker).getByLabelText('Checker source')).toHaveAttribute('readonly');
    expect(within(checker).getByLabelText('Checker language')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Update problem' }));
    await screen.findByText('problem page');
    expect(calls.find((c) => c.route === 'PUT /api/problems/3')?.body).toMatchObject({
      checker: { type: 'custom', languageId: 54, source },
    });
  });

  it('does not offer a custom checker to an author who is not an admin', async () => {
    serve({ role: 'user' });
    renderRoutes(editRoutes, '/problems/3/edit');
    const checker = await screen.findByRole('region', { name: 'Checker' });
    expect(within(checker).getByRole('option', { name: 'Custom checker (testlib)' })).toBeDisabled();
    expect(within(checker).getByRole('option', { name: 'Tokens (ignore all whitespace)' })).toBeEnabled();
  });

  it("adopts a ZIP's checker source into the Checker section, with the import's note", async () => {
    const source = '#include "testlib.h"\nint main() {}\n';
    const calls = serve({
      zip: () =>
        json(200, {
          testCases: [{ input: '1 2\n', output: '3\n', points: 1 }],
          subtasks: [],
          checker: { type: 'custom', languageId: 50, source },
          warnings: ['Found check.c: set as the custom checker (C).'],
        }),
    });
    renderRoutes(createRoutes, '/admin/create');
    await fillValidProblem();
    fireEvent.change(screen.getByLabelText('Upload ZIP'), { target: { files: [new File(['PK'], 'tests.zip')] } });
    expect(await screen.findByRole('list', { name: 'Import warnings' })).toHaveTextContent('Found check.c: set as the custom checker (C).');
    const checker = screen.getByRole('region', { name: 'Checker' });
    expect(within(checker).getByLabelText('Type')).toHaveValue('custom');
    expect(within(checker).getByLabelText('Checker language')).toHaveValue('50');
    expect(within(checker).getByLabelText('Checker source')).toHaveValue(source);
    fireEvent.click(screen.getByRole('button', { name: 'Create problem' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/problems')?.body).toMatchObject({
        checker: { type: 'custom', languageId: 50, source },
      }),
    );
  });

  it("tests a custom checker on the first sample, and validates with the form's checker", async () => {
    const calls = serve({
      problem: () =>
        json(
          200,
          stored({
            samples: [{ input: '1 2\n', output: '3\n' }],
            testCases: [{ input: '1\n', output: '1\n', points: 1 }],
            checker: { type: 'custom', languageId: 54, source: 'src' },
          }),
        ),
      trial: () =>
        json(200, { compiled: true, compilerOutput: '', trial: { outcome: 'wrong_answer', fraction: 0.5, message: 'half right' } }),
    });
    renderRoutes(editRoutes, '/problems/3/edit');
    const checker = await screen.findByRole('region', { name: 'Checker' });
    fireEvent.click(within(checker).getByRole('button', { name: 'Test checker' }));
    expect(await within(checker).findByRole('status')).toHaveTextContent('Wrong answer (50 % of the points): half right');
    expect(calls.find((c) => c.route === 'POST /api/judge/checker-trial')?.body).toEqual({
      source: 'src',
      languageId: 54,
      input: '1 2\n',
      output: '3\n',
      answer: '3\n',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Validate Test Cases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validate Test Cases' });
    fireEvent.change(within(dialog).getByLabelText('Reference Solution'), { target: { value: 'print(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run validation' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/judge/validate')?.body).toMatchObject({
        checker: { type: 'custom', source: 'src', languageId: 54 },
      }),
    );
  });
});
