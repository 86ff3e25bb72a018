import { isFinalStatus, LiveEvent } from '@oj/contracts';
import { ProblemEntity, SubmissionEntity } from '@oj/db';
import { liveEventsChannel } from '@oj/messaging';
import Redis from 'ioredis';
import { DataSource, In } from 'typeorm';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Collects the live events of a site (Redis URL and prefix), reconnecting through outages as the API does. */
export async function collectLiveEvents(redisUrl: string, prefix: string): Promise<{ events: LiveEvent[]; close: () => void }> {
  const events: LiveEvent[] = [];
  const subscriber = new Redis(redisUrl);
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_c: string, message: string) => events.push(JSON.parse(message)));
  await subscriber.subscribe(liveEventsChannel(prefix));
  return { events, close: () => subscriber.disconnect() };
}

/** Waits until every submission has its final result written, or throws after `timeoutMs`. */
export async function waitAllFinal(ds: DataSource, ids: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await ds.getRepository(SubmissionEntity).count({ where: { id: In(ids), status: In(['queued', 'running']) } });
    if (!open) return;
    if (Date.now() > deadline) throw new Error(`${open} of ${ids.length} submissions still queued or running`);
    await sleep(250);
  }
}

/**
 * What every fault test proves at the end: each submission final and counted exactly once, the problem's
 * counters equal to a fresh COUNT of its rows, and live clients told the final state of each submission, only
 * ever the row's. A worker killed between writing a result and publishing it leaves the result to be published
 * by the job's next run, so a final event may come twice, never with another state.
 * `eventsMayBeLost`: a Redis outage can swallow a pub/sub message.
 */
export async function expectGradedOnce(
  ds: DataSource,
  problemId: number,
  ids: string[],
  events: LiveEvent[],
  eventsMayBeLost = false,
): Promise<void> {
  const rows = await ds.getRepository(SubmissionEntity).findBy({ id: In(ids) });
  expect(rows).toHaveLength(ids.length);
  for (const row of rows) {
    expect({ id: row.id, final: isFinalStatus(row.status), counted: !!row.countedAt }).toEqual({ id: row.id, final: true, counted: true });
  }
  const [fresh] = await ds.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'accepted')::int AS accepted FROM submissions WHERE problem_id = $1 AND counted_at IS NOT NULL`,
    [problemId],
  );
  const problem = await ds.getRepository(ProblemEntity).findOneByOrFail({ problemId });
  expect({ submissionCount: problem.submissionCount, acceptedSubmissionCount: problem.acceptedSubmissionCount }).toEqual({
    submissionCount: fresh.total,
    acceptedSubmissionCount: fresh.accepted,
  });
  await sleep(500);
  for (const row of rows) {
    const finals = events.filter((e) => e.id === row.id && e._eventType === 'finished').map((e) => e.status);
    if (eventsMayBeLost && finals.length === 0) continue;
    expect({ id: row.id, finals: [...new Set(finals)] }).toEqual({ id: row.id, finals: [row.status] });
  }
}
