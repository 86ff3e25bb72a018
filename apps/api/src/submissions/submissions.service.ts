import { InjectQueue } from '@nestjs/bull';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES, JudgeJobData, noTestResult, SubmissionDetail } from '@oj/contracts';
import { JUDGE_QUEUE, judgeJobOptions } from '@oj/messaging';
import { Queue } from 'bull';

import {
  canResubmit,
  canSeeResult,
  canSeeSubmission,
  canSeeTestResults,
  canViewSource,
  isAdmin,
  pendingRow,
  resubmitRevealsNothing,
} from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { AppConfig } from '../config/app-config';
import { ContestsService } from '../contests/contests.service';
import { LanguagesService } from '../languages/languages.service';
import { ApiLivePublisher } from '../live/api-live-publisher';
import { currentRequestId } from '../logging/request-context';
import { ProblemRef, ProblemsService } from '../problems/problems.service';
import { CreateSubmissionDto } from './dto/create-submission.dto';
import { InsertedSubmission, NewSubmission, newSubmissionRow, SubmittedCode } from './new-submission';
import { summaryWithoutMessages, withoutMessages } from './result-messages';
import { SubmissionQueries } from './submission-queries';

export const MAX_WAITING_PER_USER = 10;
const NO_CONTEST = { contestId: null, participationId: null, stopAtFirstFailure: false };
const NOT_FOUND = 'Submission not found.';

/** Creating, re-submitting and reading submissions; the judge worker grades them from the queue. */
@Injectable()
export class SubmissionsService {
  private readonly logger = new Logger(SubmissionsService.name);

  constructor(
    private readonly queries: SubmissionQueries,
    @InjectQueue(JUDGE_QUEUE) private readonly queue: Queue<JudgeJobData>,
    private readonly problems: ProblemsService,
    private readonly languages: LanguagesService,
    private readonly rateLimits: RateLimitService,
    private readonly live: ApiLivePublisher,
    private readonly config: AppConfig,
    private readonly contests: ContestsService,
  ) {}

  /**
   * A contest submission is let in by the contest (ContestsService.entryFor), which may allow a private problem;
   * it counts on the participant's board, or as practice after the end.
   */
  async create(caller: AuthUser, dto: CreateSubmissionDto): Promise<string> {
    const entry = dto.contestId !== undefined ? await this.contests.entryFor(dto.contestId, dto.problemId, caller) : NO_CONTEST;
    const problem = entry.contestId
      ? await this.problems.findProblemRef(dto.problemId)
      : await this.problems.findVisibleProblemRef(dto.problemId, caller);
    if (!problem) throw ApiException.notFound('Problem not found.');
    const languageName = await this.languageName(problem, dto.languageId);
    const submitter = { id: caller.id, name: caller.username };
    const code = { languageId: dto.languageId, languageName, sourceCode: dto.sourceCode };
    return this.enqueue(caller, submitter, problem, code, entry);
  }

  /** A new submission with the same problem, language and source, owned by the original author. */
  async resubmit(caller: AuthUser, id: string): Promise<string> {
    const found = await this.queries.detail(id);
    if (!found) throw ApiException.notFound(NOT_FOUND);
    const { entity: original, row } = found;
    if (!canResubmit(original, caller)) throw ApiException.forbidden('You may only re-submit your own submissions.');
    const contest = original.contestId === null ? null : await this.contests.findOrNull(original.contestId);
    if (!resubmitRevealsNothing(original, contest, new Date()))
      throw ApiException.conflict(
        "This submission's contest still hides its results: re-submit it once the contest has ended and its results are published.",
      );
    const problem = await this.problems.findVisibleProblemRef(original.problemId, caller);
    const submitter = { id: original.userId, name: row.userName };
    // Outside any contest: a re-submission is not a new try on a board.
    return this.enqueue(
      caller,
      submitter,
      problem,
      { languageId: original.languageId, languageName: original.languageName, sourceCode: original.sourceCode },
      NO_CONTEST,
    );
  }

