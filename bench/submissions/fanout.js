#!/usr/bin/env node
// Live fan-out: N concurrent stream clients (default 1,000) on one API instance; events are published on the
// site's Redis channel as a worker does, and every client must receive every event. The delay is from the
// event's emittedAt to its arrival at each client; the memory per stream is the API process's resident set
// growth while the streams are open, divided by their number.
// Usage: node bench/submissions/fanout.js [--clients 5000] [--events 20]
const { startStack, percentile, arg } = require('./stack');
const { openStream } = require('./sse');
const Redis = require('ioredis');
const { readFileSync } = require('fs');
const { randomUUID } = require('crypto');

const CLIENTS = arg('clients', 5000);
const EVENTS = arg('events', 20);

/** Resident set size of a process in KiB (null when it is not a child of ours). */
function rssKiB(pid) {
  if (!pid) return null;
  return Number(/^VmRSS:\s*(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}

async function main() {
  // One account on one address opens every stream: the per-account and per-address caps are raised to fit.
  const stack = await startStack({ env: { LIVE_STREAMS_PER_USER: String(CLIENTS), LIVE_STREAMS_PER_IP: String(CLIENTS) } });
  const streams = [];
  const redis = new Redis(stack.redisUrl);
  try {
    const delays = [];
    const received = new Map();
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = rssKiB(stack.apiPid);
    const opening = Date.now();
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, () =>
        openStream(stack.baseUrl, '/api/submissions/stream', stack.token, (event, at) => {
          if (!event.eventId) return;
          received.set(event.eventId, (received.get(event.eventId) || 0) + 1);
          delays.push(at - Date.parse(event.emittedAt));
        }),
      );
      streams.push(...(await Promise.all(batch)));
    }
    const openedMs = Date.now() - opening;
    await new Promise((r) => setTimeout(r, 2000));
    const rssOpen = rssKiB(stack.apiPid);
    const channel = `${stack.redisPrefix}:submission-events`;
    for (let n = 0; n < EVENTS; n++) {
      const id = randomUUID();
      const now = new Date().toISOString();
      const event = {
        id,
        _id: id,
        userId: null,
        userName: null,
        problemId: 1,
        problemTitle: 'Bench',
        problem: null,
        language: 'Python 3',
        languageId: 71,
        verdict: 'ACCEPTED',
        status: 'accepted',
        score: 100,
        runtimeMs: 10,
        memoryKB: 3000,
        sourceLen: 14,
        createdAt: now,
        submittedAt: now,
        queuedAt: now,
        startedAt: now,
        finishedAt: now,
        updatedAt: now,
        eventId: randomUUID(),
        emittedAt: new Date().toISOString(),
        _eventType: 'finished',
        eventType: 'finished',
      };
      await redis.publish(channel, JSON.stringify(event));
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const complete = [...received.values()].filter((count) => count === CLIENTS).length;
    console.log(
      JSON.stringify(
        {
          clients: CLIENTS,
          events: EVENTS,
          openedMs,
          eventsDeliveredToEveryClient: complete,
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
    redis.disconnect();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
