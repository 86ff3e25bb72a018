import { auxiliarySlots, SlotPool } from './slot-pool';

const tick = () => new Promise((r) => setImmediate(r));

describe('SlotPool', () => {
  it('gives runs, validations and checker jobs ⌈N/2⌉ of a worker’s N slots', () => {
    expect([1, 2, 3, 4, 5].map(auxiliarySlots)).toEqual([1, 1, 2, 2, 3]);
  });

  it('never runs more than its size at once, and runs every piece of work in order', async () => {
    const pool = new SlotPool(auxiliarySlots(4));
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const ends: (() => void)[] = [];
    const all = Array.from({ length: 7 }, (_, i) =>
      pool.use(async () => {
        order.push(i);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => ends.push(resolve));
        running--;
        return i;
      }),
    );
    for (let round = 0; round < 7; round++) {
      await tick();
      expect(running).toBeLessThanOrEqual(2);
      ends.shift()?.();
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
  });

  it('gives the slot back when the work throws', async () => {
    const pool = new SlotPool(1);
    await expect(pool.use(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(pool.use(async () => 'next')).resolves.toBe('next');
  });

  it('lets a cancelled waiter leave the line without taking a slot', async () => {
    const pool = new SlotPool(1);
    let release = () => undefined as void;
    const first = pool.use(() => new Promise<void>((resolve) => (release = resolve)));
    const cancel = new AbortController();
    let ran = false;
    const cancelled = pool.use(async () => void (ran = true), cancel.signal);
    const third = pool.use(async () => 'third');
    cancel.abort(new Error('the caller went away'));
    await expect(cancelled).rejects.toThrow('the caller went away');
    await tick();
    release();
    await first;
    await expect(third).resolves.toBe('third');
    expect(ran).toBe(false);
    await expect(pool.use(async () => 'not started', cancel.signal)).rejects.toThrow('the caller went away');
  });
});
