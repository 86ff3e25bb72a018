import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Percent } from '@oj/contracts';
import { SimilarityReportEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { retryInfrastructure } from '../infrastructure/infrastructure-retry';
import { ComparedSubmission, computeSimilarityReport, ProblemTemplate } from './similarity-report';

/** The progress written to the row at most this often (ms): the page polls it, a write per step would be waste. */
const PROGRESS_WRITE_EVERY_MS = 500;

/**
 * Computes a similarity report in the worker: reads its scope's submissions (each user's last accepted submission
 * of each problem, or their last one if none was accepted), compares them, and writes the progress and the pairs
 * to the report's row.
 */
@Injectable()
export class SimilarityReportService {
  private readonly logger = new Logger(SimilarityReportService.name);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async compute(reportId: string): Promise<void> {
    const reports = this.db.getRepository(SimilarityReportEntity);
    const report = await retryInfrastructure('Reading a similarity report', () => reports.findOneBy({ id: reportId }), this.logger);
    if (!report || report.status === 'done') return;
    await this.update(reportId, { status: 'running', progress: 0, error: null });
    try {
      const submissions = await this.submissions(report);
      const templates = await this.templates(submissions);
      let written = Date.now();
      const result = await computeSimilarityReport(submissions, templates, async (done) => {
        if (Date.now() - written < PROGRESS_WRITE_EVERY_MS) return;
        written = Date.now();
        await this.update(reportId, { progress: Math.min(99, Math.floor(done * 100)) as Percent });
      });
      await this.update(reportId, {
        status: 'done',
        progress: 100,
        submissionCount: submissions.length,
        untokenized: result.untokenized,
        pairs: result.pairs,
        finishedAt: new Date(),
      });
      this.logger.log(`Similarity report ${reportId}: ${submissions.length} submissions, ${result.pairs.length} pairs`);
    } catch (error) {
      await this.update(reportId, { status: 'failed', error: (error as Error).message, finishedAt: new Date() });
      throw error;
    }
  }

  private update(reportId: string, changes: Partial<SimilarityReportEntity>): Promise<unknown> {
    return retryInfrastructure(
      'Writing a similarity report',
      () => this.db.getRepository(SimilarityReportEntity).update({ id: reportId }, changes),
      this.logger,
    );
  }

  /** One submission per user and problem in the report's scope, oldest first (so the left of a pair came first). */
  private async submissions(report: SimilarityReportEntity): Promise<ComparedSubmission[]> {
    const scope =
      report.contestId !== null
        ? {
            where: `s.contest_id = $1 AND s.problem_id IN (SELECT problem_id FROM contest_problems WHERE contest_id = $1)`,
            params: [report.contestId],
          }
        : { where: `s.problem_id = $1 AND s.created_at BETWEEN $2 AND $3`, params: [report.problemId, report.rangeFrom, report.rangeTo] };
    const rows: (ComparedSubmission & { createdAt: Date })[] = await retryInfrastructure(
      'Reading a similarity report’s submissions',
      () =>
        this.db.query(
          `SELECT * FROM (
             SELECT DISTINCT ON (s.problem_id, s.user_id)
                    s.id, s.problem_id AS "problemId", u.username AS "userName", s.language_id AS "languageId",
                    s.language_name AS "languageName", s.source_code AS "sourceCode", s.created_at AS "createdAt"
               FROM submissions s JOIN users u ON u.id = s.user_id
              WHERE ${scope.where}
              ORDER BY s.problem_id, s.user_id, (s.status = 'accepted') DESC, s.created_at DESC
           ) chosen ORDER BY "createdAt", id`,
          scope.params,
        ),
      this.logger,
    );
    return rows.map(({ createdAt: _, ...submission }) => submission);
  }

  private async templates(submissions: readonly ComparedSubmission[]): Promise<ProblemTemplate[]> {
    const problemIds = [...new Set(submissions.map((s) => s.problemId))];
    if (!problemIds.length) return [];
    const rows: { problemId: number; templates: { languageId: number; sourceCode: string }[] }[] = await retryInfrastructure(
      'Reading problems’ templates',
      () => this.db.query(`SELECT problem_id AS "problemId", templates FROM problems WHERE problem_id = ANY($1)`, [problemIds]),
      this.logger,
    );
    return rows.flatMap(({ problemId, templates }) => templates.map((t) => ({ problemId, ...t })));
  }
}
