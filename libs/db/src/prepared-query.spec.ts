import { DataSource } from 'typeorm';

import { createDataSource, dropDatabase, ensureDatabase, queryPrepared } from './index';
import { freshDatabaseUrl } from './testing/fresh-database-url';

/**
 * The final result's lock and write go through queryPrepared inside their transaction: run on the pool instead, the
 * lock would be another connection's and the write would commit even when the transaction rolls back.
 */
describe('queryPrepared', () => {
  const url = freshDatabaseUrl();
  let ds: DataSource;

  beforeAll(async () => {
    await ensureDatabase(url);
    ds = await createDataSource(url).initialize();
    await ds.query('CREATE TABLE marks (id int PRIMARY KEY, note text NOT NULL)');
  });
  afterAll(async () => {
    await ds.destroy();
    await dropDatabase(url);
  });

  const insert = 'INSERT INTO marks (id, note) VALUES ($1, $2) RETURNING id, note';
  const count = async () => (await ds.query('SELECT count(*)::int AS n FROM marks'))[0].n as number;

  it('runs on the pool outside a transaction, answering the rows', async () => {
    expect(await queryPrepared(ds, insert, [1, 'pool'])).toEqual([{ id: 1, note: 'pool' }]);
    expect(await queryPrepared(ds.manager, 'SELECT note FROM marks WHERE id = $1', [1])).toEqual([{ note: 'pool' }]);
  });

  it("runs on a transaction's own connection: it sees the transaction's rows and rolls back with it", async () => {
    const before = await count();
    await expect(
      ds.transaction(async (manager) => {
        // A temporary table lives on one connection only: the pool's others would not find it.
        await manager.query('CREATE TEMP TABLE scratch (x int) ON COMMIT DROP');
        expect(await queryPrepared(manager, 'INSERT INTO scratch (x) VALUES ($1) RETURNING x', [7])).toEqual([{ x: 7 }]);
        await queryPrepared(manager, insert, [2, 'rolled back']);
        expect(await queryPrepared(manager, 'SELECT count(*)::int AS n FROM marks', [])).toEqual([{ n: before + 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count()).toBe(before);
  });
});
