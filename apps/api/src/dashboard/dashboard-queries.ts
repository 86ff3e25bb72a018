import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { DataSource, ObjectLiteral } from 'typeorm';

import { shownStatusSql, Viewer, visibleSubmissionsWhere } from '../access';
import { DashboardSummaryDto, HeatmapItemDto } from './dto/dashboard.dto';

/** A problem a user submitted to, with their first accepted and latest tries. */
export interface TriedProblemRow {
  problemId: number;
  problemTitle: string;
  acceptedAt: Date | null;
  latestAcceptedSubmissionId: string | null;
  lastTriedAt: Date;
}

/** [start, end) of a UTC calendar year. */
function yearRange(year: number): { from: string; to: string } {
  return { from: `${year}-01-01T00:00:00Z`, to: `${year + 1}-01-01T00:00:00Z` };
}

/** The dashboards' reads: aggregates over one user's submissions, each served by the (user_id, created_at) index. */
@Injectable()
export class DashboardQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(userId: string, year: number): Promise<DashboardSummaryDto> {
    const [row] = await this.query<DashboardSummaryDto>(
      `SELECT count(*)::int AS "totalSubmissions",
              count(*) FILTER (WHERE status = 'accepted')::int AS "totalAC",
              count(*) FILTER (WHERE status = 'wrong_answer')::int AS "totalWA",
              count(*) FILTER (WHERE status = 'tle')::int AS "totalTLE",
              count(*) FILTER (WHERE status = 'rte')::int AS "totalRTE",
              count(*) FILTER (WHERE status = 'ce')::int AS "totalCE"
         FROM submissions WHERE user_id = :userId AND created_at >= :from AND created_at < :to`,
      { userId, ...yearRange(year) },
    );
    return row;
  }

  /** One item per UTC day with activity. */
  heatmap(userId: string, year: number): Promise<HeatmapItemDto[]> {
    return this.query(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
              count(*)::int AS "submitCount",
              count(*) FILTER (WHERE status = 'accepted')::int AS "acCount"
         FROM submissions WHERE user_id = :userId AND created_at >= :from AND created_at < :to
        GROUP BY 1 ORDER BY 1`,
      { userId, ...yearRange(year) },
    );
  }

  userByName(username: string): Promise<UserEntity | null> {
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  /**
   * The problems a user tried that the viewer may see submissions of, latest try first; solved by the statuses the
   * viewer sees, so a result hidden by a contest's freeze counts as a try, not a solve.
   */
  triedProblems(userId: string, viewer: Viewer): Promise<TriedProblemRow[]> {
    const visible = visibleSubmissionsWhere('s', viewer);
    const status = shownStatusSql('s', viewer);
    return this.query(
      `SELECT s.problem_id AS "problemId", p.title AS "problemTitle",
              min(s.created_at) FILTER (WHERE ${status.sql} = 'accepted') AS "acceptedAt",
              (array_agg(s.id ORDER BY s.created_at DESC) FILTER (WHERE ${status.sql} = 'accepted'))[1] AS "latestAcceptedSubmissionId",
              max(s.created_at) AS "lastTriedAt"
         FROM submissions s JOIN problems p ON p.problem_id = s.problem_id
        WHERE s.user_id = :userId AND ${visible.sql}
        GROUP BY s.problem_id, p.title
        ORDER BY max(s.created_at) DESC`,
      { userId, ...visible.params, ...status.params },
    );
  }

  /** Raw SQL with named parameters (`:name`), as the query builder takes them. */
  private query<T>(sql: string, params: ObjectLiteral): Promise<T[]> {
    const [positional, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return this.dataSource.query(positional, values);
  }
}
