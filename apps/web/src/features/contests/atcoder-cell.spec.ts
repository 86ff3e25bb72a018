import { cell } from '../../testing/contest-fixtures';
import { atcoderCellLines, elapsedClock } from './atcoder-cell';
import { cellText } from './board-csv';

describe('AtCoder cells', () => {
  it('write the time as mm:ss, and h:mm:ss from an hour on', () => {
    expect(elapsedClock(0)).toBe('00:00');
    expect(elapsedClock(754)).toBe('12:34');
    expect(elapsedClock(3599)).toBe('59:59');
    expect(elapsedClock(3600)).toBe('1:00:00');
    expect(elapsedClock(2 * 3600 + 5 * 60 + 9)).toBe('2:05:09');
  });

  it('show the points and wrong tries over the accepted time', () => {
    expect(atcoderCellLines(cell({ solved: true, score: 300, attempts: 1, minute: 12, elapsedSeconds: 754 }))).toEqual({
      head: '300 (1)',
      time: '12:34',
    });
    expect(atcoderCellLines(cell({ solved: true, score: 100, minute: 0, elapsedSeconds: 5 }))).toEqual({ head: '100', time: '00:05' });
  });

  it('show only the wrong tries and the hidden ones before an accepted', () => {
    expect(atcoderCellLines(cell({ attempts: 2 }))).toEqual({ head: '(2)', time: '' });
    expect(atcoderCellLines(cell({ attempts: 1, pending: 2 }))).toEqual({ head: '(1) ?2', time: '' });
  });

  it('in CSV, one field', () => {
    expect(cellText('atcoder', cell({ solved: true, score: 300, attempts: 1, minute: 62, elapsedSeconds: 3725 }))).toBe('300 (1) 1:02:05');
    expect(cellText('atcoder', cell({}))).toBe('');
  });
});
