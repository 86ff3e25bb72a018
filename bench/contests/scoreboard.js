#!/usr/bin/env node
// The contest scoreboard at the scale (bench/contests/seed.js: 10,000 participants × 26 problems, 300,000
// submissions, the board folded as the result writes keep it): p50/p95 of GET /api/contests/{id}/scoreboard, pages
// 1, 50 and 100 of 100 rows, as a participant (whose own row comes along), a guest and an admin, while the board is
// frozen and after it is unfrozen. Its floor, in the same run: the statements the API sent for the same request
// (recorded by bench/lib/sql-recorder.js) sent again straight through `pg`, one after another.
// Usage: node bench/contests/scoreboard.js [--participants 10000] [--submissions 300000] [--requests 40]
// BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of the page queries.
const { mkdtempSync, rmSync } = require('fs');
const { tmpdir } = require('os');
const path = require('path');
const { Client } = require('pg');
const { startStack, api, percentile, arg } = require('../submissions/stack');
const { readStatements, replayStatements, sqlRecorderEnv, TAG } = require('../lib/sql-recorder');
const { seedContest } = require('./seed');

const PARTICIPANTS = arg('participants', 10_000);
const SUBMISSIONS = arg('submissions', 300_000);
const REQUESTS = arg('requests', 40);
const PAGES = [1, 50, 100].filter((page) => page === 1 || (page - 1) * 100 < PARTICIPANTS);

const summary = (samples) => ({ p50: +percentile(samples, 50).toFixed(1), p95: +percentile(samples, 95).toFixed(1) });

/** p50/p95 of REQUESTS reads after 3 warm-ups; the first warm-up is tagged so the API records its statements. */
async function time(stack, token, route, capture) {
  const samples = [];
  for (let i = 0; i < REQUESTS + 3; i++) {
    const started = process.hrtime.bigint();
    await api(stack.baseUrl, 'GET', route, token, undefined, i === 0 ? { 'X-Request-Id': `${TAG}${capture}` } : {});
    if (i >= 3) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return summary(samples);
}

/** The floor of a read: its recorded statements sent again on `db`, as often as time() asks the API. */
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

async function registerUser(stack, name) {
  const password = 'bench-password-1';
  await api(stack.baseUrl, 'POST', '/api/auth/register', null, {
    username: name,
    email: `${name}@example.com`,
    password,
    confirmPassword: password,
  });
  const login = await api(stack.baseUrl, 'POST', '/api/auth/login', null, { usernameOrEmail: name, password });
  return login.accessToken;
}

/** EXPLAIN ANALYZE of each statement the API sent for one read (BENCH_EXPLAIN=1), printed before the JSON result. */
async function explain(db, sqlLog, capture) {
  for (const s of readStatements(sqlLog, capture)) {
    const plan = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${s.text}`, s.values);
    console.log(`\n-- ${capture}: ${s.text.replace(/\s+/g, ' ').slice(0, 100)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
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
    const participant = await registerUser(stack, 'bench_participant');
    const [{ id: participantId }] = (await db.query(`SELECT id FROM users WHERE username = 'bench_participant'`)).rows;
    const seeded = await seedContest(db, stack.databaseUrl, {
      participants: PARTICIPANTS,
      submissions: SUBMISSIONS,
      participantIds: [participantId],
    });
    const own = (await db.query(`SELECT solved, penalty FROM contest_participations WHERE user_id = $1`, [participantId])).rows[0];
    const viewers = { participant, guest: null, admin: stack.token };
    const results = {};
    for (const phase of ['frozen', 'unfrozen']) {
      // The unfreeze as the board reads it (the route itself waits for the end): unfrozen_at set, everyone sees the live fold.
      if (phase === 'unfrozen') await db.query(`UPDATE contests SET unfrozen_at = now() WHERE contest_id = $1`, [seeded.contestId]);
      for (const page of PAGES)
        for (const [role, token] of Object.entries(viewers)) {
          const capture = `${phase}-${page}-${role}`;
          const read = await time(stack, token, `/api/contests/${seeded.contestId}/scoreboard?page=${page}&limit=100`, capture);
          results[`${phase}, page ${page}, ${role}`] = { ...read, capture, floor: await floor(replay, sqlLog, capture) };
        }
    }
    // The pages are what a viewer reads, so a check that they are whole: 100 rows, ranks in order, the frozen look.
    const check = await api(stack.baseUrl, 'GET', `/api/contests/${seeded.contestId}/scoreboard?page=1&limit=100`, participant);
    if (check.items.length !== Math.min(100, PARTICIPANTS) || !check.mine) throw new Error('The scoreboard page is not whole');
    const worst = Object.entries(results).reduce((w, [name, r]) => (r.p95 > w.p95 ? { name, ...r } : w), { p95: -1 });
    if (process.env.BENCH_EXPLAIN === '1') await explain(db, sqlLog, worst.capture);
    console.log(
      JSON.stringify(
        {
          participants: seeded.participations,
          problems: 26,
          submissions: SUBMISSIONS,
          cells: seeded.cells,
          seedSeconds: seeded.seconds,
          requestsPerScenario: REQUESTS,
          ownRow: own,
          worst: { scenario: worst.name, p95: worst.p95, floorP95: worst.floor?.p95 ?? null },
          results,
        },
        null,
        2,
      ),
    );
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
