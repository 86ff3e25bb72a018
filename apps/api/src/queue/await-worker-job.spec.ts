import { Job } from 'bull';

import { awaitWorkerJob } from './await-worker-job';

/** A job that never finishes, in the given queue state; what the wait asks of it beyond that answers nothing. */
const hangingJob = (state: string) =>
  ({
    finished: () => new Promise(() => undefined),
    getState: async () => state,
    remove: async () => undefined,
    discard: () => undefined,
    moveToFailed: async () => undefined,
    queue: { client: { publish: async () => 0 } },
    id: '1',
  }) as unknown as Job;

const wait = { timeoutMs: 20, timeoutMessage: 'nobody took it', runningMessage: 'a worker is still at it', failurePrefix: 'failed' };

describe('awaitWorkerJob', () => {
  it('times out with the waiting message when no worker took the job', async () => {
    await expect(awaitWorkerJob(hangingJob('waiting'), wait)).rejects.toMatchObject({
      status: 504,
      response: { message: 'nobody took it' },
    });
  });

  it('times out with the running message when a worker took the job but did not answer in time', async () => {
    await expect(awaitWorkerJob(hangingJob('active'), wait)).rejects.toMatchObject({
      status: 504,
      response: { message: 'a worker is still at it' },
    });
  });
});
