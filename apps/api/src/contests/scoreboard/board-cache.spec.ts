import { BoardCache } from './board-cache';
import { type OrderedRow, Ranking } from './ranking';

/** A load the test finishes when it wants, counting its calls. */
function loader<T>() {
  const pending: ((value: T) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const load = jest.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push(resolve);
        failures.push(reject);
      }),
  );
  return {
    load,
    /** Finishes the load started `index`-th among those still under way (the oldest by default). */
    finish: (value: T, index = 0) => {
      failures.splice(index, 1);
      pending.splice(index, 1)[0]?.(value);
    },
    fail: (error: Error) => {
      pending.shift();
      failures.shift()?.(error);
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BoardCache', () => {
  let clock: number;
  let cache: BoardCache;
  beforeEach(() => {
    clock = 0;
    cache = new BoardCache({ maxWeight: 10, ttlMs: 1000, now: () => clock });
  });

  it('keeps a read until its contest is invalidated, and shares one load between reads that arrive during it', async () => {
    const { load, finish } = loader<string>();
    const first = cache.get(1, 'page:1', load);
    const second = cache.get(1, 'page:1', load);
    await settle();
    finish('v1');
    expect(await Promise.all([first, second])).toEqual(['v1', 'v1']);
    expect(await cache.get(1, 'page:1', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);

    cache.invalidate(1);
    const third = cache.get(1, 'page:1', load);
    await settle();
    finish('v2');
    expect(await third).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops only the invalidated contest', async () => {
    await cache.get(1, 'k', async () => 'one');
    await cache.get(2, 'k', async () => 'two');
    cache.invalidate(1);
    const again = jest.fn(async () => 'fresh');
    expect(await cache.get(1, 'k', again)).toBe('fresh');
    expect(await cache.get(2, 'k', again)).toBe('two');
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('keeps the outline through a result, not through a board change, and never what a result raced', async () => {
    await cache.outline(1, 'total', async () => 2);
    await cache.get(1, 'page:1', async () => 'before');
    cache.resultsChanged(1);
    const again = jest.fn(async () => 'after');
    expect(await cache.outline(1, 'total', async () => 3)).toBe(2);
    expect(await cache.get(1, 'page:1', again)).toBe('after');
    expect(again).toHaveBeenCalledTimes(1);

    // An outline read under way when a result arrives is not kept (one generation per contest): the next read loads.
    const { load, finish } = loader<number>();
    const racing = cache.outline(1, 'labels', load);
    await settle();
    cache.resultsChanged(1);
    finish(1);
    expect(await racing).toBe(1);
    expect(await cache.outline(1, 'labels', async () => 4)).toBe(4);

    cache.invalidate(1);
    expect(await cache.outline(1, 'total', async () => 3)).toBe(3);
  });

  it('serves no board from before a result that arrived first: reads wait for its placement, later ones do not', async () => {
    await cache.get(1, 'page:1', async () => 'before');
    let placed!: () => void;
    // The stream service's read of the result's row, which then drops what the result changed.
    const placement = new Promise<void>((resolve) => (placed = resolve)).then(() => cache.resultsChanged(1));
    cache.resultArriving(placement);
    const reading = cache.get(1, 'page:1', async () => 'after');
    const read = jest.fn();
    void reading.then(read);
    await settle();
    expect(read).not.toHaveBeenCalled();
    placed();
    expect(await reading).toBe('after');
    // Placed (or failed: a failed placement clears the cache itself), it holds no later read back.
    cache.resultArriving(Promise.reject(new Error('the row could not be read')));
    await settle();
    expect(await cache.get(1, 'page:1', async () => 'other')).toBe('after');
  });

  describe('rankings', () => {
    const row = (id: string, score: number): OrderedRow => ({ id, keys: [score, 0], version: `${score}`, username: id });
    const ioi = (rows: OrderedRow[], ticket: number) => new Ranking('ioi', rows, ticket);
    const result = (id: string, score: number) => ({ live: row(id, score), public: row(id, score - 1) });
    const ids = (order: Ranking) => order.page(0, null).map((r) => `${r.rank}:${r.id}`);

    it('moves a result’s row in the kept order rather than reading the board again', async () => {
      const load = jest.fn(async (ticket: number) => ioi([row('a', 20), row('b', 10)], ticket));
      await cache.ranking(1, 'live', load);
      cache.resultsChanged(1, { result: result('b', 30), ticket: cache.ticket() });
      expect(ids(await cache.ranking(1, 'live', load))).toEqual(['1:b', '2:a']);
      expect(load).toHaveBeenCalledTimes(1);
      // A virtual run's result moves nothing.
      cache.resultsChanged(1);
      expect(ids(await cache.ranking(1, 'live', load))).toEqual(['1:b', '2:a']);
    });

    it('places a result taken in while the order loads once it is kept, unless the load read it later', async () => {
      const { load, finish } = loader<Ranking>();
      const loading = cache.ranking(1, 'live', load);
      await settle();
      const loadTicket = (load.mock.calls[0] as unknown as [number])[0];
      const after = cache.ticket();
      // Read after the load began, so perhaps not in it: placed.
      cache.resultsChanged(1, { result: result('b', 30), ticket: after });
      // Read before the load began (its ticket is older): the load saw it at least as new.
      cache.resultsChanged(1, { result: result('a', 5), ticket: loadTicket - 1 });
      expect(after).toBeGreaterThan(loadTicket);
      finish(ioi([row('a', 20), row('b', 10)], loadTicket));
      expect(ids(await loading)).toEqual(['1:b', '2:a']);
      expect(ids(await cache.ranking(1, 'live', load))).toEqual(['1:b', '2:a']);
    });

    it('takes a registration’s row into the kept orders, and drops the board’s other reads with its outline', async () => {
      const load = jest.fn(async (ticket: number) => ioi([row('a', 20)], ticket));
      await cache.ranking(1, 'public', load);
      await cache.outline(1, 'total', async () => 1);
      cache.registered(1, { result: result('n', 1), ticket: cache.ticket() });
      expect(ids(await cache.ranking(1, 'public', load))).toEqual(['1:a', '2:n']);
      expect(load).toHaveBeenCalledTimes(1);
      expect(await cache.outline(1, 'total', async () => 2)).toBe(2);
      // A registration read older than the row's result (its ticket is smaller) leaves the result's place.
      const resultTicket = cache.ticket();
      cache.resultsChanged(1, { result: result('n', 31), ticket: resultTicket });
      cache.registered(1, { result: result('n', 1), ticket: resultTicket - 1 });
      expect(ids(await cache.ranking(1, 'public', load))).toEqual(['1:n', '2:a']);
    });

    it('keeps the official orders through a virtual run’s start, and drops every read with the outline', async () => {
      const load = jest.fn(async (ticket: number) => ioi([row('a', 20)], ticket));
      await cache.ranking(1, 'live', load);
      await cache.outline(1, 'total', async () => 1);
      await cache.get(1, 'ranking:live:all', async () => 'with one run');
      cache.virtualRunStarted(1);
      expect(ids(await cache.ranking(1, 'live', load))).toEqual(['1:a']);
      expect(load).toHaveBeenCalledTimes(1);
      expect(await cache.outline(1, 'total', async () => 2)).toBe(2);
      expect(await cache.get(1, 'ranking:live:all', async () => 'with two runs')).toBe('with two runs');
    });

    it('drops the orders with a board change, and keeps none a load under way then read', async () => {
      const first = jest.fn(async (ticket: number) => ioi([row('a', 1)], ticket));
      await cache.ranking(1, 'public', first);
      cache.invalidate(1);
      const { load, finish } = loader<Ranking>();
      const racing = cache.ranking(1, 'public', load);
      await settle();
      cache.invalidate(1);
      finish(ioi([row('a', 1)], 1));
      await racing;
      const fresh = jest.fn(async (ticket: number) => ioi([row('b', 2), row('a', 1)], ticket));
      expect(ids(await cache.ranking(1, 'public', fresh))).toEqual(['1:b', '2:a']);
      expect(fresh).toHaveBeenCalledTimes(1);
    });

    it('serves an order past the TTL at once and reloads it behind, the safety net for a lost result', async () => {
      const load = jest.fn(async (ticket: number) => ioi([row('a', clock)], ticket));
      await cache.ranking(1, 'live', load);
      clock = 1000;
      expect((await cache.ranking(1, 'live', load)).find('a')).toMatchObject({ version: '0' });
      await settle();
      expect(load).toHaveBeenCalledTimes(2);
      expect((await cache.ranking(1, 'live', load)).find('a')).toMatchObject({ version: '1000' });
    });

    it('keeps no order while suspended, and holds at most its bound of rows', async () => {
      cache.suspend();
      const load = jest.fn(async (ticket: number) => ioi([row('a', 1)], ticket));
      await cache.ranking(1, 'live', load);
      await cache.ranking(1, 'live', load);
      expect(load).toHaveBeenCalledTimes(2);
      cache.resume();
      const small = new BoardCache({ maxWeight: 10, ttlMs: 1000, maxRankingRows: 3, now: () => clock });
      const two = (id: string) => jest.fn(async (ticket: number) => ioi([row(`${id}1`, 1), row(`${id}2`, 2)], ticket));
      const [x, y] = [two('x'), two('y')];
      await small.ranking(1, 'live', x);
      await small.ranking(2, 'live', y); // 4 rows > 3: contest 1's order goes
      await small.ranking(2, 'live', y);
      await small.ranking(1, 'live', x);
      expect([x.mock.calls.length, y.mock.calls.length]).toEqual([2, 1]);
    });
  });

  it('never keeps what a load under way during an invalidation read, nor shares it with later reads', async () => {
    const { load, finish } = loader<string>();
    const early = cache.get(1, 'page:1', load);
    await settle();
    // The result is committed and its event arrives while the page is being read: that read may have seen the old board.
    cache.invalidate(1);
    const late = cache.get(1, 'page:1', load);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    // The later read finishes first; the early one, finishing after it, must not put the old board back.
    finish('new', 1);
    finish('old', 0);
    expect(await early).toBe('old');
    expect(await late).toBe('new');
    expect(await cache.get(1, 'page:1', load)).toBe('new');
    expect(load).toHaveBeenCalledTimes(2);

    const alone = cache.get(2, 'page:1', load);
    await settle();
    cache.invalidate(2);
    finish('old');
    expect(await alone).toBe('old');
    const next = cache.get(2, 'page:1', load);
    await settle();
    expect(load).toHaveBeenCalledTimes(4);
    finish('new');
    expect(await next).toBe('new');
  });

  it('keeps nothing a load under way during clear() returns', async () => {
    const { load, finish } = loader<string>();
    const early = cache.get(3, 'k', load);
    await settle();
    cache.clear();
    finish('old');
    expect(await early).toBe('old');
    expect(cache.isEmpty).toBe(true);
  });

  it('reads again after the TTL, the safety net for a lost invalidation', async () => {
    const load = jest.fn(async () => `at ${clock}`);
    expect(await cache.get(1, 'k', load)).toBe('at 0');
    clock = 999;
    expect(await cache.get(1, 'k', load)).toBe('at 0');
    clock = 1000;
    expect(await cache.get(1, 'k', load)).toBe('at 1000');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('holds at most maxWeight, dropping the least recently read first', async () => {
    const page = (rows: number) => async () => Array.from({ length: rows }, (_, i) => i);
    const weigh = (rows: number[]) => rows.length;
    await cache.get(1, 'a', page(4), weigh);
    await cache.get(1, 'b', page(4), weigh);
    await cache.get(1, 'a', page(4), weigh); // a is now the most recently read
    await cache.get(2, 'c', page(4), weigh); // 12 > 10: b goes
    expect(cache.size).toEqual({ entries: 2, weight: 8 });
    const reload = jest.fn(page(4));
    await cache.get(1, 'a', reload, weigh);
    await cache.get(2, 'c', reload, weigh);
    expect(reload).not.toHaveBeenCalled();
    await cache.get(1, 'b', reload, weigh);
    expect(reload).toHaveBeenCalledTimes(1);
    // Heavier than the whole cache: returned, not kept, and nothing else pushed out for it.
    await cache.get(3, 'huge', page(11), weigh);
    expect(cache.size).toEqual({ entries: 2, weight: 8 });
  });

  it('keeps no failed load, and shares its failure with the reads that waited on it', async () => {
    const { load, fail } = loader<string>();
    const first = cache.get(1, 'k', load);
    const second = cache.get(1, 'k', load);
    await settle();
    fail(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(await cache.get(1, 'k', async () => 'back')).toBe('back');
  });

  it('keeps nothing while suspended (invalidations may be lost), nor what was read before it resumed', async () => {
    await cache.get(1, 'k', async () => 'before');
    cache.suspend();
    const { load, finish } = loader<string>();
    const during = cache.get(1, 'k', load);
    await settle();
    expect(await cache.get(1, 'other', async () => 'uncached')).toBe('uncached');
    cache.resume();
    finish('during');
    expect(await during).toBe('during');
    expect(cache.isEmpty).toBe(true);
    expect(await cache.get(1, 'k', async () => 'after')).toBe('after');
    expect(await cache.get(1, 'k', async () => 'not read')).toBe('after');
  });
});
