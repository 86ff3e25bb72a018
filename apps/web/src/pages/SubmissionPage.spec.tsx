import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { SubmitForm } from '../features/problems/components/SubmitForm';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { SubmissionPage } from './SubmissionPage';

jest.mock('../components/CodeEditor', () => ({
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
  verdict: 'ACCEPTED',
  status: 'accepted',
  score: 100,
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
  testCaseResults: [{ index: 0, status: 'accepted', timeMs: 10, memoryKB: 800, points: 5 }],
  resultSummary: null,
  ...extra,
});

function openPage(me: Record<string, unknown>, submission = detail()) {
  storeTokens();
  const fetch = mockFetch((_r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user(me));
    if (route === 'GET /api/submissions/s1') return json(200, { submission });
    if (route === 'GET /api/submissions/s2') return json(200, { submission: detail({ id: 's2', _id: 's2' }) });
    if (route === 'GET /api/submissions/gone') return json(404, { message: 'Submission not found', code: 'NOT_FOUND' });
    if (route === 'POST /api/submissions/s1/resubmit') return json(201, { submissionId: 's2' });
    if (route === 'GET /api/languages')
      return json(200, [
        { id: 71, name: 'Python (3.8.1)' },
        { id: 54, name: 'C++' },
      ]);
    return undefined;
  });
  renderRoutes(
    <>
      <Route path="/submissions/:submissionId" element={<SubmissionPage />} />
      <Route path="/problems/3" element={<SubmitForm problemId={3} allowed={[]} samples={[]} onSubmitted={() => undefined} />} />
    </>,
    `/submissions/${submission.id}`,
  );
  return fetch;
}

describe('SubmissionPage', () => {
  beforeEach(() => localStorage.clear());

  it("shows a linked submission's details, and Re-submit asks, then opens the new submission's page", async () => {
    const fetch = openPage({});
    expect(await screen.findByLabelText('Submitted source')).toHaveTextContent('print(3)');
    expect(screen.getByRole('heading', { name: 'Submission Details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sum' })).toHaveAttribute('href', '/problems/3');
    fireEvent.click(await screen.findByRole('button', { name: 'Re-submit' }));
    const question = screen.getByRole('dialog', { name: 'Re-submit' });
    expect(fetch.mock.calls.some(([r]) => String((r as Request).url ?? r).includes('/resubmit'))).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: 'Re-submit' }));
    await screen.findByText('/submissions/s2');
  });

  it('sends nothing when the Re-submit question is cancelled', async () => {
    openPage({});
    fireEvent.click(await screen.findByRole('button', { name: 'Re-submit' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Re-submit' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/submissions/s1');
  });

  it("Edit and resubmit opens the problem with the submission's code and language in the editor", async () => {
    localStorage.setItem('oj.draft.3.71', 'an older draft');
    openPage({});
    fireEvent.click(await screen.findByRole('link', { name: 'Edit and resubmit' }));
    expect(await screen.findByLabelText('Source code')).toHaveTextContent(/^print\(3\)$/);
    expect(screen.getByTestId('location')).toHaveTextContent('/problems/3');
    await screen.findByRole('option', { name: 'C++' });
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('71');
  });

  it("offers no Re-submit on someone else's submission, and shows the private-source text", async () => {
    openPage({ id: 'u2', username: 'bob' }, detail({ canViewSource: false, source: undefined }));
    expect(await screen.findByText('Source is private to the owner and administrators.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-submit' })).toBeNull();
  });

  it('shows a failed sample side by side: its input, the expected output and the program’s, each focusable', async () => {
    const failedSample = { sample: 1, input: '2 3\n', expected: '5\n', output: '6\n', truncated: true };
    openPage(
      { id: 'u1' },
      detail({
        status: 'wrong_answer',
        verdict: 'WRONG_ANSWER',
        testCaseResults: [
          { index: 0, status: 'accepted', timeMs: 10, memoryKB: 800, points: 1 },
          { index: 1, status: 'wrong_answer', timeMs: 10, memoryKB: 800, points: 0, failedSample },
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: 'Test 2 is sample 2 of the statement' });
    for (const [label, text] of [
      ['Input', '2 3'],
      ['Expected output', '5'],
      ['Your output', '6'],
    ]) {
      const box = within(section).getByLabelText(label);
      expect(box).toHaveTextContent(text);
      expect(box).toHaveAttribute('tabIndex', '0');
    }
    expect(within(section).getByText('Shown up to their first 4 KB each.')).toBeInTheDocument();
  });

  it("shows the server's message for a submission that does not exist", async () => {
    openPage({}, detail({ id: 'gone' }));
    expect(await screen.findByText('Submission not found')).toBeInTheDocument();
  });
});
