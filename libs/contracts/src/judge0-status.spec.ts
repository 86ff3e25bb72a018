import { judge0FromStatus, statusFromJudge0, validationStatusLabel } from './judge0-status';
import { heatmapLevel } from './limits';

describe('validationStatusLabel (SPEC 4 table)', () => {
  it.each([
    [0, 'Skipped'],
    [3, 'Accepted'],
    [4, 'Wrong Answer'],
    [13, 'Wrong Answer'],
    [14, 'Wrong Answer'],
    [5, 'Time Limit'],
    [6, 'Compile Error'],
    [15, 'Compile Error'],
    [7, 'Runtime Error'],
    [8, 'Output Limit'],
    [12, 'Runtime Error'],
    [42, 'Status 42'],
  ])('code %i reads %s', (code, label) => {
    expect(validationStatusLabel(code)).toBe(label);
  });
});

describe('Judge0 status mapping', () => {
  it('maps Judge0 ids to our statuses', () => {
    expect([3, 4, 5, 6, 7, 8, 12, 13, 14].map(statusFromJudge0)).toEqual([
      'accepted',
      'wrong_answer',
      'tle',
      'ce',
      'rte',
      'ole',
      'rte',
      'failed',
      'failed',
    ]);
  });
  it('has no output-limit status: ole is sent as 8, SIGXFSZ (what Judge0 reports for output past its file-size cap)', () => {
    expect(judge0FromStatus('ole')).toBe(8);
  });
  it('round-trips final statuses', () => {
    for (const s of ['accepted', 'wrong_answer', 'tle', 'ole', 'ce', 'rte'] as const) {
      expect(statusFromJudge0(judge0FromStatus(s))).toBe(s);
    }
  });
});

describe('heatmapLevel (SPEC 9)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [7, 3],
    [8, 4],
    [50, 4],
  ])('%i submissions → level %i', (n, level) => {
    expect(heatmapLevel(n)).toBe(level);
  });
});
