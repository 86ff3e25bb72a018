import { InjectQueue } from '@nestjs/bull';
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERROR_CODES, JUDGE_QUEUE, JudgeJobData, judgeJobOptions, SubmissionDetail, SubmissionRow } from '@oj/contracts';
import { loadSubmission, loadSubmissionRow, ProblemEntity, SubmissionEntity, writeFinalResult } from '@oj/db';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { AppConfig } from '../config/app-config';
import { LanguagesService } from '../languages/languages.service';
import { LivePublisher } from '../live/live-publisher';
import { canSeeProblem, isAdmin } from '../problems/problem-access';
import { ProblemsService } from '../problems/problems.service';
import { CreateSubmissionDto } from './dto/create-submission.dto';
import { summaryWithoutMessages, withoutMessages } from './result-messages';
import { isUuid } from '../common/is-uuid';
import { currentRequestId } from '../logging/request-context';

export const MAX_WAITING_PER_USER = 10;
const NOT_FOUND = 'Submission not found.';

/** Creating, re-submitting and reading submissions; the judge worker grades them from the queue. */
@Injectable()
export class SubmissionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(JUDGE_QUEUE) private readonly queue: Queue<JudgeJobData>,
    private readonly problems: ProblemsService,
    private readonly languages: LanguagesService,
    private readonly rateLimits: RateLimitService,
    private readonly live: LivePublisher,
    private readonly config: AppConfig,
  ) {}

  async create(caller: AuthUser, dto: CreateSubmissionDto): Promise<string> {
    const problem = await this.problems.findVisibleProblem(dto.problemId, caller);
    const languageName = await this.languageName(problem, dto.languageId);
    return this.enqueue(caller, caller.id, problem.problemId, dto.languageId, languageName, dto.sourceCode);
  }

  /** A new submission with the same problem, language and source, owned by the original author. */
  async resubmit(caller: AuthUser, id: string): Promise<string> {
    const original = isUuid(id) ? await this.dataSource.getRepository(SubmissionEntity).findOne({ where: { id } }) : null;
    if (!original) throw ApiException.notFound(NOT_FOUND);
    if (!isAdmin(caller) && original.userId !== caller.id) throw ApiException.forbidden('You may only re-submit your own submissions.');
    await this.problems.findVisibleProblem(original.problemId, caller);
    return this.enqueue(caller, original.userId, original.problemId, original.languageId, original.languageName, original.sourceCode);
  }

  async get(caller: AuthUser, id: string): Promise<SubmissionDetail> {
    const found = isUuid(id) ? await loadSubmission(this.dataSource.manager, id) : null;
    if (!found) throw ApiException.notFound(NOT_FOUND);
    const { entity, row } = found;
    const canViewSource = isAdmin(caller) || entity.userId === caller.id;
    if (!canViewSource) {
      const problem = await this.dataSource.getRepository(ProblemEntity).findOne({ where: { problemId: entity.problemId } });
      if (!problem || !canSeeProblem(problem, caller)) throw ApiException.notFound(NOT_FOUND);
    }
    return {
      ...row,
      canViewSource,
      ...(canViewSource ? { source: entity.sourceCode } : {}),
      testCaseResults: canViewSource ? entity.testCaseResults : withoutMessages(entity.testCaseResults),
      resultSummary: canViewSource ? entity.resultSummary : summaryWithoutMessages(entity.resultSummary),
    };
  }

  private async languageName(problem: ProblemEntity, languageId: number): Promise<string> {
    const engineLanguage = await this.languages.find(languageId);
    const allowed = problem.judge0LanguageIds.length ? problem.judge0LanguageIds.includes(languageId) : !!engineLanguage;
    if (!allowed) throw ApiException.badRequest('This language is not allowed for this problem.', 'languageId');
    return engineLanguage?.name ?? `Language ${languageId}`;
  }

  /**
   * Stores a submission unless the caller is over their limits (admins have none). The per-minute rate is an
   * atomic Redis counter and comes first, so a burst is cut down before it reaches the database. The waiting
   * cap is counted and the row inserted under a lock on the caller's user row: their submissions go one at a
   * time across every API instance, so parallel requests cannot all pass a count taken before any inserted.
   */
  private async insertWithinLimits(caller: AuthUser, submission: SubmissionEntity): Promise<SubmissionEntity> {
    if (isAdmin(caller)) return this.dataSource.getRepository(SubmissionEntity).save(submission);
    await this.rateLimits.consume('submit', caller.id, this.config.SUBMISSIONS_PER_MINUTE, 'You are submitting too fast. Please wait a minute and try again.');
    return this.dataSource.transaction(async (manager) => {
      // NO KEY UPDATE: serialises these transactions without blocking the key-share locks of foreign keys.
      await manager.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [caller.id]);
      const waiting = await manager.count(SubmissionEntity, { where: { userId: caller.id, status: 'queued' } });
      if (waiting >= MAX_WAITING_PER_USER) {
        throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, ERROR_CODES.RATE_LIMITED, 'You have too many submissions waiting to be judged.');
      }
      return manager.save(submission);
    });
  }

  private async enqueue(caller: AuthUser, userId: string | null, problemId: number, languageId: number, languageName: string, sourceCode: string): Promise<string> {
    const submissions = this.dataSource.getRepository(SubmissionEntity);
    const saved = await this.insertWithinLimits(
      caller,
      submissions.create({
        userId,
        problemId,
        languageId,
        languageName,
        sourceCode,
        sourceLen: Buffer.byteLength(sourceCode),
        status: 'queued',
        verdict: 'PENDING',
        score: 0,
        queuedAt: new Date(),
      }),
    );
    try {
      // The job id is the submission id: a duplicate add is a no-op, and workers find the row by it.
      await this.queue.add({ submissionId: saved.id, requestId: currentRequestId() }, judgeJobOptions(saved.id));
    } catch {
      // No worker will ever see this row: end it now rather than leave it queued forever.
      const message = 'The judge queue is unavailable. Please try again later.';
      await writeFinalResult(this.dataSource, saved.id, problemId, { status: 'failed', score: 0, runtimeMs: null, memoryKB: null, testCaseResults: [], message });
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, message);
    }
    const row = (await loadSubmissionRow(this.dataSource.manager, saved.id)) as SubmissionRow;
    await this.live.publish(row, 'created');
    return saved.id;
  }
}
