import { judgementTypeId, reltime } from './clics-format';

describe('CLICS formats', () => {
  it('writes RELTIMEs as h:mm:ss.uuu, hours unbounded, negative before the start', () => {
    expect(reltime(0)).toBe('0:00:00.000');
    expect(reltime(5 * 3_600_000 + 7 * 60_000 + 9_005)).toBe('5:07:09.005');
    expect(reltime(30 * 3_600_000)).toBe('30:00:00.000');
    expect(reltime(-61_500)).toBe('-0:01:01.500');
    expect(reltime(1.6)).toBe('0:00:00.002');
  });

  it('maps final statuses to judgement types and leaves the unfinished and skipped without one', () => {
    expect(['accepted', 'wrong_answer', 'tle', 'ole', 'rte', 'ce', 'failed'].map((s) => judgementTypeId(s as never))).toEqual([
      'AC',
      'WA',
      'TLE',
      'OLE',
      'RTE',
      'CE',
      'JE',
    ]);
    expect([judgementTypeId('queued'), judgementTypeId('running'), judgementTypeId('skipped')]).toEqual([null, null, null]);
  });
});
