import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { SimilarityReportsPage } from './SimilarityReportsPage';

const report = (extra: Record<string, unknown>) => ({
  id: 'r1',
  contestId: 5,
  problemId: null,
  from: null,
  to: null,
  status: 'done',
  progress: 100,
  error: null,
  submissions: 12,
  untokenized: [],
  pairCount: 2,
  createdAt: '2026-11-23T10:00:00.000Z',
  finishedAt: '2026-11-23T10:01:00.000Z',
  title: 'Spring round',
  ...extra,
});

describe('SimilarityReportsPage', () => {
  beforeEach(() => localStorage.clear());

  it("lists every report with what it compared, filters by the address's contest or problem, and opens each", async () => {
    storeTokens();
    const asked: string[] = [];
    mockFetch((request, route) => {
      if (route === 'GET /api/auth/me') return json(200, user({ role: 'admin' }));
      if (route === 'GET /api/similarity-reports') {
        asked.push(new URL(request.url).search);
        const items = [
          report({}),
          report({
            id: 'r2',
            contestId: null,
            problemId: 9,
            title: 'Sum',
            from: '2026-11-01T00:00:00.000Z',
            to: '2026-11-08T00:00:00.000Z',
          }),
        ];
        return json(200, { items, total: 2, totalPages: 1, page: 1, limit: 20 });
      }
    });
    renderRoutes(<Route path="/similarity-reports" element={<SimilarityReportsPage />} />, '/similarity-reports?contestId=5');
    const table = await screen.findByTestId('similarity-report-list');
    expect(asked[0]).toBe('?contestId=5&page=1&limit=20');
    expect(within(table).getByRole('link', { name: 'Contest: Spring round' })).toHaveAttribute('href', '/contests/5');
    expect(within(table).getByRole('link', { name: 'Problem: Sum' })).toHaveAttribute('href', '/problems/9');
    const opens = within(table).getAllByRole('link', { name: /^Open/ });
    expect(opens.map((link) => link.getAttribute('href'))).toEqual(['/similarity-reports/r1', '/similarity-reports/r2']);
    expect(document.title).toBe('Similarity Reports · Online Judge');

    fireEvent.change(screen.getByLabelText('Contest id'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Problem id'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(asked).toContain('?problemId=9&page=1&limit=20'));
  });
});
