import {
  CONTEST_FORMATS,
  type ContestFormat,
  type FreezeClock,
  freezeStartsAt,
  isHiddenOnPublicFold,
  isResultFrozen,
  type ParticipationKind,
  resultsHiddenFrom,
} from '@oj/contracts';
import { DataSource } from 'typeorm';

import { FROZEN_RESULT_SQL, HIDDEN_ON_PUBLIC_FOLD_SQL, RESULTS_HIDDEN_FROM_SQL, syncFrozenResults } from './contest-freeze';
import { createDataSource, dropDatabase, migrate } from './index';
import { freshDatabaseUrl } from './testing/fresh-database-url';

const START = new Date('2025-03-01T10:00:00Z');
const LENGTH_MINUTES = 300;
const END = new Date(START.getTime() + LENGTH_MINUTES * 60_000);
const AFTER_END = new Date(END.getTime() + 10 * 60_000);

/**
 * Freezes of every kind: none, the last minute (at the end), most of the contest, and the whole of it (the freeze
 * at the start, which the API's input refuses but the rule must still answer).
 */
const FREEZES = [null, 1, LENGTH_MINUTES - 1, LENGTH_MINUTES];

interface Row {
  id: string;
  contest_id: number;
  kind: ParticipationKind;
  created_at: Date;
  frozen: boolean;
  /** node-postgres reads 'infinity' as Infinity. */
  hidden_from: Date | number;
  hidden_on_fold: boolean;
  frozen_now: boolean;
}

/**
 * The freeze is written once in TypeScript (libs/contracts contests/freeze.ts) and once in SQL (contest-freeze.ts,
 * around the database function contest_results_hidden_from); `submissions.frozen` is kept from the SQL form by the
 * insert trigger and syncFrozenResults. Over every format and freeze, official and virtual runs, unfrozen or not,
 * and submissions on each edge (the start, the freeze's start and the instant before it, the end, after it), each
 * SQL form and the stored column must say what the TypeScript rule says: a rule changed on one side only fails here.
 */
