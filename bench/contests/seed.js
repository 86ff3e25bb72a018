// A running ICPC contest on a bench stack's database, at the issue's scale: N participants × 26 problems and
// S submissions, inserted with generate_series, then the board (cells and totals) folded from those submissions
// with the judge's own rules (foldStoredCell and rowFromCells, as compiled into the stack's build) and written in
// bulk: what refoldContestBoard would store, without its three statements per cell. A sample of rows is then
// re-folded by the result path's own refoldContestCell and must come out unchanged.
// The contest started 150 minutes ago, ends in 30 and freezes for its last 60: the board is frozen now, and the
// submissions of the last 30 minutes are hidden from others (pending), as the insert trigger marks them.
const path = require('path');
const { ROOT } = require('../submissions/stack');

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const STATUSES = ['accepted', 'accepted', 'accepted', 'wrong_answer', 'wrong_answer', 'tle', 'rte', 'ce', 'mle', 'wrong_answer'];

/** The compiled libs of the stack's build (tmp/bench-build), once startStack has registered their paths. */
function lib(name) {
  return require(path.join(ROOT, 'tmp/bench-build/libs', name, 'src'));
}

/**
 * Seeds the contest on `db` (a pg Client on `databaseUrl`); `participantIds` are users registered through the API who take part
 * too (their rows are the callers' own). Resolves with { contestId, participations, cells, seconds }.
 */
async function seedContest(db, databaseUrl, { participants, submissions, participantIds = [] }) {
  const started = Date.now();
  await db.query(
    `INSERT INTO users (username, email, password_hash)
                  SELECT 'cu' || g, 'cu' || g || '@example.com', 'x' FROM generate_series(1, $1) g`,
    [participants - participantIds.length],
  );
  const problems = await db.query(`INSERT INTO problems (title, statement, difficulty, is_public, total_points)
                  SELECT 'Contest problem ' || g, 's', 'EASY', false, 100 FROM generate_series(1, 26) g RETURNING problem_id`);
  const problemIds = problems.rows.map((r) => r.problem_id).sort((a, b) => a - b);
  const [{ contest_id: contestId }] = (
    await db.query(`INSERT INTO contests (title, format, starts_at, ends_at, freeze_minutes, penalty_minutes)
                    VALUES ('Bench round', 'icpc', now() - interval '150 minutes', now() + interval '30 minutes', 60, 20)
                    RETURNING contest_id`)
  ).rows;
  await db.query(
    `INSERT INTO contest_problems (contest_id, problem_id, label, points, position)
     SELECT $1, id, substr($3, n::int, 1), 1, n::int - 1 FROM unnest($2::int[]) WITH ORDINALITY AS t(id, n)`,
    [contestId, problemIds, LABELS],
  );
  await db.query(
    `INSERT INTO contest_participations (contest_id, user_id, kind)
     SELECT $1, id, 'official' FROM users WHERE username LIKE 'cu%' OR id = ANY($2::uuid[])`,
    [contestId, participantIds],
  );
  // Participants round-robin, each one's tries spread over the 26 problems with mixed verdicts (spread by primes), over the
  // 150 minutes so far.
  await db.query(
    `WITH p AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(user_id ORDER BY id) AS users FROM contest_participations WHERE contest_id = $1),
          pr AS (SELECT $3::int[] AS ids)
     INSERT INTO submissions (user_id, problem_id, contest_id, participation_id, language_id, language_name, source_code, source_len,
                              status, counted_status, verdict, score, runtime_ms, memory_kb, queued_at, started_at, finished_at, counted_at,
                              created_at, updated_at)
     SELECT p.users[k], pr.ids[1 + (g * 7 + (g / $4) * 11) % 26], $1, p.ids[k], 71, 'Python 3', 'print(1)', 8, st, st, 'X',
            CASE WHEN st = 'accepted' THEN 100 ELSE 0 END, 10, 3000, ts, ts, ts, ts, ts, ts
       FROM generate_series(0::bigint, $2 - 1) g, p, pr,
            LATERAL (SELECT 1 + (g % $4)::int AS k,
                            ($5::text[])[1 + (g * 31 + (g / $4) * 7) % 10] AS st,
                            (SELECT starts_at FROM contests WHERE contest_id = $1) + (g * interval '150 minutes' / $2) AS ts) t`,
    [contestId, submissions, problemIds, participants, STATUSES],
  );
  const cells = await foldBoard(db, contestId);
  for (const table of ['submissions', 'contest_participations', 'contest_cells', 'users', 'problems'])
    await db.query(`VACUUM ANALYZE ${table}`);
  await checkSample(db, databaseUrl, contestId);
  return { contestId, participations: participants, cells, seconds: Math.round((Date.now() - started) / 1000) };
}

/**
 * Every cell folded from its submissions (the same read as contest-board.ts ATTEMPTS_SQL, with the freeze's own SQL)
 * and the totals from the cells. checkSample proves the seed equal to the result path's fold, column for column.
 */
