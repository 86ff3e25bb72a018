import { InjectQueue } from '@nestjs/bull';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES, JudgeJobData, RejudgeProgress } from '@oj/contracts';
import { JUDGE_QUEUE, judgeJobOptions } from '@oj/messaging';
import { Queue } from 'bull';

import { ApiException } from '../common/api-exception';
import { ApiLivePublisher } from '../live/api-live-publisher';
import { currentRequestId } from '../logging/request-context';
import { PROBLEM_NOT_FOUND } from '../problems/problems.service';
import { RejudgedRow, RejudgeQueries } from './rejudge-queries';

/**
 * Jobs per Redis round trip. Bull builds each job on the event loop: 200 at a time, with a turn of the loop
 * between them, keep other requests answered while 10,000 are added.
 */
const JOBS_PER_BULK = 200;
const QUEUE_DOWN = 'The judge queue is unavailable; the rejudge will be queued once it is back.';

/**
 * Rejudging after a problem's tests change: each submission keeps its id, goes back to queued under a new judge
 * round and gets a low-priority job for it. Its old result stays in the problem's counters (`counted_status`)
 * until the new one replaces it (writeFinalResult), so the counters are exact throughout. A job of an earlier
 * round still queued or running is dropped by the worker. Jobs the queue misses (Redis down, the API stopping)
 * are added by the workers' reconciler, which queues every stale non-final submission for its current round.
 */
@Injectable()
export class RejudgeService {
  private readonly logger = new Logger(RejudgeService.name);

  constructor(
    private readonly queries: RejudgeQueries,
    @InjectQueue(JUDGE_QUEUE) private readonly queue: Queue<JudgeJobData>,
    private readonly live: ApiLivePublisher,
  ) {}

  async rejudgeSubmission(id: string): Promise<void> {
    const rejudged = await this.queries.resetSubmission(id);
    if (!rejudged) throw ApiException.notFound('Submission not found.');
    await this.enqueue([rejudged]);
    const row = await this.queries.row(id);
    if (row) await this.live.publish(row, 'created');
  }

  /** Every submission of the problem, in one transaction that also starts the problem's rejudge progress. */
  async rejudgeProblem(problemId: number): Promise<number> {
    const rejudged = await this.queries.resetProblem(problemId);
    if (!rejudged) throw ApiException.notFound(PROBLEM_NOT_FOUND);
    await this.enqueue(rejudged);
    return rejudged.length;
  }

  async progress(problemId: number): Promise<RejudgeProgress> {
    const found = await this.queries.progress(problemId);
    if (!found) throw ApiException.notFound(PROBLEM_NOT_FOUND);
    return { total: found.total, done: found.done, pending: found.total - found.done };
  }

  private async enqueue(rows: RejudgedRow[]): Promise<void> {
    const requestId = currentRequestId();
    try {
      for (let start = 0; start < rows.length; start += JOBS_PER_BULK) {
        const jobs = rows.slice(start, start + JOBS_PER_BULK).map(({ id, judge_round: round, stop }) => ({
          data: { submissionId: id, round, requestId, ...(stop ? { stopAtFirstFailure: true } : {}) },
          opts: judgeJobOptions(id, round),
        }));
        await this.queue.addBulk(jobs);
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.logger.warn(`Rejudge jobs not queued: ${(error as Error).message}`);
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, QUEUE_DOWN);
    }
  }
}
