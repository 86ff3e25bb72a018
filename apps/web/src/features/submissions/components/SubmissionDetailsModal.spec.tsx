import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import { SubmissionDetailsModal } from './SubmissionDetailsModal';

jest.mock('../../../components/CodeEditor', () => ({
  CodeEditor: ({ value, label }: { value: string; label: string }) => <pre aria-label={label}>{value}</pre>,
}));

const detail = (extra: Record<string, unknown> = {}) => ({
  id: 's1',
  _id: 's1',
  userId: 'u1',
  userName: 'alice',
  userRating: null,
  problemId: 3,
  problemTitle: 'Sum',
  problem: null,
  language: 'Python (3.8.1)',
  languageId: 71,
  verdict: 'WRONG_ANSWER',
  status: 'wrong_answer',
  score: 50,
  runtimeMs: 12,
  memoryKB: 900,
  sourceLen: 8,
  createdAt: '2026-11-23T10:00:00.000Z',
  submittedAt: '2026-11-23T10:00:00.000Z',
  queuedAt: null,
  startedAt: null,
  finishedAt: null,
  updatedAt: '2026-11-23T10:00:00.000Z',
  canViewSource: true,
  source: 'print(3)',
  testCaseResults: [
    { index: 0, status: 'accepted', timeMs: 10, memoryKB: 800, points: 5 },
    { index: 1, status: 'wrong_answer', timeMs: 12, memoryKB: 900, points: 0 },
  ],
  resultSummary: null,
  ...extra,
});

function open(
  response: () => Response,
  props: { canResubmit?: boolean; onResubmit?: (id: string) => void; onClose?: () => void } = {},
  me: () => Response = () => json(401, {}),
  rejudge?: () => Response,
) {
  storeTokens();
  const fetch = mockFetch((_r, route) => {
    if (route === 'GET /api/submissions/s1') return response();
    if (route === 'GET /api/auth/me') return me();
    if (route === 'POST /api/submissions/s1/rejudge') return rejudge?.();
  });
  renderRoutes(
    <Route
      path="/"
      element={
        <SubmissionDetailsModal
          id="s1"
          onClose={props.onClose ?? (() => undefined)}
          canResubmit={props.canResubmit ?? false}
          onResubmit={props.onResubmit}
        />
      }
    />,
  );
  return fetch;
}

