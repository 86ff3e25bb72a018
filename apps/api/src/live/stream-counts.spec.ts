import { StreamCounts } from './stream-counts';

describe('StreamCounts', () => {
  it('counts the streams each key holds open, down to none', () => {
    const counts = new StreamCounts();
    counts.add('alice');
    counts.add('alice');
    counts.add('bob');
    expect([counts.of('alice'), counts.of('bob'), counts.of('carol')]).toEqual([2, 1, 0]);
    counts.remove('alice');
    counts.remove('bob');
    expect([counts.of('alice'), counts.of('bob')]).toEqual([1, 0]);
    counts.clear();
    expect(counts.of('alice')).toBe(0);
  });
});
