#!/usr/bin/env node
// The contest scoreboard at the scale (bench/contests/seed.js: 10,000 participants × 26 problems, 300,000
// submissions, the board folded as the result writes keep it): p50/p95 of GET /api/contests/{id}/scoreboard, pages
// 1, 50 and 100 of 100 rows, as a participant (whose own row comes along), a guest and an admin, while the board is
// frozen and after it is unfrozen. Two reads of each: a page already read (the API's board cache warm), and the
// first read after a verdict (written by the real result path; read once the API has taken it in, i.e. its row
// event reached an admin's contest stream), which finds the cache dropped. Two floors, in the same run: the page's
// own SQL from nothing (its rank statement and all its rows read, as with nothing kept: "the same SQL sent bare" of
// the issue), and the statements the API actually sent for the same read (recorded by bench/lib/sql-recorder.js),
// each sent again straight through `pg`, one after another. Also the whole ranked board read bare, beside one page
// (why pages are cached), and the board's ranking as an API instance reads it whole (after a registration or edit).
// Usage: node bench/contests/scoreboard.js [--participants 10000] [--submissions 300000] [--requests 40]
// BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of the worst first read's statements.
const { mkdtempSync, rmSync } = require('fs');
const { tmpdir } = require('os');
const path = require('path');
const { Client } = require('pg');
const { startStack, api, percentile, arg, ROOT } = require('../submissions/stack');
const { openStream } = require('../submissions/sse');
const { readStatements, replayStatements, sqlRecorderEnv, TAG } = require('../lib/sql-recorder');
const { seedContest } = require('./seed');
const { resultPath, verdictTargets } = require('./verdicts');

const PARTICIPANTS = arg('participants', 10_000);
const SUBMISSIONS = arg('submissions', 300_000);
const REQUESTS = arg('requests', 40);
/** First reads after a verdict per read: as many as the cached reads, so that a p95 is not one slow sample of 20. */
const COLD_READS = Math.max(5, REQUESTS);
const PAGES = [1, 50, 100].filter((page) => page === 1 || (page - 1) * 100 < PARTICIPANTS);

const summary = (samples) => ({ p50: +percentile(samples, 50).toFixed(1), p95: +percentile(samples, 95).toFixed(1) });

/** One read, timed; `capture` tags it so the API records its statements. */
async function timedRead(stack, token, route, capture) {
  const started = process.hrtime.bigint();
  await api(stack.baseUrl, 'GET', route, token, undefined, capture ? { 'X-Request-Id': `${TAG}${capture}` } : {});
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** p50/p95 of REQUESTS reads of a page already read, after 3 warm-ups; the last warm-up's statements are recorded. */
async function warmReads(stack, token, route, capture) {
  for (let i = 0; i < 3; i++) await timedRead(stack, token, route, i === 2 ? capture : null);
  const samples = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await timedRead(stack, token, route, null));
  return summary(samples);
}

/**
 * p50/p95 of the first read after each of COLD_READS verdicts (`verdict()` resolves once the API took it in), after 3
 * warm-ups as for the cached reads: each timed read is the first after a verdict of a page read before it, not the
 * first read of that page ever.
 */
async function firstReads(stack, token, route, capture, verdict) {
  for (let i = 0; i < 3; i++) await timedRead(stack, token, route, null);
  const samples = [];
  for (let i = 0; i < COLD_READS; i++) {
    await verdict();
    samples.push(await timedRead(stack, token, route, i === 0 ? capture : null));
  }
  return summary(samples);
}