describe('SubmissionDetailsModal', () => {
  beforeEach(() => localStorage.clear());

  it('shows the figures, per-test results and the source, with Re-submit when allowed', async () => {
    const onResubmit = jest.fn();
    open(() => json(200, { submission: detail() }), { canResubmit: true, onResubmit });
    const dialog = screen.getByRole('dialog', { name: 'Submission Details' });
    expect(await screen.findByLabelText('Submitted source')).toHaveTextContent('print(3)');
    expect(within(dialog).getByRole('button', { name: 'Copy source' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sum' })).toHaveAttribute('href', '/problems/3');
    expect(dialog).toHaveTextContent('50%');
    expect(dialog).toHaveTextContent('12 ms');
    expect(dialog).toHaveTextContent('900 KB');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    // The title links to the submission's own page, which can be shared.
    expect(screen.getByRole('link', { name: 'Submission Details' })).toHaveAttribute('href', '/submissions/s1');
    expect(screen.getByRole('link', { name: 'Edit and resubmit' })).toHaveAttribute('href', '/problems/3');
    fireEvent.click(screen.getByRole('button', { name: 'Re-submit' }));
    expect(onResubmit).toHaveBeenCalledWith('s1');
  });

  it('groups the tests by subtask, each with its earned and total points, and shows skipped tests', async () => {
    const testCaseResults = [
      { index: 0, status: 'tle', timeMs: 1000, memoryKB: 800, points: 0, subtask: 0 },
      { index: 1, status: 'skipped', timeMs: null, memoryKB: null, points: 0, subtask: 0 },
      { index: 2, status: 'accepted', timeMs: 10, memoryKB: 800, points: 0, subtask: 1 },
    ];
    const subtasks = [
      { index: 0, name: 'Large', scoring: 'min', points: 60, earned: 0 },
      { index: 1, name: 'Subtask 2', scoring: 'min', points: 40, earned: 40 },
    ];
    open(() => json(200, { submission: detail({ testCaseResults, resultSummary: { score: 40, cases: testCaseResults, subtasks } }) }));
    const large = await screen.findByRole('region', { name: 'Subtask 1: Large' });
    expect(within(large).getByRole('heading')).toHaveTextContent('Subtask 1: Large — 0 / 60 points, all or nothing');
    expect(within(large).getAllByRole('row')).toHaveLength(3);
    expect(within(large).getByText('Skipped')).toBeInTheDocument();
    // A name that only repeats the number is not shown twice.
    const second = screen.getByRole('region', { name: 'Subtask 2' });
    expect(within(second).getByRole('heading')).toHaveTextContent(/^Subtask 2 — 40 \/ 40 points/);
    // In an all-or-nothing subtask a test earns no points of its own: "—", not a misleading 0.
    expect(within(second).getAllByRole('cell').at(-1)).toHaveTextContent(/^—$/);
  });

  it('shows the points a test of a sum subtask earned', async () => {
    const testCaseResults = [
      { index: 0, status: 'accepted', timeMs: 10, memoryKB: 800, points: 7, subtask: 0 },
      { index: 1, status: 'wrong_answer', timeMs: 10, memoryKB: 800, points: 0, subtask: 0 },
    ];
    const subtasks = [{ index: 0, scoring: 'sum', points: 10, earned: 7 }];
    open(() => json(200, { submission: detail({ testCaseResults, resultSummary: { score: 70, cases: testCaseResults, subtasks } }) }));
    const rows = within(await screen.findByRole('region', { name: 'Subtask 1' })).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').at(-1)).toHaveTextContent(/^7$/);
  });

  it('shows a bare "—" for the runtime and memory of a compile error', async () => {
    const ce = detail({ status: 'ce', verdict: 'COMPILATION_ERROR', score: 0, runtimeMs: null, memoryKB: null, testCaseResults: [] });
    open(() => json(200, { submission: ce }));
    const dialog = await screen.findByRole('dialog', { name: 'Submission Details' });
    await screen.findByLabelText('Submitted source');
    expect(dialog).not.toHaveTextContent('— ms');
    expect(dialog).not.toHaveTextContent('— KB');
    expect(dialog).toHaveTextContent('0%');
  });

  it("shows a runtime error's traceback when the API sends it, and nothing when it does not", async () => {
    const traceback = 'Traceback (most recent call last):\n  File "main.py", line 1\nZeroDivisionError: division by zero';
    const testCaseResults = [
      { index: 0, status: 'accepted', timeMs: 10, memoryKB: 800, points: 5 },
      { index: 1, status: 'rte', timeMs: 12, memoryKB: 900, points: 0, message: 'Exit code 1', stderr: traceback },
    ];
    open(() => json(200, { submission: detail({ status: 'rte', testCaseResults }) }));
    const stderr = await screen.findByRole('region', { name: 'Standard error' });
    expect(within(stderr).getByRole('heading')).toHaveTextContent('Standard error, test 2');
    expect(stderr.querySelector('pre')?.textContent).toBe(traceback);
  });

  it('shows no Standard error section without a traceback', async () => {
    open(() => json(200, { submission: detail() }));
    await screen.findByLabelText('Submitted source');
    expect(screen.queryByRole('region', { name: 'Standard error' })).toBeNull();
  });

  it('says the source is private when it may not be seen, and offers no Re-submit', async () => {
    open(() => json(200, { submission: detail({ canViewSource: false, source: undefined }) }));
    expect(await screen.findByText('Source is private to the owner and administrators.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy source' })).toBeNull();
  });

  it("shows 'Failed to load submission.' and closes on Escape", async () => {
    const onClose = jest.fn();
    open(() => json(500, {}), { onClose });
    expect(await screen.findByText('Failed to load submission.')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('offers Rejudge to admins only', async () => {
    open(
      () => json(200, { submission: detail() }),
      {},
      () => json(200, user({ role: 'user' })),
    );
    await screen.findByLabelText('Submitted source');
    expect(screen.queryByRole('button', { name: 'Rejudge' })).toBeNull();
  });

  it('rejudges for an admin and follows the submission until its new result', async () => {
    let rejudged = false;
    let reads = 0;
    open(
      () => {
        if (!rejudged) return json(200, { submission: detail() });
        return json(200, {
          submission:
            ++reads === 1
              ? detail({ status: 'queued', verdict: 'PENDING' })
              : detail({ status: 'accepted', verdict: 'ACCEPTED', score: 100 }),
        });
      },
      {},
      () => json(200, user({ role: 'admin' })),
      () => ((rejudged = true), json(202, { queued: 1 })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Rejudge' }));
    expect(await screen.findByText('Rejudging…')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Rejudge' })).toBeDisabled();
    expect(await screen.findByText('Rejudged.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('100%');
  });
});
