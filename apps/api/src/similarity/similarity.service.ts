import { InjectQueue } from '@nestjs/bull';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERROR_CODES, Paged, SimilarityJobData, SimilarityReport, SimilarityReportListItem, SimilarityReportSummary } from '@oj/contracts';
import { SimilarityReportEntity } from '@oj/db';
import { SIMILARITY_QUEUE, similarityJobOptions } from '@oj/messaging';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { ApiException } from '../common/api-exception';
import { isUuid } from '../common/is-uuid';
import { CONTEST_NOT_FOUND } from '../contests/contests.service';
import { currentRequestId } from '../logging/request-context';
import { PROBLEM_NOT_FOUND } from '../problems/problems.service';

const REPORT_NOT_FOUND = 'Similarity report not found.';
const QUEUE_DOWN = 'The judge queue is unavailable; ask for the report again once it is back.';
/** A contest's report list shows its latest reports. */
const LISTED_REPORTS = 50;
/** A summary's columns (everything but the pairs, and their count) of similarity_reports as `r`. */
const SUMMARY_COLUMNS = `r.id, r.contest_id AS "contestId", r.problem_id AS "problemId", r.range_from AS "rangeFrom",
  r.range_to AS "rangeTo", r.status, r.progress, r.error, r.submission_count AS "submissionCount", r.untokenized,
  r.created_at AS "createdAt", r.finished_at AS "finishedAt", jsonb_array_length(r.pairs) AS "pairCount"`;
type SummaryRow = SimilarityReportEntity & { pairCount: number };

/**
 * Similarity reports: a row per request, computed by a judge worker from the similarity queue (never here, on the
 * API's event loop); the row carries the progress and, once done, the pairs.
 */
@Injectable()
export class SimilarityService {
  private readonly logger = new Logger(SimilarityService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(SIMILARITY_QUEUE) private readonly queue: Queue<SimilarityJobData>,
  ) {}

  async requestForContest(contestId: number, requestedBy: string): Promise<string> {
    const [contest] = await this.db.query(`SELECT 1 FROM contests WHERE contest_id = $1`, [contestId]);
    if (!contest) throw ApiException.notFound(CONTEST_NOT_FOUND);
    return this.enqueue({ contestId, requestedBy });
  }

  async requestForProblem(problemId: number, from: string, to: string, requestedBy: string): Promise<string> {
    const rangeFrom = new Date(from);
    const rangeTo = new Date(to);
    if (rangeTo < rangeFrom) throw ApiException.validation([{ path: 'to', message: 'to must not be before from.' }]);
    const [problem] = await this.db.query(`SELECT 1 FROM problems WHERE problem_id = $1`, [problemId]);
    if (!problem) throw ApiException.notFound(PROBLEM_NOT_FOUND);
    return this.enqueue({ problemId, rangeFrom, rangeTo, requestedBy });
  }

  async get(reportId: string): Promise<SimilarityReport> {
    const row = isUuid(reportId) ? await this.db.getRepository(SimilarityReportEntity).findOneBy({ id: reportId }) : null;
    if (!row) throw ApiException.notFound(REPORT_NOT_FOUND);
    return { ...summary(row, row.pairs.length), pairs: row.pairs };
  }

  async listForContest(contestId: number): Promise<SimilarityReportSummary[]> {
    const [contest] = await this.db.query(`SELECT 1 FROM contests WHERE contest_id = $1`, [contestId]);
    if (!contest) throw ApiException.notFound(CONTEST_NOT_FOUND);
    const rows: SummaryRow[] = await this.db.query(
      `SELECT ${SUMMARY_COLUMNS} FROM similarity_reports r WHERE r.contest_id = $1 ORDER BY r.created_at DESC LIMIT $2`,
      [contestId, LISTED_REPORTS],
    );
    return rows.map((row) => summary(row, row.pairCount));
  }

  /**
   * A page of every report, newest first, of one contest or one problem when given, with the title of what it
   * compared; an unknown contest or problem has no report, an empty page (reports go with their contest or problem).
   */
  async list(filter: { contestId?: number; problemId?: number }, page: number, limit: number): Promise<Paged<SimilarityReportListItem>> {
    const where = ['($1::int IS NULL OR r.contest_id = $1)', '($2::int IS NULL OR r.problem_id = $2)'].join(' AND ');
    const scope = [filter.contestId ?? null, filter.problemId ?? null];
    const [rows, [{ total }]]: [(SummaryRow & { title: string })[], { total: number }[]] = await Promise.all([
      this.db.query(
        `SELECT ${SUMMARY_COLUMNS}, coalesce(c.title, p.title) AS title FROM similarity_reports r
           LEFT JOIN contests c ON c.contest_id = r.contest_id LEFT JOIN problems p ON p.problem_id = r.problem_id
          WHERE ${where} ORDER BY r.created_at DESC, r.id LIMIT $3 OFFSET $4`,
        [...scope, limit, (page - 1) * limit],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM similarity_reports r WHERE ${where}`, scope),
    ]);
    const items = rows.map((row) => ({ ...summary(row, row.pairCount), title: row.title }));
    return { items, total, totalPages: Math.ceil(total / limit), page, limit };
  }

  /** The report's row, then its job; a queue that is down leaves no row behind (503, the admin asks again). */
  private async enqueue(scope: Partial<SimilarityReportEntity>): Promise<string> {
    const repository = this.db.getRepository(SimilarityReportEntity);
    const { id } = await repository.save(repository.create(scope));
    try {
      await this.queue.add({ reportId: id, requestId: currentRequestId() }, similarityJobOptions(id));
    } catch (error) {
      this.logger.warn(`Similarity report ${id} not queued: ${(error as Error).message}`);
      await repository.delete({ id });
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, QUEUE_DOWN);
    }
    return id;
  }
}

function summary(row: Omit<SimilarityReportEntity, 'pairs'>, pairCount: number): SimilarityReportSummary {
  return {
    id: row.id,
    contestId: row.contestId,
    problemId: row.problemId,
    from: row.rangeFrom?.toISOString() ?? null,
    to: row.rangeTo?.toISOString() ?? null,
    status: row.status,
    progress: row.progress,
    error: row.error,
    submissions: row.submissionCount,
    untokenized: row.untokenized,
    pairCount,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
