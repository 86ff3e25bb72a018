import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';

import { json, mockFetch, renderRoutes } from '../testing/render';
import { RatingsPage } from './RatingsPage';
import { UserDashboardPage } from './UserDashboardPage';

const history = [
  { contestId: 3, title: 'Round 3', endedAt: '2026-01-10T12:00:00.000Z', rank: 4, oldRating: 690, newRating: 1180, performance: 1610 },
  { contestId: 5, title: 'Round 5', endedAt: '2026-02-10T12:00:00.000Z', rank: 1, oldRating: 1180, newRating: 1450, performance: 1980 },
  { contestId: 6, title: 'Round 6', endedAt: '2026-03-10T12:00:00.000Z', rank: 9, oldRating: 1450, newRating: 1402, performance: 1300 },
];

describe('ratings in the SPA', () => {
  it('pages the leaderboard, names coloured by tier', async () => {
    const pages: string[] = [];
    mockFetch((r, route) => {
      if (route !== 'GET /api/ratings') return undefined;
      const page = new URL(r.url).searchParams.get('page') ?? '1';
      pages.push(page);
      const items =
        page === '1'
          ? [{ rank: 1, username: 'ann', rating: 1950, maxRating: 2010, contests: 7 }]
          : [{ rank: 51, username: 'bob', rating: 1100, maxRating: 1100, contests: 1 }];
      return json(200, { items, total: 60 });
    });
    renderRoutes(<Route path="/ratings" element={<RatingsPage />} />, '/ratings');
    const table = await screen.findByTestId('rating-leaderboard');
    const ann = within(table).getByRole('link', { name: 'ann' });
    expect(ann).toHaveAttribute('href', '/u/ann');
    expect(ann).toHaveClass('tier-master');
    expect(within(table).getByText('2010')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('link', { name: 'bob' })).toHaveClass('tier-novice');
    expect(pages).toEqual(['1', '2']);
  });

  it("draws a profile's rating: current and best, a point per contest linking to it, the history newest first", async () => {
    mockFetch((_r, route) => {
      if (route === 'GET /api/users/bob/ratings') return json(200, history);
      if (route === 'GET /api/users/bob/dashboard')
        return json(200, {
          user: { id: 'u2', username: 'bob', profilePublic: true, profile: { displayName: '', bio: '', avatarUrl: '' } },
          solved: [],
          attempted: [],
          year: 2026,
          heatmap: [],
          recentAccepted: [],
          languages: [],
        });
      return undefined;
    });
    renderRoutes(<Route path="/u/:username" element={<UserDashboardPage />} />, '/u/bob');
    expect(await screen.findByTestId('current-rating')).toHaveTextContent('1402');
    expect(screen.getByTestId('best-rating')).toHaveTextContent('1450');
    const graph = screen.getByTestId('rating-graph');
    const points = within(graph).getAllByRole('link');
    expect(points.map((a) => a.getAttribute('href'))).toEqual(['/contests/3', '/contests/5', '/contests/6']);
    expect(points[1]).toHaveAccessibleName('Round 5: rank 1, rating 1450');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['Round 6', 'Round 5', 'Round 3']);
    expect(within(rows[0]).getByText('−48')).toHaveClass('down');
    expect(within(rows[1]).getByText('+270')).toHaveClass('up');
  });
});