describe('the contest freeze in SQL agrees with the freeze in TypeScript', () => {
  const url = freshDatabaseUrl();
  let ds: DataSource;
  const clocks = new Map<number, FreezeClock>();

  beforeAll(async () => {
    await migrate(url);
    ds = await createDataSource(url).initialize();
    const [user]: { id: string }[] = await ds.query(
      `INSERT INTO users (username, email, password_hash) VALUES ('ann', 'ann@x.io', 'x') RETURNING id`,
    );
    const [problem]: { problem_id: number }[] = await ds.query(
      `INSERT INTO problems (title, statement, difficulty) VALUES ('P', 's', 'EASY') RETURNING problem_id`,
    );
    for (const format of CONTEST_FORMATS)
      for (const freezeMinutes of FREEZES)
        for (const unfrozenAt of [null, AFTER_END]) await addContest({ format, freezeMinutes, unfrozenAt }, user.id, problem.problem_id);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await dropDatabase(url);
  });

  /** A contest with an official and a virtual participation, each with a submission at every edge of its clock. */
  async function addContest(clock: Pick<FreezeClock, 'format' | 'freezeMinutes' | 'unfrozenAt'>, userId: string, problemId: number) {
    const [{ contest_id: contestId }]: { contest_id: number }[] = await ds.query(
      `INSERT INTO contests (title, format, starts_at, ends_at, freeze_minutes, penalty_minutes, unfrozen_at)
       VALUES ('C', $1, $2, $3, $4, 0, $5) RETURNING contest_id`,
      [clock.format, START, END, clock.freezeMinutes, clock.unfrozenAt],
    );
    clocks.set(contestId, { ...clock, startsAt: START, endsAt: END });
    await ds.query(`INSERT INTO contest_problems (contest_id, problem_id, label, points, position) VALUES ($1, $2, 'A', 1, 0)`, [
      contestId,
      problemId,
    ]);
    const freeze = freezeStartsAt(END, clock.freezeMinutes);
    const edges = [START, END, AFTER_END, ...(freeze ? [new Date(freeze.getTime() - 1), freeze, new Date(freeze.getTime() + 1)] : [])];
    for (const kind of ['official', 'virtual'] as const) {
      const [{ id }]: { id: string }[] = await ds.query(
        `INSERT INTO contest_participations (contest_id, user_id, kind) VALUES ($1, $2, $3) RETURNING id`,
        [contestId, userId, kind],
      );
      for (const createdAt of edges)
        await ds.query(
          `INSERT INTO submissions (problem_id, contest_id, participation_id, user_id, language_id, language_name, source_code, source_len, created_at)
           VALUES ($1, $2, $3, $4, 71, 'Python 3', 'x', 1, $5)`,
          [problemId, contestId, id, userId, createdAt],
        );
    }
  }

  /** Every submission with what each SQL form says of it, and its stored `frozen`. */
  async function rows(): Promise<Row[]> {
    return ds.query(
      `SELECT s.id, c.contest_id, p.kind, s.created_at, s.frozen, ${RESULTS_HIDDEN_FROM_SQL} AS hidden_from,
         ${HIDDEN_ON_PUBLIC_FOLD_SQL} AS hidden_on_fold, ${FROZEN_RESULT_SQL} AS frozen_now
       FROM submissions s JOIN contest_participations p ON p.id = s.participation_id JOIN contests c ON c.contest_id = p.contest_id
       ORDER BY s.id`,
    );
  }

  /** What the TypeScript rules say of each row; the SQL's 'infinity' is the rule's null (nothing hidden). */
  function byRule(row: Row) {
    const clock = clocks.get(row.contest_id)!;
    const from = resultsHiddenFrom(clock);
    return {
      hiddenFrom: from?.toISOString() ?? 'never',
      hiddenOnFold: isHiddenOnPublicFold(clock, row.kind, row.created_at),
      frozen: isResultFrozen(clock, row.kind, row.created_at),
    };
  }

  function bySql(row: Row) {
    return {
      hiddenFrom: row.hidden_from === Infinity ? 'never' : new Date(row.hidden_from).toISOString(),
      hiddenOnFold: row.hidden_on_fold,
      frozen: row.frozen_now,
    };
  }

  const described = (row: Row) => {
    const clock = clocks.get(row.contest_id)!;
    return `${clock.format}, freeze ${clock.freezeMinutes}, ${clock.unfrozenAt ? 'unfrozen' : 'frozen'}, ${row.kind} at ${row.created_at.toISOString()}`;
  };

  it('reads the same instant and the same hidden results in SQL as in TypeScript', async () => {
    const all = await rows();
    expect(all.length).toBeGreaterThan(CONTEST_FORMATS.length * FREEZES.length * 2 * 2 * 3);
    expect(all.map((row) => [described(row), bySql(row)])).toEqual(all.map((row) => [described(row), byRule(row)]));
    // The grid reaches every answer: hidden and shown results, on the fold and frozen now.
    const rules = all.map(byRule);
    for (const key of ['hiddenOnFold', 'frozen'] as const) expect(new Set(rules.map((r) => r[key]))).toEqual(new Set([true, false]));
  });

  it('stores `frozen` as the rule says at the insert (the trigger)', async () => {
    const all = await rows();
    expect(all.map((row) => [described(row), row.frozen])).toEqual(all.map((row) => [described(row), byRule(row).frozen]));
  });

  it('keeps `frozen` in step through an unfreeze, a moved freeze and a format change (syncFrozenResults)', async () => {
    const formats: ContestFormat[] = [...CONTEST_FORMATS];
    for (const [contestId, clock] of clocks) {
      // Each contest changes to another: unfrozen ones freeze again, the others unfreeze, and the freeze moves.
      const next: FreezeClock = {
        ...clock,
        format: formats[(formats.indexOf(clock.format) + 1) % formats.length],
        freezeMinutes: FREEZES[(FREEZES.indexOf(clock.freezeMinutes) + 1) % FREEZES.length],
        unfrozenAt: clock.unfrozenAt ? null : AFTER_END,
      };
      await ds.query('UPDATE contests SET format = $2, freeze_minutes = $3, unfrozen_at = $4 WHERE contest_id = $1', [
        contestId,
        next.format,
        next.freezeMinutes,
        next.unfrozenAt,
      ]);
      await ds.transaction((manager) => syncFrozenResults(manager, contestId));
      clocks.set(contestId, next);
    }
    const all = await rows();
    expect(all.map((row) => [described(row), row.frozen])).toEqual(all.map((row) => [described(row), byRule(row).frozen]));
    expect(all.some((row) => row.frozen)).toBe(true);
  });

  it('shows every result of a contest about to be deleted (revealAll)', async () => {
    for (const contestId of clocks.keys()) await ds.transaction((manager) => syncFrozenResults(manager, contestId, true));
    expect((await rows()).filter((row) => row.frozen)).toEqual([]);
  });
});