  /**
   * The submission as the caller may see it: the source and messages for its submitter and admins; for others, no
   * result while its contest's freeze hides it (pendingRow), and no per-test results while its contest runs.
   */
  async get(caller: AuthUser, id: string): Promise<SubmissionDetail> {
    const found = await this.queries.detail(id);
    if (!found) throw ApiException.notFound(NOT_FOUND);
    const { entity, row } = found;
    const showSource = canViewSource(entity, caller);
    if (showSource)
      return {
        ...row,
        canViewSource: true,
        source: entity.sourceCode,
        testCaseResults: entity.testCaseResults,
        resultSummary: entity.resultSummary,
      };
    // Only those who may not read the source need the problem: its visibility decides whether they see the row.
    if (!canSeeSubmission(entity, await this.problems.findProblemRef(entity.problemId), caller)) throw ApiException.notFound(NOT_FOUND);
    const contest = entity.contestId === null ? null : await this.contests.findOrNull(entity.contestId);
    if (!canSeeResult(entity, caller) || !canSeeTestResults(entity, contest, caller, new Date()))
      return { ...(canSeeResult(entity, caller) ? row : pendingRow(row)), canViewSource: false, testCaseResults: [], resultSummary: null };
    return {
      ...row,
      canViewSource: false,
      testCaseResults: withoutMessages(entity.testCaseResults),
      resultSummary: summaryWithoutMessages(entity.resultSummary),
    };
  }

  private async languageName(problem: ProblemRef, languageId: number): Promise<string> {
    const engineLanguage = await this.languages.find(languageId);
    const allowed = problem.judge0LanguageIds.length ? problem.judge0LanguageIds.includes(languageId) : !!engineLanguage;
    if (!allowed) throw ApiException.badRequest('This language is not allowed for this problem.', 'languageId');
    return engineLanguage?.name ?? `Language ${languageId}`;
  }

  /**
   * Stores a submission unless the caller is over their limits (admins have none). The per-minute rate is an
   * atomic Redis counter and comes first, so a burst is cut down before it reaches the database; the waiting cap
   * is counted under a lock (insertIfFewerWaiting).
   */
  private async insertWithinLimits(caller: AuthUser, submission: NewSubmission): Promise<InsertedSubmission> {
    if (isAdmin(caller)) return this.queries.insert(submission);
    await this.rateLimits.consume(
      'submit',
      caller.id,
      this.config.SUBMISSIONS_PER_MINUTE,
      'You are submitting too fast. Please wait a minute and try again.',
    );
    const saved = await this.queries.insertIfFewerWaiting(caller.id, submission, MAX_WAITING_PER_USER);
    if (!saved)
      throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, ERROR_CODES.RATE_LIMITED, 'You have too many submissions waiting to be judged.');
    return saved;
  }

  private async enqueue(
    caller: AuthUser,
    submitter: { id: string | null; name: string | null },
    problem: ProblemRef,
    code: SubmittedCode,
    entry: { contestId: number | null; participationId: string | null; stopAtFirstFailure: boolean },
  ): Promise<string> {
    const saved = await this.insertWithinLimits(caller, {
      userId: submitter.id,
      problemId: problem.problemId,
      contestId: entry.contestId,
      participationId: entry.participationId,
      ...code,
      sourceLen: Buffer.byteLength(code.sourceCode),
      queuedAt: new Date(),
    });
    try {
      // The job id is the submission id: a duplicate add is a no-op, and workers find the row by it.
      const job: JudgeJobData = { submissionId: saved.id, requestId: currentRequestId() };
      if (entry.stopAtFirstFailure) job.stopAtFirstFailure = true;
      await this.queue.add(job, judgeJobOptions(saved.id));
    } catch {
      // No worker will ever see this row: end it now rather than leave it queued forever.
      const message = 'The judge queue is unavailable. Please try again later.';
      await this.queries.finish(saved.id, problem.problemId, noTestResult('failed', message));
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, message);
    }
    // Queued first, so no failure here leaves a submission no worker will take. Before the event, so the contest
    // stream's row shows the new pending try; should it fail, the try shows from its result, as before.
    await this.queries
      .countIfHidden(saved, entry.participationId, problem.problemId)
      .catch((error) => this.logger.warn(`Could not count hidden submission ${saved.id} as pending: ${error}`));
    // The row is built from what is in hand rather than read back: the insert returned everything else.
    await this.live.publish(newSubmissionRow(saved, submitter.name, problem), 'created');
    return saved.id;
  }
}
