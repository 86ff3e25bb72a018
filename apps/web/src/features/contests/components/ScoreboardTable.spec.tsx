import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';

import { cell } from '../../../testing/contest-fixtures';
import { json, mockFetch, renderRoutes } from '../../../testing/render';
import { ScoreboardTable } from './ScoreboardTable';

const subtasks = [
  { index: 0, name: 'n ≤ 10', earnedContestPoints: 30, contestPoints: 30 },
  { index: 1, earnedContestPoints: 12.5, contestPoints: 70 },
];

/** The table inside the app's providers; the names' ratings: ann is rated 1650 (an Expert). */
function render(table: ReactElement) {
  mockFetch((r, route) =>
    route === 'GET /api/ratings' && new URL(r.url).searchParams.get('usernames') === 'ann'
      ? json(200, { items: [{ rank: 1, username: 'ann', rating: 1650, maxRating: 1650, contests: 2 }], total: 1 })
      : undefined,
  );
  return renderRoutes(<Route path="/" element={table} />);
}

function renderBoard(format: 'ioi' | 'icpc') {
  render(
    <ScoreboardTable
      format={format}
      labels={['A', 'B']}
      caption="Scoreboard"
      firstSolvers={{}}
      rows={[
        {
          rank: 1,
          username: 'ann',
          virtual: false,
          solved: 0,
          score: 42.5,
          penalty: 0,
          cells: { A: cell({ attempts: 2, score: 42.5, minute: 30, subtasks }), B: cell({ attempts: 1 }) },
        },
      ]}
    />,
  );
}

describe('a scoreboard cell', () => {
  it("IOI: shows each subtask's best in its tooltip, and opens it on a click", () => {
    renderBoard('ioi');
    const summary = screen.getByText('42.5', { selector: 'summary' });
    expect(summary).toHaveAttribute('title', 'Subtask 1 (n ≤ 10): 30 / 30\nSubtask 2: 12.5 / 70');
    expect(summary).toHaveAccessibleName('42.5 points, by subtask');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Subtask 1 (n ≤ 10): 30 / 30', 'Subtask 2: 12.5 / 70']);
  });

  it('a cell without subtasks is its text alone', () => {
    renderBoard('ioi');
    // Ann's row (the board's foot is the solved / tried row): its last cell is problem B's.
    const cells = within(screen.getByText('ann').closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells[cells.length - 1]).toHaveTextContent(/^0$/);
    expect(cells[cells.length - 1].querySelector('details')).toBeNull();
  });

  it("colours a participant's name by their rating tier", async () => {
    renderBoard('icpc');
    const name = screen.getByText('ann', { selector: '.user-name' });
    await screen.findByTitle('Expert · 1650');
    expect(name).toHaveClass('tier-expert');
  });
});
