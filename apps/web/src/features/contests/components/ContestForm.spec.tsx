import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { ContestEditorPage } from '../../../pages/ContestEditorPage';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';

// react-markdown is ESM-only: a stand-in at the module boundary, as in the other pages' tests.
jest.mock('../../../components/Markdown', () => ({ Markdown: ({ children }: { children: string }) => <div>{children}</div> }));

const ADMIN = user({ id: 'root', username: 'root', role: 'admin' });
const problem = (problemId: number, title: string) => ({ problemId, title, difficulty: 'easy', isPublic: true });
const ARCHIVE = { items: [problem(1, 'A + B'), problem(2, 'Shortest Paths'), problem(3, 'Knapsack')] };
const SAVED = { contestId: 9 };

function serve(respond?: (body: unknown) => Response) {
  storeTokens();
  const bodies: unknown[] = [];
  mockFetch(async (request, route) => {
    if (route === 'GET /api/auth/me') return json(200, ADMIN);
    if (route === 'GET /api/problems') {
      // The archive's search: "#id" is the problem of that id, anything else any part of a title.
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const id = /^#(\d+)$/.exec(q);
      searches.push(q);
      return json(200, {
        items: ARCHIVE.items.filter((p) => (id ? p.problemId === Number(id[1]) : p.title.toLowerCase().includes(q.toLowerCase()))),
      });
    }
    if (route === 'POST /api/contests') {
      const body = await request.json();
      bodies.push(body);
      return respond ? respond(body) : json(201, SAVED);
    }
  });
  renderRoutes(<Route path="/admin/contests/new" element={<ContestEditorPage mode="create" />} />, '/admin/contests/new');
  return bodies;
}

/** What the picker asked the server (`q`), in order. */
let searches: string[] = [];

