import { getQueueToken } from '@nestjs/bull';
import { QUEUE_NAMES } from '@oj/messaging';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { startWorkerApp } from '../../src/operations/worker-app';
import { workerStores } from './worker-stores';

/**
 * A worker's stop: each close of a queue it takes jobs from waits for the running jobs and about half a second for
 * Bull's blocked connection, so they are closed together, and all before the database connection they write through.
 */
describe('a stopping worker closes its queues', () => {
  const stores = workerStores('queue_close');
  beforeAll(() => stores.create(), 60_000);
  afterAll(() => stores.drop());

  it('together, every one started before any has ended, and before the database closes', async () => {
    const worker = await startWorkerApp(stores.config({ WORKER_HTTP_PORT: 'off' }));
    const events: string[] = [];
    for (const name of QUEUE_NAMES) {
      const queue = worker.app.get<Queue>(getQueueToken(name));
      const close = queue.close.bind(queue);
      jest.spyOn(queue, 'close').mockImplementation(async (doNotWaitJobs?: boolean) => {
        events.push(`start ${name}`);
        await close(doNotWaitJobs);
        events.push(`end ${name}`);
      });
    }
    const dataSource = worker.app.get(DataSource);
    const destroy = dataSource.destroy.bind(dataSource);
    jest.spyOn(dataSource, 'destroy').mockImplementation(() => {
      events.push('database');
      return destroy();
    });
    await worker.app.close();

    const firstEnd = events.findIndex((event) => event.startsWith('end '));
    for (const name of QUEUE_NAMES) expect(events.indexOf(`start ${name}`)).toBeLessThan(firstEnd);
    const lastEnd = events.map((event) => event.startsWith('end ')).lastIndexOf(true);
    expect(events.indexOf('database')).toBeGreaterThan(lastEnd);
  }, 60_000);
});
