import type { SubmissionStatus } from '../submission-status';
import { contestMinute, defaultContestLabel } from './formats';
import { compareRows, type ContestAttempt, type ContestCell, type ContestFormat, foldCell, rankRows, rowFromCells } from './index';

/** A result earning `earned` raw points of 100. */
const at = (minute: number, status: SubmissionStatus, earned = 0, extra: Partial<ContestAttempt> = {}): ContestAttempt => ({
  minute,
  elapsedSeconds: minute * 60,
  status,
  earnedPoints: earned,
  totalPoints: 100,
  ...extra,
});
/** A cell; its moment at the start of its minute, as `at` makes results. */
const cell = (c: Partial<ContestCell>): ContestCell => ({
  attempts: 0,
  solved: false,
  score: 0,
  minute: null,
  elapsedSeconds: c.minute === undefined || c.minute === null ? null : c.minute * 60,
  pending: 0,
  ...c,
});
const P = { contestPoints: 1 };

describe('foldCell', () => {
  it.each<[string, ContestFormat, ContestAttempt[], ContestCell]>([
    ['no submissions', 'icpc', [], cell({})],
    [
      'two rejected then AC',
      'icpc',
      [at(3, 'wrong_answer'), at(9, 'tle'), at(15, 'accepted', 100)],
      cell({ attempts: 2, solved: true, score: 1, minute: 15 }),
    ],
    ['a CE before an AC is not a try', 'icpc', [at(2, 'ce'), at(5, 'accepted', 100)], cell({ solved: true, score: 1, minute: 5 })],
    ['failed is not a try', 'icpc', [at(2, 'failed'), at(4, 'rte'), at(6, 'failed')], cell({ attempts: 1 })],
    [
      'an output limit exceeded is a try',
      'icpc',
      [at(2, 'ole'), at(5, 'accepted', 100)],
      cell({ attempts: 1, solved: true, score: 1, minute: 5 }),
    ],
    [
      'an attempt after an AC does not count',
      'icpc',
      [at(5, 'accepted', 100), at(7, 'wrong_answer'), at(8, 'accepted', 100)],
      cell({ solved: true, score: 1, minute: 5 }),
    ],
    ['unsolved: the tries alone', 'icpc', [at(1, 'wrong_answer'), at(2, 'rte')], cell({ attempts: 2 })],
    [
      'AtCoder: the points once accepted',
      'atcoder',
      [at(1, 'wrong_answer', 60), at(30, 'accepted', 100)],
      cell({ attempts: 1, solved: true, score: 1, minute: 30 }),
    ],
    ['AtCoder: partial scores give nothing', 'atcoder', [at(1, 'wrong_answer', 90)], cell({ attempts: 1 })],
  ])('%s (%s)', (_name, format, attempts, expected) => {
    expect(foldCell(format, attempts, P)).toEqual(expected);
  });

  it('AtCoder keeps the first accepted to the second, with the wrong tries before it', () => {
    const attempts = [
      at(3, 'wrong_answer', 0, { elapsedSeconds: 200 }),
      at(12, 'accepted', 100, { elapsedSeconds: 754 }),
      at(20, 'accepted', 100, { elapsedSeconds: 1234 }),
    ];
    expect(foldCell('atcoder', attempts, { contestPoints: 300 })).toEqual(
      cell({ solved: true, score: 300, attempts: 1, minute: 12, elapsedSeconds: 754 }),
    );
  });

  it('IOI and OI keep the second the score was last set', () => {
    const attempts = [at(1, 'wrong_answer', 40, { elapsedSeconds: 70 }), at(2, 'wrong_answer', 30, { elapsedSeconds: 150 })];
    expect(foldCell('ioi', attempts, P)).toMatchObject({ minute: 1, elapsedSeconds: 70 });
    expect(foldCell('oi', attempts, P)).toMatchObject({ minute: 2, elapsedSeconds: 150 });
  });

  it('IOI takes each subtask maximum across submissions, scaled to the points', () => {
    // Subtasks worth 30 + 70 of the problem's 100, in a contest worth 50: 30 (first) + 40 (second) = 70 → 35.
    const attempts = [
      at(5, 'wrong_answer', 30, {
        subtasks: [
          { index: 0, earnedPoints: 30, points: 30 },
          { index: 1, earnedPoints: 0, points: 70 },
        ],
      }),
      at(9, 'wrong_answer', 40, {
        subtasks: [
          { index: 0, earnedPoints: 0, points: 30 },
          { index: 1, earnedPoints: 40, points: 70 },
        ],
      }),
      at(12, 'wrong_answer', 10, {
        subtasks: [
          { index: 0, earnedPoints: 10, points: 30 },
          { index: 1, earnedPoints: 0, points: 70 },
        ],
      }),
    ];
    expect(foldCell('ioi', attempts, { contestPoints: 50 })).toEqual(
      cell({
        attempts: 3,
        score: 35,
        minute: 9,
        subtasks: [
          { index: 0, earnedContestPoints: 15, contestPoints: 15 },
          { index: 1, earnedContestPoints: 20, contestPoints: 35 },
        ],
      }),
    );
  });

  it('IOI without subtasks takes the best submission', () => {
    // Out of 200 raw points, in a contest worth 100: 60 → 30.
    const attempts = [at(1, 'wrong_answer', 60, { totalPoints: 200 }), at(2, 'tle', 20, { totalPoints: 200 }), at(3, 'ce')];
    expect(foldCell('ioi', attempts, { contestPoints: 100 })).toEqual(cell({ attempts: 2, score: 30, minute: 1 }));
  });

  it('IOI and OI scale raw points, not the percent: 1 of 9 tests of 1 point is 11.11 of 100, unsolved (issue 31)', () => {
    const attempts = [at(4, 'wrong_answer', 1, { totalPoints: 9 })];
    for (const format of ['ioi', 'oi'] as const)
      expect(foldCell(format, attempts, { contestPoints: 100 })).toEqual(cell({ attempts: 1, score: 11.11, minute: 4 }));
  });

  it('IOI and OI are solved at full points only: a failed test worth nothing still solves, 0 of 0 needs an accepted', () => {
    for (const format of ['ioi', 'oi'] as const) {
      expect(foldCell(format, [at(4, 'wrong_answer', 100)], { contestPoints: 7 })).toEqual(
        cell({ attempts: 1, solved: true, score: 7, minute: 4 }),
      );
      const none = { totalPoints: 0 };
      expect(foldCell(format, [at(1, 'wrong_answer', 0, none), at(2, 'accepted', 0, none)], { contestPoints: 7 })).toEqual(
        cell({ attempts: 1, solved: true, score: 7, minute: 2 }),
      );
    }
  });

  it('IOI reaching every subtask across submissions is solved', () => {
    const attempts = [
      at(5, 'wrong_answer', 30, {
        subtasks: [
          { index: 0, earnedPoints: 30, points: 30 },
          { index: 1, earnedPoints: 0, points: 70 },
        ],
      }),
      at(8, 'wrong_answer', 70, {
        subtasks: [
          { index: 0, earnedPoints: 0, points: 30 },
          { index: 1, earnedPoints: 70, points: 70 },
        ],
      }),
    ];
    expect(foldCell('ioi', attempts, { contestPoints: 100 })).toEqual(
      cell({
        attempts: 2,
        solved: true,
        score: 100,
        minute: 8,
        subtasks: [
          { index: 0, earnedContestPoints: 30, contestPoints: 30 },
          { index: 1, earnedContestPoints: 70, contestPoints: 70 },
        ],
      }),
    );
  });

  it('OI scores the last submission, even a worse one, compile errors aside', () => {
    const attempts = [at(10, 'wrong_answer', 80), at(20, 'wrong_answer', 30), at(25, 'ce')];
    expect(foldCell('oi', attempts, { contestPoints: 100 })).toEqual(cell({ attempts: 2, score: 30, minute: 20 }));
  });

  it('a frozen cell shows its hidden tries as pending, whatever their verdicts', () => {
    const attempts = [at(100, 'wrong_answer'), at(250, 'ce', 0, { hidden: true }), at(260, 'accepted', 100, { hidden: true })];
    expect(foldCell('icpc', attempts, P)).toEqual(cell({ attempts: 1, pending: 2 }));
  });

  it('a problem solved before the freeze has nothing pending', () => {
    const attempts = [at(100, 'accepted', 100), at(250, 'wrong_answer', 0, { hidden: true })];
    expect(foldCell('icpc', attempts, P)).toEqual(cell({ solved: true, score: 1, minute: 100 }));
  });
});

