#!/usr/bin/env node
// A verdict reaching every open contest stream: N clients (default 5,000) on GET /api/contests/{id}/scoreboard/stream
// of one API instance, on the seeded round of bench/contests/seed.js (a running, frozen ICPC contest). Each verdict
// is written by the real result path, as the judge worker does it: writeFinalResult (the board re-folded in the
// result's transaction), then the submission's `finished` event published on the site's Redis channel
// (LiveEventPublisher). The submission is made as the API makes one: the freeze hides it, so its creation (its
// `created` event) is what sends the public row, pending, to the participants' streams, and its result only the
// live row, to the admins' (a row event at the judging would tell the public when it was judged). The delay is from
// the event's write (the submission's creation, or the start of the result write) to each client's `row` event;
// every client must receive one row for each verdict. Memory per stream: the API's resident set grown by the open streams, divided by
// their number (the Node heap is part of it).
// Usage: node bench/contests/scoreboard-fanout.js [--clients 5000] [--verdicts 20] [--participants 10000] [--submissions 300000]
const { readFileSync } = require('fs');
const { Client } = require('pg');
const { startStack, api, percentile, arg } = require('../submissions/stack');
const { openStream } = require('../submissions/sse');
const { seedContest } = require('./seed');
const { resultPath, verdictTargets } = require('./verdicts');

const CLIENTS = arg('clients', 5000);
const VERDICTS = arg('verdicts', 20);
const PARTICIPANTS = arg('participants', 10_000);
const SUBMISSIONS = arg('submissions', 300_000);
/** One stream in ADMIN_EVERY is an admin's (the live row); the others a participant's (the public row). */
const ADMIN_EVERY = 10;

/** Resident set size of a process in KiB (null when it is not a child of ours). */
function rssKiB(pid) {
  if (!pid) return null;
  return Number(/^VmRSS:\s*(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}

async function viewerToken(stack) {
  const password = 'bench-password-1';
  const user = { username: 'bench_viewer', email: 'bench_viewer@example.com', password, confirmPassword: password };
  await api(stack.baseUrl, 'POST', '/api/auth/register', null, user);
  return (await api(stack.baseUrl, 'POST', '/api/auth/login', null, { usernameOrEmail: user.username, password })).accessToken;
}

/** Resolves once `done()` holds, or after `ms`. */
async function until(done, ms) {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}

async function main() {
  // Every stream comes from two accounts on one address: the per-account and per-address caps are raised to fit.
  const stack = await startStack({ workers: 0, env: { LIVE_STREAMS_PER_USER: String(CLIENTS), LIVE_STREAMS_PER_IP: String(CLIENTS) } });
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const results = await resultPath(stack);
  const streams = [];
  try {
    const viewer = await viewerToken(stack);
    const [{ id: viewerId }] = (await db.query(`SELECT id FROM users WHERE username = 'bench_viewer'`)).rows;
    const seeded = await seedContest(db, stack.databaseUrl, {
      participants: PARTICIPANTS,
      submissions: SUBMISSIONS,
      participantIds: [viewerId],
    });
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = rssKiB(stack.apiPid);
    const received = new Array(CLIENTS).fill(0);
    const delays = [];
    // When the event each kind of client waits for was written: the creation (public row), the result (live row).
    let createdAt = 0;
    let writtenAt = 0;
    const isAdmin = (client) => client % ADMIN_EVERY === 0;
    const opening = Date.now();
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => {
        const client = i + j;
        return openStream(
          stack.baseUrl,
          `/api/contests/${seeded.contestId}/scoreboard/stream`,
          isAdmin(client) ? stack.token : viewer,
          (event, at) => {
            if (event.eventType !== 'row') return;
            received[client] += 1;
            delays.push(at - (isAdmin(client) ? writtenAt : createdAt));
          },
        );
      });
      streams.push(...(await Promise.all(batch)));
    }
    const openedMs = Date.now() - opening;
    await new Promise((r) => setTimeout(r, 2000));
    const rssOpen = rssKiB(stack.apiPid);
    // Each verdict for another participant, on a problem of theirs, made now (so hidden from others by the freeze).
    const targets = await verdictTargets(db, seeded.contestId, viewerId, VERDICTS);
    let complete = 0;
    for (const [n, target] of targets.entries()) {
      createdAt = Date.now();
      const id = await results.submit(db, seeded.contestId, target, { announce: true });
      writtenAt = Date.now();
      await results.finish(id, target.problem_id);
      await until(() => received.every((count) => count > n), 10_000);
      if (received.every((count) => count > n)) complete += 1;
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(
      JSON.stringify(
        {
          clients: CLIENTS,
          participants: seeded.participations,
          submissions: SUBMISSIONS,
          verdicts: VERDICTS,
          openedMs,
          verdictsDeliveredToEveryClient: complete,
          deliveries: delays.length,
          apiRssKiB: { before: rssBefore, open: rssOpen },
          perStreamKB: rssBefore === null ? null : +(((rssOpen - rssBefore) * 1.024) / CLIENTS).toFixed(1),
          p50: percentile(delays, 50),
          p95: percentile(delays, 95),
          p99: percentile(delays, 99),
          max: Math.max(...delays),
        },
        null,
        2,
      ),
    );
  } finally {
    streams.forEach((s) => s.close());
    await results.close();
    await db.end();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
