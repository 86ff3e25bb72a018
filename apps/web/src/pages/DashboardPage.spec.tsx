import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { monthColumns } from '../features/dashboard/components/Heatmap';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../testing/render';
import { DashboardPage } from './DashboardPage';

jest.mock('../live/useSubmissionStream', () => ({ useSubmissionStream: () => undefined }));

const row = {
  id: 's1',
  _id: 's1',
  userId: 'u1',
  userName: 'alice',
  userRating: null,
  problemId: 3,
  problemTitle: 'Sum',
  problem: null,
  language: 'C++',
  languageId: 54,
  verdict: 'ACCEPTED',
  status: 'accepted',
  score: 100,
  runtimeMs: 3,
  memoryKB: 700,
  sourceLen: 8,
  createdAt: '2026-11-23T10:00:00.000Z',
  submittedAt: '2026-11-23T10:00:00.000Z',
  queuedAt: null,
  startedAt: null,
  finishedAt: null,
  updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('DashboardPage', () => {
  beforeEach(() => localStorage.clear());

  it('places each month label over the week its first day falls in (weeks start on Sunday)', () => {
    // 1 January 2026 is a Thursday: 1 February is day 31, in week (4 + 31) / 7 = 5.
    const columns = monthColumns(2026);
    expect(columns).toHaveLength(12);
    expect(columns.slice(0, 3)).toEqual([0, 5, 9]);
    expect(columns[11]).toBe(48);
    // 2023 starts on a Sunday: January and the week numbers line up with whole weeks.
    expect(monthColumns(2023)[1]).toBe(4);
  });

  it("shows Recent Submissions with the spec's columns: Problem, Status, Score, Language, Submitted, Re-submit", async () => {
    storeTokens();
    mockFetch((_r, route) => {
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/submissions/mine') return json(200, { items: [row], total: 1, totalPages: 1, page: 1, limit: 20 });
      if (route === 'GET /api/dashboard/me/summary')
        return json(200, { totalSubmissions: 1, totalAC: 1, totalWA: 0, totalTLE: 0, totalOLE: 0, totalRTE: 0, totalCE: 0 });
      if (route === 'GET /api/dashboard/me/heatmap') return json(200, { items: [] });
    });
    renderRoutes(<Route path="/dashboard" element={<DashboardPage />} />, '/dashboard');
    const table = (await screen.findByRole('link', { name: 'Sum' })).closest('table') as HTMLTableElement;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Problem', 'Status', 'Score', 'Language', 'Submitted', 'Re-submit']);
    expect(within(table).getByRole('button', { name: 'Re-submit' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /Details of the submission/ })).toBeInTheDocument();
    expect(screen.getByText('Jan')).toBeInTheDocument();
  });
});