describe('contest clock', () => {
  it('counts whole minutes from the participant’s own start, floored', () => {
    const start = new Date('2025-01-01T10:00:30Z');
    // A per-participant window: the same instant is minute 59 for one who started late and 119 for the other.
    expect(contestMinute(new Date('2025-01-01T11:00:29Z'), start)).toBe(59);
    expect(contestMinute(new Date('2025-01-01T11:00:29Z'), new Date('2025-01-01T09:00:30Z'))).toBe(119);
    expect(contestMinute(new Date('2025-01-01T10:01:30Z'), start)).toBe(1);
  });

  it('labels A, B, C…', () => {
    expect([0, 1, 25].map(defaultContestLabel)).toEqual(['A', 'B', 'Z']);
  });
});

describe('rowFromCells', () => {
  const cells = [
    cell({ attempts: 2, solved: true, score: 1, minute: 30 }),
    cell({ attempts: 4 }),
    cell({ attempts: 0, solved: true, score: 1, minute: 70 }),
  ];

  it('ICPC: penalty is each solved minute plus 20 per rejected try before it; unsolved tries cost nothing', () => {
    expect(rowFromCells('icpc', cells, 20)).toEqual({ solved: 2, score: 2, penalty: 30 + 40 + 70, lastAcMinute: 70 });
  });

  it('AtCoder: time is the latest first-AC minute plus 5 per rejected try on solved problems', () => {
    const atcoder = [
      cell({ attempts: 1, solved: true, score: 300, minute: 40 }),
      cell({ attempts: 2, solved: true, score: 500, minute: 25 }),
      cell({ attempts: 7 }),
    ];
    expect(rowFromCells('atcoder', atcoder, 5)).toEqual({ solved: 2, score: 800, penalty: 40 + 5 * 3, lastAcMinute: 40 });
  });

  it('IOI: the sum of the cells, no penalty', () => {
    expect(rowFromCells('ioi', [cell({ score: 35.5, attempts: 3 }), cell({ score: 100, solved: true, minute: 9 })], 0)).toEqual({
      solved: 1,
      score: 135.5,
      penalty: 0,
      lastAcMinute: 9,
    });
  });
});

