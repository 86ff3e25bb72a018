import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { ContestProblemPage } from '../../../pages/ContestProblemPage';
import { contestView } from '../../../testing/contest-fixtures';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';

// CodeMirror and react-markdown are ESM-only: stand-ins at the module boundary, as in the problem page's tests.
jest.mock('../../../components/CodeEditor', () => ({
  CodeEditor: ({ value, onChange, label }: { value: string; onChange?: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));
jest.mock('../../../components/Markdown', () => ({ Markdown: ({ children }: { children: string }) => <div>{children}</div> }));
jest.mock('../../../live/useSubmissionStream', () => ({ useSubmissionStream: () => undefined }));

const PROBLEM = {
  id: 'p-uuid',
  problemId: 12,
  title: 'Secret Sum',
  statement: 'Add them.',
  difficulty: 'EASY',
  isPublic: false,
  inputFormat: '',
  outputFormat: '',
  constraints: '',
  cpuTimeLimit: 2,
  memoryLimit: 128,
  tags: [],
  subtasks: [],
  checker: { type: 'lines' },
  algorithms: [],
  judge0LanguageIds: [71],
  samples: [],
  testCaseCount: 3,
  totalPoints: 30,
  author: null,
  submissionCount: 0,
  acceptedSubmissionCount: 0,
};

describe('a contest problem', () => {
  beforeEach(() => localStorage.clear());

  it('reads the problem through the contest and submits into it', async () => {
    storeTokens();
    const sent: unknown[] = [];
    mockFetch(async (request, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/contests/7/problems/B') return json(200, PROBLEM);
      if (route === 'GET /api/languages') return json(200, [{ id: 71, name: 'Python (3.8.1)' }]);
      if (route === 'GET /api/contests/7/submissions') return json(200, { items: [], total: 0, totalPages: 0, page: 1, limit: 20 });
      if (route === 'POST /api/submissions') return (sent.push(await request.json()), json(201, { submissionId: 'new' }));
    });
    renderRoutes(<Route path="/contests/:contestId/problems/:label" element={<ContestProblemPage />} />, '/contests/7/problems/B');
    expect(await screen.findByRole('heading', { level: 1, name: 'B. Secret Sum' })).toBeInTheDocument();
    expect(document.title).toBe('B. Secret Sum · Online Judge');
    await waitFor(() => expect(screen.getByLabelText('Language')).toHaveValue('71'));
    fireEvent.change(screen.getByLabelText('Source code'), { target: { value: 'print(3)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toEqual([{ problemId: 12, languageId: 71, sourceCode: 'print(3)', contestId: 7 }]));
    expect(await screen.findByText('No submissions yet.')).toBeInTheDocument();
  });

  it("shows a virtual run's time left and submits into the contest, which counts it in the run", async () => {
    storeTokens();
    const sent: unknown[] = [];
    const HOUR = 3_600_000;
    const run = {
      kind: 'virtual' as const,
      registeredAt: '',
      startedAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
    };
    mockFetch(async (request, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/contests/7')
        return json(
          200,
          contestView({
            phase: 'past',
            startsAt: new Date(Date.now() - 3 * HOUR).toISOString(),
            endsAt: new Date(Date.now() - HOUR).toISOString(),
            participation: run,
          }),
        );
      if (route === 'GET /api/contests/7/problems/B') return json(200, PROBLEM);
      if (route === 'GET /api/languages') return json(200, [{ id: 71, name: 'Python (3.8.1)' }]);
      if (route === 'GET /api/contests/7/submissions') return json(200, { items: [], total: 0, totalPages: 0, page: 1, limit: 20 });
      if (route === 'POST /api/submissions') return (sent.push(await request.json()), json(201, { submissionId: 'new' }));
    });
    renderRoutes(<Route path="/contests/:contestId/problems/:label" element={<ContestProblemPage />} />, '/contests/7/problems/B');
    expect(await screen.findByRole('timer')).toHaveTextContent(/^Virtual run: time left 0?0:59:\d\d$/);
    await waitFor(() => expect(screen.getByLabelText('Language')).toHaveValue('71'));
    fireEvent.change(screen.getByLabelText('Source code'), { target: { value: 'print(3)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toEqual([{ problemId: 12, languageId: 71, sourceCode: 'print(3)', contestId: 7 }]));
  });

  it('says so when the problem is not open to the caller yet', async () => {
    storeTokens();
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/contests/7')
        return json(200, contestView({ phase: 'upcoming', startsAt: new Date(Date.now() + 60_000).toISOString() }));
      if (route === 'GET /api/contests/7/problems/A') return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderRoutes(<Route path="/contests/:contestId/problems/:label" element={<ContestProblemPage />} />, '/contests/7/problems/A');
    expect(await screen.findByText('This problem is not open to you yet.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Contest problems' })).toHaveTextContent('AB');
  });

  it('offers a guest "Log in to submit" where the problem is not open to them', async () => {
    mockFetch((_r, route) => {
      if (route === 'GET /api/contests/7') return json(200, contestView());
      if (route === 'GET /api/contests/7/problems/A') return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderRoutes(<Route path="/contests/:contestId/problems/:label" element={<ContestProblemPage />} />, '/contests/7/problems/A');
    expect(await screen.findByRole('link', { name: 'Log in to submit' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('This problem is not open to you yet.')).not.toBeInTheDocument();
  });
});