/** The floor of a read: its recorded statements sent again on `db`, `times` times after 3 warm-ups. */
async function floor(db, sqlLog, capture, times) {
  const statements = readStatements(sqlLog, capture);
  if (!statements.length) return null;
  const samples = [];
  for (let i = 0; i < times + 3; i++) {
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

/**
 * The verdicts of the cold reads: each a random participant's result on problem A, made now, written and published
 * as the worker does; resolves once the API's row event for it reached `watcher` (the API drops the contest's cached
 * reads before it sends any row).
 */
async function verdictSource(stack, db, contestId, excludeUserId) {
  const results = await resultPath(stack);
  const targets = await verdictTargets(db, contestId, excludeUserId, 1000);
  let rows = 0;
  const watcher = await openStream(stack.baseUrl, `/api/contests/${contestId}/scoreboard/stream`, stack.token, (event) => {
    if (event.eventType === 'row') rows += 1;
  });
  let n = 0;
  const next = async () => {
    const target = targets[n++ % targets.length];
    const seen = rows;
    const id = await results.submit(db, contestId, target);
    await results.finish(id, target.problem_id, n % 3 ? 'wrong_answer' : 'accepted');
    const deadline = Date.now() + 10_000;
    while (rows === seen) {
      if (Date.now() > deadline) throw new Error('The API did not take a verdict in within 10 s');
      await new Promise((r) => setTimeout(r, 1));
    }
  };
  return {
    next,
    boardChanged: results.boardChanged,
    close: async () => {
      watcher.close();
      await results.close();
    },
  };
}

const queries = () => require(path.join(ROOT, 'tmp/bench-build/apps/api/src/contests/scoreboard/scoreboard.queries'));

/**
 * The page's rank statement as a read with nothing kept would send it (rankedPageSql: contest, rows, offset), in the
 * view the reader sees: the public fold for others while the board is frozen, the live one for admins or after.
 */
function pageStatement(contestId, page, phase, role) {
  const view = phase === 'frozen' && role !== 'admin' ? 'public' : 'live';
  return { text: queries().rankedPageSql('icpc', view), values: [contestId, 100, (page - 1) * 100] };
}

/**
 * One read of a page's SQL from nothing, bare, in ms: its rank statement with `values`, then every row it ranks read
 * (BOARD_ROWS_SQL), as a read that finds no row kept.
 */
async function pageFromNothing(db, page, values) {
  const started = process.hrtime.bigint();
  const ranked = await db.query(page.text, values);
  await db.query(queries().BOARD_ROWS_SQL, [values[0], ranked.rows.map((row) => row.id)]);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * The floor the issue names, "the same SQL sent bare": the page's own SQL from nothing (pageFromNothing), `times`
 * times after 3 warm-ups. Unlike `floor`, it does not shrink as the API keeps more: a cached read sends no page SQL.
 */
async function pageSqlFloor(db, page, times) {
  const samples = [];
  for (let i = 0; i < times + 3; i++) {
    const ms = await pageFromNothing(db, page, page.values);
    if (i >= 3) samples.push(ms);
  }
  return summary(samples);
}

/**
 * p50 of 5 reads, bare, of the whole ranked board (every row, the page query without its page), of one page, and of
 * the board's ranking as an API instance reads it whole (rankingSql: after a registration or an edit, per view).
 */
async function wholeBoard(db, contestId, rows) {
  const page = pageStatement(contestId, 1, 'unfrozen', 'admin');
  const time = async (read) => {
    const samples = [];
    for (let i = 0; i < 6; i++) {
      const started = process.hrtime.bigint();
      await read();
      if (i) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return +percentile(samples, 50).toFixed(1);
  };
  return {
    rows,
    p50: await time(() => pageFromNothing(db, page, [contestId, rows, 0])),
    pageP50: await time(() => pageFromNothing(db, page, page.values)),
    rankingP50: await time(() => db.query(queries().rankingSql('icpc', 'live'), [contestId])),
  };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'oj-bench-sql-'));
  const sqlLog = path.join(dir, 'statements.jsonl');
  const stack = await startStack({ workers: 0, env: sqlRecorderEnv(sqlLog) });
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const replay = new Client({ connectionString: stack.databaseUrl });
  await replay.connect();
  let verdicts;
  try {
    const participant = await registerUser(stack, 'bench_participant');
    const [{ id: participantId }] = (await db.query(`SELECT id FROM users WHERE username = 'bench_participant'`)).rows;
    const seeded = await seedContest(db, stack.databaseUrl, {
      participants: PARTICIPANTS,
      submissions: SUBMISSIONS,
      participantIds: [participantId],
    });
    const own = (await db.query(`SELECT solved, penalty FROM contest_participations WHERE user_id = $1`, [participantId])).rows[0];
    verdicts = await verdictSource(stack, db, seeded.contestId, participantId);
    const viewers = { participant, guest: null, admin: stack.token };
    const results = {};
    for (const phase of ['frozen', 'unfrozen']) {
      // The unfreeze as the board reads it (the route itself waits for the end): unfrozen_at set, everyone sees the
      // live fold, and the board change published as the route would.
      if (phase === 'unfrozen') {
        await db.query(`UPDATE contests SET unfrozen_at = now() WHERE contest_id = $1`, [seeded.contestId]);
        await verdicts.boardChanged(seeded.contestId, 'unfrozen');
      }
      for (const page of PAGES)
        for (const [role, token] of Object.entries(viewers)) {
          const route = `/api/contests/${seeded.contestId}/scoreboard?page=${page}&limit=100`;
          const capture = `${phase}-${page}-${role}`;
          const cold = await firstReads(stack, token, route, `${capture}-cold`, verdicts.next);
          const warm = await warmReads(stack, token, route, capture);
          results[`${phase}, page ${page}, ${role}`] = {
            ...warm,
            capture,
            floor: await floor(replay, sqlLog, capture, REQUESTS),
            firstRead: { ...cold, floor: await floor(replay, sqlLog, `${capture}-cold`, COLD_READS) },
            pageSql: await pageSqlFloor(replay, pageStatement(seeded.contestId, page, phase, role), COLD_READS),
          };
        }
    }
    // The pages are what a viewer reads, so a check that they are whole: 100 rows, ranks in order, the frozen look.
    const check = await api(stack.baseUrl, 'GET', `/api/contests/${seeded.contestId}/scoreboard?page=1&limit=100`, participant);
    if (check.items.length !== Math.min(100, PARTICIPANTS) || !check.mine) throw new Error('The scoreboard page is not whole');
    const worstOf = (read) =>
      Object.entries(results).reduce((w, [name, r]) => (read(r).p95 > w.p95 ? { name, ...read(r) } : w), { p95: -1 });
    const worst = worstOf((r) => r);
    const worstFirst = worstOf((r) => r.firstRead);
    if (process.env.BENCH_EXPLAIN === '1') await explain(db, sqlLog, `${results[worstFirst.name].capture}-cold`);
    console.log(
      JSON.stringify(
        {
          participants: seeded.participations,
          problems: 26,
          submissions: SUBMISSIONS,
          cells: seeded.cells,
          seedSeconds: seeded.seconds,
          requestsPerScenario: REQUESTS,
          firstReadsPerScenario: COLD_READS,
          ownRow: own,
          worst: { scenario: worst.name, p95: worst.p95, floorP95: worst.floor?.p95 ?? null },
          worstFirstRead: { scenario: worstFirst.name, p95: worstFirst.p95, floorP95: worstFirst.floor?.p95 ?? null },
          wholeBoard: await wholeBoard(replay, seeded.contestId, PARTICIPANTS),
          results,
        },
        null,
        2,
      ),
    );
  } finally {
    await verdicts?.close();
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
