import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { SubmissionPage } from '../../../pages/SubmissionPage';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';

jest.mock('../../../components/CodeEditor', () => ({
  CodeEditor: ({ value, label }: { value: string; label: string }) => <pre aria-label={label}>{value}</pre>,
}));

/** A submission's detail, with only the fields these screens read. */
const submission = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  userId: 'u2',
  userName: 'bob',
  userRating: null,
  problemId: 3,
  problemTitle: 'Sum',
  language: 'Python (3.11.2)',
  languageId: 71,
  status: 'accepted',
  score: 100,
  runtimeMs: 12,
  memoryKB: 900,
  submittedAt: '2026-11-23T10:00:00.000Z',
  canViewSource: true,
  source: 'a, b = map(int, input().split())\nprint(a + b)\n',
  testCaseResults: [],
  resultSummary: null,
  ...extra,
});

const earlier = submission('s1', {
  status: 'wrong_answer',
  submittedAt: '2026-11-22T09:00:00.000Z',
  source: 'a, b = map(int, input().split())\nprint(a - b)\n',
});

/** Bob's submission s2 to problem 3, with his other one (s1) and, listed by the server's name match, Bobby's (s9). */
function open(me: Record<string, unknown>, shown = submission('s2')) {
  storeTokens();
  const listed: string[] = [];
  mockFetch((r, route) => {
    if (route === 'GET /api/auth/me') return json(200, user(me));
    if (route === 'GET /api/submissions/s2') return json(200, { submission: shown });
    if (route === 'GET /api/submissions/s1') return json(200, { submission: earlier });
    if (route === 'GET /api/submissions') {
      listed.push(new URL(r.url).search);
      const rows = [submission('s2'), earlier, submission('s9', { userId: 'u9', userName: 'bobby' })];
      return json(200, { items: rows, total: 3, totalPages: 1, page: 1, limit: 100 });
    }
  });
  renderRoutes(<Route path="/submissions/:submissionId" element={<SubmissionPage />} />, '/submissions/s2');
  return listed;
}

describe('Compare with… on the submission page', () => {
  it("lists the submitter's other submissions to the problem and shows the diff, older first", async () => {
    const listed = open({ id: 'u2', username: 'bob' });
    const pick = await screen.findByRole('combobox', { name: 'Compare with…' });
    const options = within(pick)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a submission', expect.stringMatching(/^Nov 22, \d\d:00, Python \(3\.11\.2\), Wrong Answer$/)]);
    expect(listed).toEqual(['?user=u2&problemId=3&page=1&limit=100&sort=-createdAt']);
    fireEvent.change(pick, { target: { value: 's1' } });
    const diff = await screen.findByRole('region', { name: 'Differences between the two sources' });
    const rows = within(diff)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Lines 1–2 before, 1–2 after'],
      ['1', '1', ' ', 'a, b = map(int, input().split())'],
      ['2', '', '−removed', 'print(a - b)'],
      ['', '2', '+added', 'print(a + b)'],
    ]);
    expect(screen.getByText('1 line removed, 1 added')).toBeInTheDocument();
    expect(screen.getByText(/^Chosen: Nov 22/)).toBeInTheDocument();
  });

  it("is offered to an admin on another user's submission, with that user's list", async () => {
    const listed = open({ id: 'admin-1', username: 'root', role: 'admin' });
    expect(await screen.findByRole('combobox', { name: 'Compare with…' })).toBeInTheDocument();
    expect(listed).toEqual(['?user=u2&problemId=3&page=1&limit=100&sort=-createdAt']);
  });

  it('is not offered, and lists nothing, when the source may not be read', async () => {
    const listed = open({ id: 'u3', username: 'carol' }, submission('s2', { canViewSource: false, source: undefined }));
    await screen.findByText('Source is private to the owner and administrators.');
    expect(screen.queryByRole('heading', { name: 'Compare' })).toBeNull();
    expect(listed).toEqual([]);
  });
});
