import type { ScoreboardRow } from '@oj/contracts';

import { cell } from '../../testing/contest-fixtures';
import { cellText, scoreboardCsv } from './board-csv';

describe('the board as CSV', () => {
  it('writes rank, user, totals and one column per label, quoting what needs it', () => {
    const rows: ScoreboardRow[] = [
      {
        rank: 1,
        username: 'alice',
        virtual: false,
        solved: 2,
        score: 2,
        penalty: 74,
        cells: { A: cell({ solved: true, minute: 14, attempts: 1, score: 1 }), B: cell({ solved: true, minute: 40, score: 1 }) },
      },
      {
        rank: 2,
        username: 'o"brien, jr',
        virtual: false,
        solved: 0,
        score: 0,
        penalty: 0,
        cells: { A: cell({ attempts: 2 }), B: cell({ attempts: 1, pending: 2 }) },
      },
      { rank: 2, username: null, virtual: false, solved: 0, score: 0, penalty: 0, cells: {} },
    ];
    expect(scoreboardCsv('icpc', ['A', 'B'], rows).split('\r\n')).toEqual([
      'Rank,User,Solved,Penalty,A,B',
      '1,alice,2,74,+1 (14),+ (40)',
      '2,"o""brien, jr",0,0,-2,-1 ?2',
      '2,,0,0,,',
      '',
    ]);
  });

  it('writes scores for the scored formats, without a penalty column for IOI', () => {
    const rows: ScoreboardRow[] = [
      {
        rank: 1,
        username: 'bob',
        virtual: false,
        solved: 0,
        score: 130,
        penalty: 0,
        cells: { A: cell({ score: 100, solved: true }), B: cell({ score: 30, attempts: 1 }) },
      },
    ];
    expect(scoreboardCsv('ioi', ['A', 'B'], rows)).toBe('Rank,User,Score,A,B\r\n1,bob,130,100,30\r\n');
    expect(cellText('ioi', cell({ pending: 3 }))).toBe('?3');
  });
});
