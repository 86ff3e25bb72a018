import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { ContestPage } from '../../../pages/ContestPage';
import { contestView, EMPTY_PAGE, HOUR } from '../../../testing/contest-fixtures';
import { json, mockFetch, renderRoutes, storeTokens, user } from '../../../testing/render';
import type { Contest } from '../api';

jest.mock('../../../components/Markdown', () => ({ Markdown: ({ children }: { children: string }) => <div>{children}</div> }));
jest.mock('../../../live/useSubmissionStream', () => ({ useSubmissionStream: () => undefined }));

const contest = (extra: Partial<Contest> = {}) =>
  contestView({
    phase: 'past',
    startsAt: new Date(Date.now() - 4 * HOUR).toISOString(),
    endsAt: new Date(Date.now() - HOUR).toISOString(),
    problems: [{ label: 'A', problemId: 1, title: 'A + B', points: 1 }],
    ...extra,
  });
const RUN: Contest['participation'] = {
  kind: 'virtual',
  registeredAt: new Date().toISOString(),
  startedAt: new Date().toISOString(),
  endsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
};
const BOARD = {
  format: 'icpc',
  labels: ['A'],
  frozen: false,
  items: [],
  mine: null,
  firstSolvers: {},
  problemTotals: {},
  total: 0,
  totalPages: 0,
  page: 1,
  limit: 100,
  virtualMinute: 0,
};

describe('a virtual run from the contest page', () => {
  beforeEach(() => localStorage.clear());

  it('starts with Virtual after the end, then counts down the run', async () => {
    storeTokens();
    let started = false;
    const routes: string[] = [];
    mockFetch((_r, route) => {
      routes.push(route);
      if (route === 'GET /api/auth/me') return json(200, user());
      if (route === 'GET /api/contests/7') return json(200, contest({ participation: started ? RUN : null }));
      if (route === 'POST /api/contests/7/virtual') return ((started = true), json(200, contest({ participation: RUN })));
      if (route === 'GET /api/contests/7/scoreboard') return json(200, BOARD);
      if (route === 'GET /api/contests/7/submissions') return json(200, EMPTY_PAGE);
      if (route === 'GET /api/contests/7/clarifications') return json(200, { items: [] });
    });
    renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, '/contests/7');
    expect(await screen.findByText(/Submissions now are practice/)).toBeInTheDocument();
    expect(screen.getByText(/A virtual run gives you 180 minutes from now/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Virtual' }));
    // One run per contest, whose clock starts at once: asked first (issue 33, defect 14).
    const confirm = screen.getByRole('dialog', { name: 'Start the virtual run?' });
    expect(confirm).toHaveTextContent('Your 180 minutes start now, and you get only one virtual run of this contest.');
    expect(routes).not.toContain('POST /api/contests/7/virtual');
    fireEvent.click(screen.getByRole('button', { name: 'Start the virtual run' }));
    expect(await screen.findByRole('timer')).toHaveTextContent(/^Virtual run: time left 0?[23]:\d\d:\d\d$/);
    expect(routes).toContain('POST /api/contests/7/virtual');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Virtual' })).not.toBeInTheDocument());
    // A virtual participant may ask, as a registered one does.
    expect(await screen.findByRole('form', { name: 'Ask a question' })).toBeInTheDocument();
  });

  it('sends a guest to log in first', async () => {
    mockFetch((_r, route) =>
      route === 'GET /api/contests/7' ? json(200, contest()) : route.endsWith('/clarifications') ? json(200, { items: [] }) : undefined,
    );
    renderRoutes(<Route path="/contests/:contestId" element={<ContestPage />} />, '/contests/7');
    expect(await screen.findByText(/to start a virtual run/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Virtual' })).not.toBeInTheDocument();
  });
});