describe('rankRows (hand-worked boards)', () => {
  const row = (name: string, totals: Partial<ReturnType<typeof rowFromCells>>) => ({
    name,
    totals: { solved: 0, score: 0, penalty: 0, lastAcMinute: null, ...totals },
  });
  const ranks = (format: ContestFormat, rows: ReturnType<typeof row>[]) => rankRows(format, rows).map((r) => `${r.rank}:${r.name}`);

  it('ICPC: solved, then penalty, then the earlier last first-AC; otherwise a shared rank (1, 2, 2, 4)', () => {
    const board = [
      row('dan', { solved: 1, penalty: 10, lastAcMinute: 10 }),
      row('ann', { solved: 3, penalty: 200, lastAcMinute: 90 }),
      row('bob', { solved: 2, penalty: 150, lastAcMinute: 100 }),
      row('cat', { solved: 2, penalty: 150, lastAcMinute: 100 }),
      row('eve', { solved: 2, penalty: 150, lastAcMinute: 80 }),
    ];
    expect(ranks('icpc', board)).toEqual(['1:ann', '2:eve', '3:bob', '3:cat', '5:dan']);
  });

  it('ICPC from cells: the earlier last AC breaks an equal penalty', () => {
    // ann: A at 10 (+1 try), B at 50 → 10+20+50 = 80, last AC 50. bob: A at 40, B at 40 → 80, last AC 40.
    const ann = rowFromCells(
      'icpc',
      [cell({ attempts: 1, solved: true, score: 1, minute: 10 }), cell({ solved: true, score: 1, minute: 50 })],
      20,
    );
    const bob = rowFromCells('icpc', [cell({ solved: true, score: 1, minute: 40 }), cell({ solved: true, score: 1, minute: 40 })], 20);
    expect(ann.penalty).toBe(bob.penalty);
    expect(compareRows('icpc', bob, ann)).toBeLessThan(0);
  });

  it('AtCoder: points, then time; equal both share a rank', () => {
    const board = [
      row('ann', { score: 800, penalty: 55 }),
      row('bob', { score: 800, penalty: 50 }),
      row('cat', { score: 900, penalty: 99 }),
      row('dan', { score: 800, penalty: 55 }),
      row('eve', { score: 0 }),
    ];
    expect(ranks('atcoder', board)).toEqual(['1:cat', '2:bob', '3:ann', '3:dan', '5:eve']);
  });

  it.each<ContestFormat>(['ioi', 'oi'])('%s: the total alone; equal totals share a rank whatever the minutes', (format) => {
    const board = [
      row('ann', { score: 150, lastAcMinute: 5 }),
      row('bob', { score: 150, lastAcMinute: 100 }),
      row('cat', { score: 200 }),
      row('dan', { score: 10 }),
    ];
    expect(ranks(format, board)).toEqual(['1:cat', '2:ann', '2:bob', '4:dan']);
  });
});
