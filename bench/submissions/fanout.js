#!/usr/bin/env node
// Live fan-out: N concurrent stream clients (default 1,000) on one API instance; events are published on the
// site's Redis channel as a worker does, and every client must receive every event. The delay is from the
// event's emittedAt to its arrival at each client. Usage: node bench/submissions/fanout.js [--clients 1000] [--events 20]
const { startStack, percentile } = require('./stack');
const { openStream } = require('./sse');
const Redis = require('ioredis');
const { randomUUID } = require('crypto');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLIENTS = arg('clients', 1000);
const EVENTS = arg('events', 20);

async function main() {
  const stack = await startStack();
  const streams = [];
  const redis = new Redis(stack.redisUrl);
  try {
    const delays = [];
    const received = new Map();
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
