import type { ContestCell, ScoreboardRow } from '@oj/contracts';

import { applyReveal, nextReveal, nextRowReveal, pendingCount, type RevealState, startReveal } from './reveal';

const solved = (minute: number, attempts = 0): ContestCell => ({
  attempts,
  solved: true,
  score: 1,
  minute,
  elapsedSeconds: minute * 60,
  pending: 0,
});
const pending = (tries: number, attempts = 0): ContestCell => ({
  attempts,
  solved: false,
  score: 0,
  minute: null,
  elapsedSeconds: null,
  pending: tries,
});
const failed = (attempts: number): ContestCell => ({ attempts, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 0 });

const row = (username: string, cells: Record<string, ContestCell>): ScoreboardRow => ({
  rank: 0,
  username,
  virtual: false,
  solved: 0,
  score: 0,
  penalty: 0,
  cells,
});

/**
 * An ICPC board frozen with three rows. Public: alice 2 solved, bob 1, carol 1 (more penalty) with pending cells.
 * Live: bob solved B at 250 (after 1 rejected) and carol's pending tries on A and B were both rejected, then C solved.
 */
const labels = ['A', 'B', 'C'];
const publicRows = [
  row('alice', { A: solved(10), B: solved(20) }),
  row('bob', { A: solved(15), B: pending(2) }),
  row('carol', { A: solved(30, 1), B: pending(1), C: pending(1) }),
];
const liveRows = [
  row('alice', { A: solved(10), B: solved(20) }),
  row('bob', { A: solved(15), B: solved(250, 1) }),
  row('carol', { A: solved(30, 1), B: failed(1), C: solved(260) }),
];

const standings = (state: RevealState) => state.rows.map((r) => `${r.rank} ${r.username} ${r.solved}/${r.penalty}`);

/** Plays the whole reveal, recording each step and the board after it. */
function playAll(state: RevealState) {
  const steps: { at: string; board: string[] }[] = [];
  for (let step = nextReveal(state); step; step = nextReveal(state)) {
    state = applyReveal(state, step);
    steps.push({ at: `${step.key}:${step.label}`, board: standings(state) });
  }
  return { steps, state };
}

describe('the reveal', () => {
  const start = () => startReveal({ format: 'icpc', penaltyMinutes: 20 }, labels, publicRows, liveRows);

  it('starts from the frozen board, ranked by its own cells, with every pending cell to show', () => {
    const state = start();
    expect(standings(state)).toEqual(['1 alice 2/30', '2 bob 1/15', '3 carol 1/50']);
    expect(pendingCount(state)).toBe(3);
  });

  it('shows one cell at a time, always the lowest row first, its labels left to right, re-ranking after each', () => {
    const { steps, state } = playAll(start());
    expect(steps).toEqual([
      // carol is last: her first pending label, B, turns out rejected; she stays last.
      { at: 'carol:B', board: ['1 alice 2/30', '2 bob 1/15', '3 carol 1/50'] },
      // still the lowest row with a pending cell: C was solved, and carol climbs above bob.
      { at: 'carol:C', board: ['1 alice 2/30', '2 carol 2/310', '3 bob 1/15'] },
      // bob is now the lowest: his B solve (250 + 20) puts him above carol again.
      { at: 'bob:B', board: ['1 alice 2/30', '2 bob 2/285', '3 carol 2/310'] },
    ]);
    expect(pendingCount(state)).toBe(0);
    expect(nextReveal(state)).toBeNull();
  });

  it('ends on the live board: the same final data', () => {
    const { state } = playAll(start());
    const live = startReveal({ format: 'icpc', penaltyMinutes: 20 }, labels, liveRows, liveRows);
    expect(state.rows.map(({ hidden: _h, ...r }) => r)).toEqual(live.rows.map(({ hidden: _h, ...r }) => r));
  });

  it('numbers shared ranks as in sport once cells tie rows', () => {
    const tied = startReveal(
      { format: 'ioi', penaltyMinutes: 0 },
      ['A'],
      [row('x', { A: { ...failed(0), score: 50 } }), row('y', { A: pending(1) }), row('z', { A: failed(1) })],
      [row('x', { A: { ...failed(0), score: 50 } }), row('y', { A: { ...failed(1), score: 50 } }), row('z', { A: failed(1) })],
    );
    const { state } = playAll(tied);
    expect(state.rows.map((r) => `${r.rank} ${r.username} ${r.score}`)).toEqual(['1 x 50', '1 y 50', '3 z 0']);
  });

  it("steps a row at a time: every pending cell of the lowest row that has one, then the next row's", () => {
    let state = startReveal({ format: 'icpc', penaltyMinutes: 20 }, labels, publicRows, liveRows);
    const first = nextRowReveal(state);
    expect(first.map((s) => `${s.key}:${s.label}`)).toEqual(['carol:B', 'carol:C']);
    state = first.reduce(applyReveal, state);
    expect(pendingCount(state)).toBe(1);
    expect(nextRowReveal(state).map((s) => `${s.key}:${s.label}`)).toEqual(['bob:B']);
    state = nextRowReveal(state).reduce(applyReveal, state);
    expect(nextRowReveal(state)).toEqual([]);
  });
});
