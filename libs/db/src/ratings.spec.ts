import type { DataSource } from 'typeorm';

import { createDataSource, dropDatabase, migrate } from './index';
import { recomputeRatings } from './ratings';
import { freshDatabaseUrl } from './testing/fresh-database-url';

/** A small seeded generator, so a failing history can be replayed from its seed. */
function generator(seed: number): (n: number) => number {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

const HOUR = 3_600_000;
const NOW = new Date('2026-06-01T00:00:00Z');

describe('recomputeRatings', () => {
  const url = freshDatabaseUrl('oj_ratings_test');
  let ds: DataSource;

  beforeAll(async () => {
    await migrate(url);
    ds = createDataSource(url);
    await ds.initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
    await dropDatabase(url);
  });

  async function reset(): Promise<void> {
    await ds.query('DELETE FROM user_ratings; DELETE FROM contest_ratings; DELETE FROM contests; DELETE FROM users');
  }

  async function users(n: number): Promise<string[]> {
    const rows: { id: string }[] = await ds.query(
      `INSERT INTO users (username, email, password_hash)
       SELECT 'u' || i, 'u' || i || '@x.test', 'x' FROM generate_series(1, $1) i RETURNING id`,
      [n],
    );
    return rows.map((r) => r.id);
  }

  async function contest(format: string, endsAt: Date, fields: { rated?: boolean; freezeMinutes?: number } = {}): Promise<number> {
    const [row]: { contest_id: number }[] = await ds.query(
      `INSERT INTO contests (title, format, starts_at, ends_at, penalty_minutes, rated, freeze_minutes)
       VALUES ('c', $1, $2, $3, 20, $4, $5) RETURNING contest_id`,
      [format, new Date(endsAt.getTime() - HOUR), endsAt, fields.rated ?? true, fields.freezeMinutes ?? null],
    );
    return row.contest_id;
  }

  async function participate(contestId: number, userId: string, solved: number, penalty: number, kind = 'official'): Promise<void> {
    await ds.query(
      `INSERT INTO contest_participations (contest_id, user_id, kind, solved, score, penalty, last_ac_minute)
       VALUES ($1, $2, $3, $4, $4 * 100, $5, $5)`,
      [contestId, userId, kind, solved, penalty],
    );
  }

  /** Everything a recompute writes, in a stable order. */
  async function snapshot(): Promise<unknown> {
    return {
      contests: await ds.query('SELECT contest_id, ends_at, standings FROM contest_ratings ORDER BY contest_id'),
      changes: await ds.query('SELECT * FROM rating_changes ORDER BY contest_id, user_id'),
      leaderboard: await ds.query('SELECT * FROM user_ratings ORDER BY user_id'),
    };
  }

  async function fromScratch(): Promise<unknown> {
    await ds.query('DELETE FROM user_ratings; DELETE FROM contest_ratings');
    await recomputeRatings(ds, NOW);
    return snapshot();
  }

  it('rates final rated contests only: not before the end, not while frozen, never virtual runs', async () => {
    await reset();
    const [a, b, c] = await users(3);
    const past = await contest('icpc', new Date(NOW.getTime() - 2 * HOUR));
    const running = await contest('icpc', new Date(NOW.getTime() + HOUR));
    const frozen = await contest('icpc', new Date(NOW.getTime() - HOUR), { freezeMinutes: 10 });
    const unrated = await contest('icpc', new Date(NOW.getTime() - HOUR), { rated: false });
    for (const id of [past, running, frozen, unrated]) {
      await participate(id, a, 2, 50);
      await participate(id, b, 1, 10);
    }
    await participate(past, c, 3, 0, 'virtual');
    expect(await recomputeRatings(ds, NOW)).toEqual({ recomputed: [past] });
    const changes: { user_id: string; rank: number; new_rating: number; old_rating: number }[] = await ds.query(
      'SELECT user_id, rank, old_rating, new_rating FROM rating_changes ORDER BY rank',
    );
    expect(changes.map((r) => [r.user_id, r.rank, r.old_rating])).toEqual([
      [a, 1, 690],
      [b, 2, 690],
    ]);
    expect(changes[0].new_rating).toBeGreaterThan(changes[1].new_rating);
    expect(await recomputeRatings(ds, NOW)).toEqual({ recomputed: [] });
    await ds.query('UPDATE contests SET unfrozen_at = $2 WHERE contest_id = $1', [frozen, NOW]);
    expect(await recomputeRatings(ds, NOW)).toEqual({ recomputed: [frozen] });
    const [board]: { contests: number }[] = await ds.query('SELECT contests FROM user_ratings WHERE user_id = $1', [a]);
    expect(board.contests).toBe(2);
  });

  it('recomputes from the first changed contest to what rating every contest from scratch gives', async () => {
    for (let seed = 1; seed <= 8; seed++) {
      await reset();
      const random = generator(seed * 7919);
      const people = await users(7);
      const contests: { id: number; format: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const format = ['icpc', 'ioi', 'atcoder', 'oi'][random(4)];
        const id = await contest(format, new Date(NOW.getTime() - (10 - i) * HOUR), { rated: random(5) > 0 });
        contests.push({ id, format });
        for (const user of people) if (random(4) > 0) await participate(id, user, random(4), random(100));
      }
      await recomputeRatings(ds, NOW);
      for (let step = 0; step < 6; step++) {
        const target = contests[random(contests.length)].id;
        const edit = random(5);
        if (edit === 0) await ds.query('UPDATE contests SET rated = NOT rated WHERE contest_id = $1', [target]);
        else if (edit === 1)
          await ds.query('UPDATE contests SET ends_at = ends_at + make_interval(mins => $2) WHERE contest_id = $1', [
            target,
            30 + random(300),
          ]);
        else if (edit === 2)
          await ds.query(
            `DELETE FROM contest_participations WHERE id = (SELECT id FROM contest_participations WHERE contest_id = $1 ORDER BY id LIMIT 1)`,
            [target],
          );
        else
          await ds.query(
            `UPDATE contest_participations SET solved = $2, score = $2 * 100, penalty = $3
              WHERE id = (SELECT id FROM contest_participations WHERE contest_id = $1 ORDER BY user_id DESC LIMIT 1)`,
            [target, random(4), random(100)],
          );
        await recomputeRatings(ds, NOW);
        const incremental = await snapshot();
        expect(await fromScratch()).toEqual(incremental);
      }
    }
  }, 180_000);
});
