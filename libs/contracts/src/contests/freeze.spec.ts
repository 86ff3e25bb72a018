import type { ContestFormat } from './formats';
import { type FreezeClock, freezeStartsAt, isBoardFrozen, isHiddenOnPublicFold, isResultFrozen, resultsHiddenFrom } from './freeze';

const START = new Date('2025-03-01T10:00:00Z');
const END = new Date('2025-03-01T15:00:00Z');
const minutesBeforeEnd = (minutes: number) => new Date(END.getTime() - minutes * 60_000);
const clock = (format: ContestFormat, freezeMinutes: number | null, unfrozenAt: Date | null = null): FreezeClock => ({
  format,
  startsAt: START,
  endsAt: END,
  freezeMinutes,
  unfrozenAt,
});

describe('the contest freeze', () => {
  it('starts freezeMinutes before the end, and never without a freeze', () => {
    expect(freezeStartsAt(END, 60)).toEqual(minutesBeforeEnd(60));
    expect(freezeStartsAt(END, null)).toBeNull();
  });

  it('hides results from the freeze’s start, OI’s from the contest’s start', () => {
    expect(resultsHiddenFrom(clock('icpc', 60))).toEqual(minutesBeforeEnd(60));
    expect(resultsHiddenFrom(clock('atcoder', null))).toBeNull();
    expect(resultsHiddenFrom(clock('oi', null))).toEqual(START);
    expect(resultsHiddenFrom(clock('oi', 60))).toEqual(START);
  });

  it('hides an official result made at the freeze’s start, not one an instant before, and never a virtual run’s', () => {
    const icpc = clock('icpc', 60);
    expect(isHiddenOnPublicFold(icpc, 'official', minutesBeforeEnd(60))).toBe(true);
    expect(isHiddenOnPublicFold(icpc, 'official', new Date(minutesBeforeEnd(60).getTime() - 1))).toBe(false);
    expect(isHiddenOnPublicFold(icpc, 'virtual', minutesBeforeEnd(30))).toBe(false);
  });

  it('frees every result once the board is unfrozen, though the public fold still marks them', () => {
    const unfrozen = clock('ioi', 60, END);
    expect(isHiddenOnPublicFold(unfrozen, 'official', minutesBeforeEnd(10))).toBe(true);
    expect(isResultFrozen(unfrozen, 'official', minutesBeforeEnd(10))).toBe(false);
    expect(isResultFrozen(clock('ioi', 60), 'official', minutesBeforeEnd(10))).toBe(true);
  });

  it.each([
    ['icpc without a freeze', clock('icpc', null), [false, false, false]],
    ['icpc frozen for the last hour', clock('icpc', 60), [false, true, true]],
    ['icpc unfrozen', clock('icpc', 60, END), [false, false, false]],
    ['oi without a freeze: totals from the end', clock('oi', null), [true, true, false]],
    ['oi with a freeze: totals from the unfreeze', clock('oi', 60), [true, true, true]],
    ['oi unfrozen', clock('oi', 60, END), [false, false, false]],
  ])('freezes the board of %s (before the freeze, during it, after the end)', (_name, contest, expected) => {
    const instants = [minutesBeforeEnd(61), minutesBeforeEnd(60), new Date(END.getTime() + 60_000)];
    expect(instants.map((now) => isBoardFrozen(contest, now))).toEqual(expected);
  });
});
