import { fireEvent, screen, within } from '@testing-library/react';
import { Link, Route } from 'react-router-dom';

import { currentUtcYear } from '../components/YearSelect';
import { json, mockFetch, renderRoutes } from '../testing/render';
import { UserDashboardPage } from './UserDashboardPage';

const profile = (extra: Record<string, unknown> = {}) => ({
  user: { id: 'u2', username: 'bob', profilePublic: true, profile: { displayName: 'Bob Builder', bio: 'Builds things.', avatarUrl: '' } },
  solved: [
    { problemId: 3, problemTitle: 'Sum', acceptedAt: '2026-11-20T10:00:00.000Z', latestAcceptedSubmissionId: 's3' },
    { problemId: 4, problemTitle: 'Product', acceptedAt: '2026-11-21T10:00:00.000Z', latestAcceptedSubmissionId: 's4' },
  ],
  attempted: [{ problemId: 5, problemTitle: 'Graphs', lastTriedAt: '2026-11-22T10:00:00.000Z' }],
  year: currentUtcYear(),
  heatmap: [
    { date: `${currentUtcYear()}-11-20`, submitCount: 3, acCount: 1 },
    { date: `${currentUtcYear()}-11-21`, submitCount: 2, acCount: 1 },
  ],
  recentAccepted: [
    {
      submissionId: 's4',
      problemId: 4,
      problemTitle: 'Product',
      languageId: 54,
      language: 'C++ (GCC 12.2.0)',
      submittedAt: '2026-11-21T10:00:00.000Z',
    },
    {
      submissionId: 's3',
      problemId: 3,
      problemTitle: 'Sum',
      languageId: 71,
      language: 'Python (3.11.2)',
      submittedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  languages: [
    { languageId: 71, language: 'Python (3.11.2)', submissions: 3, accepted: 1 },
    { languageId: 54, language: 'C++ (GCC 12.2.0)', submissions: 2, accepted: 1 },
  ],
  ...extra,
});

function open(handler: (url: URL) => Response) {
  const fetch = mockFetch((r, route) => (route === 'GET /api/users/bob/dashboard' ? handler(new URL(r.url)) : undefined));
  renderRoutes(<Route path="/u/:username" element={<UserDashboardPage />} />, '/u/bob');
  return fetch;
}

describe('UserDashboardPage (a public profile)', () => {
  it('shows the solved count, the heatmap, the latest accepted submissions and the languages to a guest', async () => {
    open(() => json(200, profile()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Builder' })).toBeInTheDocument();
    expect(screen.getByText('Problems solved').previousSibling).toHaveTextContent('2');
    expect(screen.getByText('Tried, not solved').previousSibling).toHaveTextContent('1');
    expect(screen.getByText(`Accepted in ${currentUtcYear()}`).previousSibling).toHaveTextContent('2');
    expect(screen.getByRole('grid', { name: `Activity in ${currentUtcYear()}` })).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'Recent accepted' });
    const rows = within(recent).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['C++ (GCC 12.2.0)', 'Python (3.11.2)']);
    expect(within(rows[0]).getByRole('link', { name: 'Product' })).toHaveAttribute('href', '/problems/4');
    expect(within(rows[0]).getByRole('link', { name: /^Submission of Product/ })).toHaveAttribute('href', '/submissions/s4');

    const languages = screen.getByRole('region', { name: 'Languages' });
    expect(
      within(languages)
        .getAllByRole('row')
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['Language', 'Submissions', 'Accepted', 'AC Rate'],
      ['Python (3.11.2)', '3', '1', '33%'],
      ['C++ (GCC 12.2.0)', '2', '1', '50%'],
    ]);
    // SPEC's lists stay.
    expect(screen.getByRole('link', { name: 'Graphs' })).toHaveAttribute('href', '/problems/5');
  });

  it('says so when nothing was accepted or submitted yet', async () => {
    open(() => json(200, profile({ solved: [], attempted: [], heatmap: [], recentAccepted: [], languages: [] })));
    expect(await screen.findByText('No accepted submissions yet.')).toBeInTheDocument();
    expect(screen.getByText('No submissions recorded yet.')).toBeInTheDocument();
    expect(screen.getByText('No problems solved yet.')).toBeInTheDocument();
  });

  it("asks for another year's activity when it is picked", async () => {
    const years: (string | null)[] = [];
    open((url) => {
      years.push(url.searchParams.get('year'));
      return json(200, profile({ year: Number(url.searchParams.get('year')) }));
    });
    await screen.findByRole('grid', { name: `Activity in ${currentUtcYear()}` });
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: String(currentUtcYear() - 1) } });
    expect(await screen.findByRole('grid', { name: `Activity in ${currentUtcYear() - 1}` })).toBeInTheDocument();
    expect(years).toEqual([String(currentUtcYear()), String(currentUtcYear() - 1)]);
  });

  it("never shows one user's profile in place of another's while it loads", async () => {
    let answerCarol: (r: Response) => void = () => undefined;
    mockFetch((_r, route) => {
      if (route === 'GET /api/users/bob/dashboard') return json(200, profile());
      if (route === 'GET /api/users/carol/dashboard') return new Promise<Response>((resolve) => (answerCarol = resolve));
    });
    renderRoutes(
      <Route
        path="/u/:username"
        element={
          <>
            <UserDashboardPage />
            <Link to="/u/carol">to carol</Link>
          </>
        }
      />,
      '/u/bob',
    );
    await screen.findByRole('heading', { level: 1, name: 'Bob Builder' });
    fireEvent.click(screen.getByRole('link', { name: 'to carol' }));
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Bob Builder' })).toBeNull();
    const carol = profile();
    answerCarol(json(200, { ...carol, user: { ...carol.user, username: 'carol', profile: { displayName: '', bio: '', avatarUrl: '' } } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'carol' })).toBeInTheDocument();
  });

  it.each([
    [403, 'This profile is private.'],
    [404, 'User not found.'],
    [500, 'Failed to load user dashboard.'],
  ])('answers a %i with SPEC text', async (status, text) => {
    open(() => json(status, { message: 'x', code: 'X' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
