import { monthColumns, openingScroll, weekColumn } from './Heatmap';

describe('Heatmap', () => {
  it('places a day in its week column, weeks starting on Sunday', () => {
    // 2026 starts on a Thursday: 1 to 3 January in column 0, Sunday 4 January opens column 1.
    expect(weekColumn(new Date('2026-01-03T12:00:00Z'))).toBe(0);
    expect(weekColumn(new Date('2026-01-04T00:00:00Z'))).toBe(1);
    expect(weekColumn(new Date('2026-11-25T23:00:00Z'))).toBe(monthColumns(2026)[10] + 3);
  });

  it('opens the current year scrolled so this week ends the box, and any other year at January', () => {
    const today = new Date('2026-11-25T10:00:00Z');
    // Week 47 of 2026: its right edge at 48 × 15 px, in a 330 px box.
    expect(openingScroll(2026, today, 330)).toBe(48 * 15 - 330);
    expect(openingScroll(2025, today, 330)).toBe(0);
    // Early in the year, and on a wide screen, nothing to scroll.
    expect(openingScroll(2026, new Date('2026-01-10T00:00:00Z'), 330)).toBe(0);
    expect(openingScroll(2026, today, 1200)).toBe(0);
  });
});
