import { LiveEvent } from '@oj/contracts';

import { applyLiveEvent, SubmissionPage } from './live-paging';

const row = (id: string, extra: Partial<LiveEvent> = {}): LiveEvent =>
  ({
    id,
    _id: id,
    userId: 'u1',
    status: 'queued',
    score: 0,
    eventId: `e-${id}-${Math.random()}`,
    emittedAt: '2026-11-23T10:00:00Z',
    _eventType: 'created',
    ...extra,
  }) as LiveEvent;

const page = (ids: string[], extra: Partial<SubmissionPage> = {}): SubmissionPage => ({
  items: ids.map((id) => row(id)),
  total: ids.length,
  totalPages: 1,
  page: 1,
  limit: 3,
  ...extra,
});

describe('applyLiveEvent', () => {
  const all = () => true;

  it('inserts a new matching event at the top of page 1, dropping the overflow and raising the counts', () => {
    const next = applyLiveEvent(page(['a', 'b', 'c'], { total: 3, totalPages: 1 }), row('n'), all);
    expect(next.items.map((r) => r.id)).toEqual(['n', 'a', 'b']);
    expect(next).toMatchObject({ total: 4, totalPages: 2 });
    expect((next.items[0] as unknown as Record<string, unknown>).eventId).toBeUndefined();
  });

  it('merges into an existing row in place, even on later pages', () => {
    const start = page(['a', 'b'], { page: 2 });
    const next = applyLiveEvent(start, row('b', { status: 'accepted', score: 100, _eventType: 'finished' }), all);
    expect(next.items.map((r) => [r.id, r.status, r.score])).toEqual([
      ['a', 'queued', 0],
      ['b', 'accepted', 100],
    ]);
    expect(next.total).toBe(2);
  });

  it('keeps grading progress from progress events and clears it on the final one', () => {
    let p = applyLiveEvent(page(['a']), row('a', { status: 'running', _eventType: 'progress', progress: { done: 7, total: 20 } }), all);
    expect(p.items[0].progress).toEqual({ done: 7, total: 20 });
    p = applyLiveEvent(p, row('a', { status: 'accepted', _eventType: 'finished' }), all);
    expect(p.items[0].progress).toBeNull();
  });

  it('ignores unknown rows on other pages and events that do not match the filters', () => {
    const second = page(['a'], { page: 2 });
    expect(applyLiveEvent(second, row('n'), all)).toBe(second);
    const first = page(['a']);
    expect(applyLiveEvent(first, row('n', { userId: 'someone-else' }), (e) => e.userId === 'u1')).toBe(first);
  });
});
