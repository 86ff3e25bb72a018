import { createTestApp, TestApp } from '@oj/api-testing';
import { JUDGE_QUEUE, judgeJobOptions, queueConnection } from '@oj/messaging';
import Queue from 'bull';

/** The judge queue's series of one state on a scrape of /metrics. */
function judgeJobs(metrics: string, state: string): number {
  const line = new RegExp(`^oj_queue_jobs\\{queue="judge",state="${state}"\\} (\\d+)$`, 'm').exec(metrics);
  if (!line) throw new Error(`no judge ${state} series in:\n${metrics}`);
  return Number(line[1]);
}

// What an autoscaler other than KEDA reads (docs/operating-kubernetes.md): the judge queue's jobs by state, read
// from Redis when Prometheus scrapes.
describe('the judge queue on /metrics', () => {
  let t: TestApp;
  let queue: Queue.Queue;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_ALLOW_LOOPBACK: 'true' });
    // Jobs put straight on the queue, with no worker: each stays in the state the test puts it in.
    queue = new Queue(JUDGE_QUEUE, queueConnection(t.config));
  }, 60_000);
  afterAll(async () => {
    await queue?.obliterate({ force: true });
    await queue?.close();
    await t?.close();
  });

  it('counts the waiting, active and delayed jobs as gauges, as they are at each scrape', async () => {
    const scrape = async () => (await t.http().get('/metrics').expect(200)).text;
    const before = await scrape();
    expect(['waiting', 'active', 'delayed'].map((state) => judgeJobs(before, state))).toEqual([0, 0, 0]);
    expect(before).toContain('# TYPE oj_queue_jobs gauge');

    await queue.add({}, judgeJobOptions('metrics-1'));
    await queue.add({}, judgeJobOptions('metrics-2', 1));
    await queue.add({}, judgeJobOptions('metrics-3'));
    await queue.add({}, { ...judgeJobOptions('metrics-4'), delay: 60_000 });
    // A worker's take: the job moves from waiting to active.
    await queue.getNextJob();
    const during = await scrape();
    expect(['waiting', 'active', 'delayed'].map((state) => judgeJobs(during, state))).toEqual([2, 1, 1]);

    await queue.empty();
    const after = await scrape();
    expect(judgeJobs(after, 'waiting')).toBe(0);
    expect(judgeJobs(after, 'delayed')).toBe(0);
  });
});
