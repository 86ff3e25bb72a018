#!/usr/bin/env node
// The global submissions list on 1,000,000 rows (one INSERT … SELECT generate_series): p50/p95 of
// GET /api/submissions with the SPA's filters, for an admin and for a regular user (whose query also hides
// private problems' submissions, through each row's problem_public), plus EXPLAIN ANALYZE of the page queries.
// Its floor, in the same run: the statements the API sent for the same request (recorded in the API by
// bench/lib/sql-recorder.js) sent again straight through `pg`, one after another as psql would, timed the same way.
// Usage: node bench/submissions/list.js [--rows 1000000] [--requests 40]
const { mkdtempSync, rmSync } = require('fs');
const { tmpdir } = require('os');
const path = require('path');
const { startStack, api, percentile, arg } = require('./stack');
const { Client } = require('pg');
const { readStatements, replayStatements, sqlRecorderEnv, TAG } = require('../lib/sql-recorder');

const ROWS = arg('rows', 1_000_000);
const REQUESTS = arg('requests', 40);

async function seed(db) {
  await db.query(`INSERT INTO users (username, email, password_hash)
                  SELECT 'user' || g, 'user' || g || '@example.com', 'x' FROM generate_series(1, 1000) g`);
  await db.query(`INSERT INTO problems (title, statement, difficulty, is_public)
                  SELECT 'Problem ' || g, 's', 'EASY', g % 10 <> 0 FROM generate_series(1, 50) g`);
  const started = Date.now();
  // Spread over the last 365 days; statuses in a judge-like mix; users and problems round-robin.
  await db.query(
    `WITH u AS (SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE username LIKE 'user%'),
          p AS (SELECT array_agg(problem_id ORDER BY problem_id) AS ids FROM problems)
     INSERT INTO submissions (user_id, problem_id, language_id, language_name, source_code, source_len, status, verdict, score, runtime_ms, memory_kb,
                              queued_at, started_at, finished_at, counted_at, created_at, updated_at)
     SELECT u.ids[1 + (g * 7919) % 1000], p.ids[1 + (g * 104729) % 50], 71, 'Python 3', 'print(1)', 8,
            (ARRAY['accepted','accepted','accepted','wrong_answer','wrong_answer','tle','rte','ce'])[1 + g % 8], 'X', (g % 2) * 100, 10, 3000,
            ts, ts, ts, ts, ts, ts
       FROM generate_series(1::bigint, $1) g, u, p, LATERAL (SELECT now() - (g * interval '365 days' / $1)) t(ts)`,
    [ROWS],
  );
  const insertMs = Date.now() - started;
  await db.query('VACUUM ANALYZE submissions');
  await db.query('VACUUM ANALYZE users');
  await db.query('VACUUM ANALYZE problems');
  return insertMs;
}

const summary = (samples) => ({ p50: +percentile(samples, 50).toFixed(1), p95: +percentile(samples, 95).toFixed(1) });

/** p50/p95 of REQUESTS requests after 3 warm-ups; the first warm-up is tagged so the API records its statements as `capture`. */
async function time(stack, token, query, capture) {
  const samples = [];
  for (let i = 0; i < REQUESTS + 3; i++) {
    const started = process.hrtime.bigint();
    await api(stack.baseUrl, 'GET', `/api/submissions${query}`, token, undefined, i === 0 ? { 'X-Request-Id': `${TAG}${capture}` } : {});
    if (i >= 3) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return summary(samples);
}

/** The floor of a request: its recorded statements sent again on `db` as often as time() asks the API; null if none were recorded. */
async function floor(db, sqlLog, capture) {
  const statements = readStatements(sqlLog, capture);
  if (!statements.length) return null;
  const samples = [];
  for (let i = 0; i < REQUESTS + 3; i++) {
    const ms = await replayStatements(db, statements);
    if (i >= 3) samples.push(ms);
  }
  return { ...summary(samples), statements: statements.length };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'oj-bench-sql-'));
  const sqlLog = path.join(dir, 'statements.jsonl');
  const stack = await startStack({ workers: 0, env: sqlRecorderEnv(sqlLog) });
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const replay = new Client({ connectionString: stack.databaseUrl });
  await replay.connect();
  try {
    const insertMs = await seed(db);
    const password = 'bench-password-1';
    await api(stack.baseUrl, 'POST', '/api/auth/register', null, {
      username: 'bench_user',
      email: 'bench_user@example.com',
      password,
      confirmPassword: password,
    });
    const user = (await api(stack.baseUrl, 'POST', '/api/auth/login', null, { usernameOrEmail: 'bench_user', password })).accessToken;
    const someUser = (await db.query(`SELECT id FROM users WHERE username = 'user42'`)).rows[0].id;
    const today = new Date();
    const day = (d) => new Date(today.getTime() - d * 86_400_000).toISOString().slice(0, 10);
    const scenarios = {
      'page 1, no filter': '?page=1&limit=20',
      'page 50, no filter': '?page=50&limit=20',
      'status=accepted,tle': '?status=accepted,tle',
      'problemId=7': '?problemId=7',
      'user=user42 (substring)': '?user=user42',
      'user=<id>': `?user=${someUser}`,
      'dateFrom/dateTo, one week': `?dateFrom=${day(100)}&dateTo=${day(94)}`,
      'all filters': `?status=accepted&problemId=7&dateFrom=${day(300)}&dateTo=${day(10)}`,
    };
    const results = {};
    for (const [i, [name, query]] of Object.entries(scenarios).entries()) {
      const admin = await time(stack, stack.token, query, `admin-${i}`);
      const regular = await time(stack, user, query, `user-${i}`);
      const floors = { admin: await floor(replay, sqlLog, `admin-${i}`), user: await floor(replay, sqlLog, `user-${i}`) };
      results[name] = { admin, user: regular, floor: floors };
    }
    console.log(JSON.stringify({ rows: ROWS, insertMs, requestsPerScenario: REQUESTS, results }, null, 2));
    if (process.env.BENCH_EXPLAIN === '1') {
      // The shapes apps/api/src/submissions/submission-queries.ts sends: a page of rows, and its COUNT(*) capped at 10,001.
      const hidden = '(s.problem_public OR s.user_id = $1)';
      const capped = (where) => `SELECT COUNT(*) FROM (SELECT 1 FROM submissions s WHERE ${where} LIMIT 10001) matching`;
      const plans = {
        'page, status filter, regular user': `SELECT s.id, u.username, p.title FROM submissions s LEFT JOIN users u ON u.id = s.user_id
           LEFT JOIN problems p ON p.problem_id = s.problem_id WHERE ${hidden} AND s.status IN ('accepted','tle')
           ORDER BY s.created_at DESC, s.id DESC LIMIT 20`,
        'count, no filter, regular user': capped(hidden),
        'count, status filter, regular user': capped(`${hidden} AND s.status IN ('accepted','tle')`),
        'count, all filters, regular user': capped(
          `${hidden} AND s.status = 'accepted' AND s.problem_id = 7 AND s.created_at >= now() - interval '300 days' AND s.created_at < now() - interval '10 days'`,
        ),
        'count, user substring, regular user': capped(
          `${hidden} AND s.user_id IN (SELECT fu.id FROM users fu WHERE fu.username ILIKE '%user42%')`,
        ),
      };
      const viewer = (await db.query(`SELECT id FROM users WHERE username = 'bench_user'`)).rows[0].id;
      for (const [name, sql] of Object.entries(plans)) {
        const plan = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, [viewer]);
        console.log(`\n-- ${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await replay.end();
    await db.end();
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