async function foldBoard(db, contestId) {
  const { attemptJsonSql, foldStoredCell, HIDDEN_ON_PUBLIC_FOLD_SQL } = lib('db');
  const { rowFromCells } = lib('contracts');
  const { rows } = await db.query(
    `SELECT s.participation_id AS id, s.problem_id, json_agg(${attemptJsonSql(HIDDEN_ON_PUBLIC_FOLD_SQL)} ORDER BY s.created_at, s.id) AS attempts
     FROM submissions s JOIN contest_participations p ON p.id = s.participation_id JOIN contests c ON c.contest_id = p.contest_id
     WHERE s.contest_id = $1 AND s.counted_status IS NOT NULL GROUP BY 1, 2`,
    [contestId],
  );
  const byParticipation = new Map();
  const cellColumns = Array.from({ length: 13 }, () => []);
  for (const row of rows) {
    const cell = foldStoredCell('icpc', row.attempts, { contestPoints: 1 });
    if (!byParticipation.has(row.id)) byParticipation.set(row.id, []);
    byParticipation.get(row.id).push(cell);
    const values = [row.id, row.problem_id, cell.live.attempts, cell.live.solved, cell.live.score, cell.live.minute];
    values.push(cell.public.attempts, cell.public.solved, cell.public.score, cell.public.minute, cell.public.pending);
    values.push(cell.live.elapsedSeconds, cell.public.elapsedSeconds);
    values.forEach((v, i) => cellColumns[i].push(v));
  }
  const types = ['uuid', 'int', 'int', 'bool', 'float8', 'int', 'int', 'bool', 'float8', 'int', 'int', 'int', 'int'];
  for (let from = 0; from < rows.length; from += 20_000) {
    await db.query(
      `INSERT INTO contest_cells (participation_id, problem_id, contest_id, attempts, solved, score, minute,
         public_attempts, public_solved, public_score, public_minute, pending, elapsed_seconds, public_elapsed_seconds)
       SELECT t.c1, t.c2, $14, t.c3, t.c4, t.c5, t.c6, t.c7, t.c8, t.c9, t.c10, t.c11, t.c12, t.c13
       FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) AS t(c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13)`,
      [...cellColumns.map((column) => column.slice(from, from + 20_000)), contestId],
    );
  }
  const totals = Array.from({ length: 9 }, () => []);
  for (const [id, cells] of byParticipation) {
    const live = rowFromCells(
      'icpc',
      cells.map((c) => c.live),
      20,
    );
    const pub = rowFromCells(
      'icpc',
      cells.map((c) => c.public),
      20,
    );
    const values = [
      id,
      live.solved,
      live.score,
      live.penalty,
      live.lastAcMinute ?? 0,
      pub.solved,
      pub.score,
      pub.penalty,
      pub.lastAcMinute ?? 0,
    ];
    values.forEach((v, i) => totals[i].push(v));
  }
  await db.query(
    `UPDATE contest_participations p SET solved = t.a, score = t.b, penalty = t.c, last_ac_minute = t.d,
       public_solved = t.e, public_score = t.f, public_penalty = t.g, public_last_ac_minute = t.h
     FROM unnest($1::uuid[], $2::int[], $3::float8[], $4::int[], $5::int[], $6::int[], $7::float8[], $8::int[], $9::int[])
       AS t(id, a, b, c, d, e, f, g, h)
     WHERE p.id = t.id`,
    totals,
  );
  return rows.length;
}

const ROWS_SQL = `SELECT p.id, p.solved, p.penalty, p.last_ac_minute, p.public_solved, p.public_penalty, p.public_last_ac_minute,
    (SELECT json_agg(x ORDER BY x.problem_id) FROM contest_cells x WHERE x.participation_id = p.id) AS cells
  FROM contest_participations p WHERE p.id = ANY($1::uuid[]) ORDER BY p.id`;

/** 20 rows re-folded by the result path's refoldContestCell (in a transaction rolled back) must equal the seeded ones. */
async function checkSample(db, databaseUrl, contestId) {
  const { createDataSource, refoldContestCell } = lib('db');
  const { rows } = await db.query(`SELECT id FROM contest_participations WHERE contest_id = $1 ORDER BY random() LIMIT 20`, [contestId]);
  const sample = rows.map((r) => r.id);
  const before = JSON.stringify((await db.query(ROWS_SQL, [sample])).rows);
  const ds = await createDataSource(databaseUrl).initialize();
  const rollback = new Error('rollback');
  try {
    await ds.transaction(async (manager) => {
      for (const id of sample) {
        const cells = await manager.query('SELECT problem_id FROM contest_cells WHERE participation_id = $1', [id]);
        for (const { problem_id: problemId } of cells) await refoldContestCell(manager, id, problemId);
      }
      if (JSON.stringify(await manager.query(ROWS_SQL, [sample])) !== before)
        throw new Error('The seeded board differs from what refoldContestCell folds');
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  } finally {
    await ds.destroy();
  }
}

module.exports = { seedContest, lib };