/** Types `text` and presses Add, which asks the server (without waiting for the suggestions). */
async function addProblem(text: string) {
  fireEvent.change(screen.getByLabelText('Add a problem by id or title'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

const picked = () => screen.getAllByTestId('picked-problem').map((li) => li.querySelector('.picked-title')?.textContent);

describe('the contest form', () => {
  beforeEach(() => {
    localStorage.clear();
    searches = [];
  });

  it('creates a contest with problems picked by id or title, blanks left to the server', async () => {
    const bodies = serve();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Spring Round' } });
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'ioi' } });
    fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '2026-12-01T12:00' } });
    fireEvent.change(screen.getByLabelText('Freeze minutes before the end (optional)'), { target: { value: '60' } });
    fireEvent.click(screen.getByLabelText('Rated'));
    await addProblem('2');
    await addProblem('knapsack');
    await addProblem('1 — A + B');
    expect(picked()).toEqual(['#2 Shortest Paths', '#3 Knapsack', '#1 A + B']);
    expect(searches).toEqual(expect.arrayContaining(['#2', 'knapsack', '#1']));
    fireEvent.change(within(screen.getAllByTestId('picked-problem')[1]).getByLabelText('Points'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Contest' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/contests/9'));
    expect(bodies[0]).toEqual({
      title: 'Spring Round',
      description: '',
      format: 'ioi',
      startsAt: new Date('2026-12-01T09:00').toISOString(),
      endsAt: new Date('2026-12-01T12:00').toISOString(),
      freezeMinutes: 60,
      isPublic: true,
      rated: true,
      problems: [{ problemId: 2 }, { problemId: 3, points: 50 }, { problemId: 1 }],
    });
  });

  it('refuses a problem that is not in the archive or already picked', async () => {
    serve();
    await addProblem('Unknown');
    expect(screen.getByRole('alert')).toHaveTextContent('No problem with the id or title "Unknown".');
    await addProblem('1');
    await addProblem('#1');
    expect(screen.getByRole('alert')).toHaveTextContent('A + B is already in the contest.');
  });

  it('adds one problem at a time: a second Add or Enter before the first answer waits, and neither problem is lost', async () => {
    serve();
    const search = await screen.findByLabelText('Add a problem by id or title');
    const addButton = screen.getByRole('button', { name: 'Add' });
    fireEvent.change(search, { target: { value: '1' } });
    fireEvent.click(addButton);
    expect(addButton).toBeDisabled();
    // Typed while the first is looked up: kept for the next add, which neither the button nor Enter starts yet.
    fireEvent.change(search, { target: { value: '2' } });
    fireEvent.click(addButton);
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(picked()).toEqual(['#1 A + B']));
    expect(search).toHaveValue('2');
    expect(searches).toEqual(['#1']);
    expect(addButton).toBeEnabled();
    await addProblem('2');
    expect(picked()).toEqual(['#1 A + B', '#2 Shortest Paths']);
  });

  it('keeps a row removed or moved while a problem is looked up, and appends the problem after them', async () => {
    serve();
    await addProblem('1');
    await addProblem('2');
    await addProblem('3');
    fireEvent.change(screen.getByLabelText('Add a problem by id or title'), { target: { value: 'knap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Knapsack' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    // While Knapsack is looked up: a row moved, another removed.
    fireEvent.click(screen.getByRole('button', { name: 'Move Shortest Paths up' }));
    expect(picked()).toEqual(['#2 Shortest Paths', '#1 A + B']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove A + B' }));
    expect(picked()).toEqual(['#2 Shortest Paths']);
    await waitFor(() => expect(picked()).toEqual(['#2 Shortest Paths', '#3 Knapsack']));
  });

  it('reorders problems with the keyboard buttons and by dragging', async () => {
    const bodies = serve();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Order' } });
    await addProblem('1');
    await addProblem('2');
    await addProblem('3');
    fireEvent.click(screen.getByRole('button', { name: 'Move Knapsack up' }));
    expect(picked()).toEqual(['#1 A + B', '#3 Knapsack', '#2 Shortest Paths']);
    expect(screen.getByText('Knapsack moved to position 2.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move A + B up' })).toBeDisabled();
    const rows = screen.getAllByTestId('picked-problem');
    // Drag the last row (Shortest Paths) onto the first.
    fireEvent.dragStart(rows[2]);
    const over = createEvent.dragOver(rows[0]);
    fireEvent(rows[0], over);
    expect(over.defaultPrevented).toBe(true);
    fireEvent.drop(rows[0]);
    expect(picked()).toEqual(['#2 Shortest Paths', '#1 A + B', '#3 Knapsack']);
    fireEvent.click(screen.getByRole('button', { name: 'Create Contest' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { problems: unknown }).problems).toEqual([{ problemId: 2 }, { problemId: 1 }, { problemId: 3 }]);
  });

  it("suggests the server's matches of part of a title as the admin types, and takes the only match", async () => {
    serve();
    fireEvent.change(await screen.findByLabelText('Add a problem by id or title'), { target: { value: 'path' } });
    await waitFor(() => expect(document.querySelectorAll('#contest-problem-options option')).toHaveLength(1));
    expect(document.querySelector('#contest-problem-options option')?.getAttribute('value')).toBe('2 — Shortest Paths');
    await addProblem('path');
    expect(picked()).toEqual(['#2 Shortest Paths']);
    await addProblem('a');
    expect(screen.getByRole('alert')).toHaveTextContent('3 problems match "a": pick one from the suggestions.');
  });

  it('shows a message beside its field, tied to it, until the field is changed; previews the description', async () => {
    serve(() =>
      json(400, {
        message: 'Validation failed',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'endsAt', message: 'endsAt must be after startsAt.' }],
      }),
    );
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'X' } });
    fireEvent.change(screen.getByLabelText('Description (Markdown)'), { target: { value: 'Good **luck**' } });
    expect(screen.getByRole('region', { name: 'Description (Markdown) preview' })).toHaveTextContent(/luck/);
    fireEvent.click(screen.getByRole('button', { name: 'Create Contest' }));
    const ends = screen.getByLabelText(/^Ends at/);
    await waitFor(() => expect(ends).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(ends.getAttribute('aria-describedby') ?? '')).toHaveTextContent('endsAt must be after startsAt.');
    // A year after the form's default end, which follows the clock: a fixed date would be the default itself at
    // some hour (an unchanged value fires no change).
    const value = (ends as HTMLInputElement).value;
    fireEvent.change(ends, { target: { value: `${Number(value.slice(0, 4)) + 1}${value.slice(4)}` } });
    expect(screen.queryByText('endsAt must be after startsAt.')).not.toBeInTheDocument();
  });

  it("shows the server's field messages when it refuses the contest", async () => {
    serve(() =>
      json(400, {
        message: 'Validation failed',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'problems.0.points', message: 'atcoder problems need points.' }],
      }),
    );
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Contest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('see the messages beside the fields');
    expect(screen.getByText('atcoder problems need points.')).toHaveClass('field-error');
  });
});
