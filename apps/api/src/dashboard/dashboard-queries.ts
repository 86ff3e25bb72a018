import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PROFILE_RECENT_ACCEPTED } from '@oj/contracts';
import { UserEntity } from '@oj/db';
import { DataSource, ObjectLiteral } from 'typeorm';

import { shownStatusSql, Viewer, visibleSubmissionsWhere } from '../access';
import { DashboardSummaryDto, HeatmapItemDto, LanguageUsageDto, RecentAcceptedDto } from './dto/dashboard.dto';

/** A bound on the languages a profile lists; an engine offers a few dozen at most. */
const MAX_PROFILE_LANGUAGES = 50;

/** A problem a user submitted to, with their first accepted and latest tries. */
export interface TriedProblemRow {
  problemId: number;
  problemTitle: string;
  acceptedAt: Date | null;
  latestAcceptedSubmissionId: string | null;
  lastTriedAt: Date;
}

/**
 * Which of a user's submissions (aliased `s`) the viewer may see, and each one's status as the viewer sees it: a
 * result hidden by a contest's freeze reads as queued, so it counts as a try and never as accepted.
 */
function seenBy(viewer: Viewer): { visible: string; status: string; params: ObjectLiteral } {
  const visible = visibleSubmissionsWhere('s', viewer);
  const status = shownStatusSql('s', viewer);
  return { visible: visible.sql, status: status.sql, params: { ...visible.params, ...status.params } };
}

/** [start, end) of a UTC calendar year. */
function yearRange(year: number): { from: string; to: string } {
  return { from: `${year}-01-01T00:00:00Z`, to: `${year + 1}-01-01T00:00:00Z` };
}

/**
 * The dashboards' reads: aggregates over one user's submissions, each served by the (user_id, created_at) index. A
 * profile's reads take the viewer, and count only what the access policy lets them see.
 */
@Injectable()
export class DashboardQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(userId: string, year: number): Promise<DashboardSummaryDto> {
    const [row] = await this.query<DashboardSummaryDto>(
      `SELECT count(*)::int AS "totalSubmissions",
              count(*) FILTER (WHERE status = 'accepted')::int AS "totalAC",
              count(*) FILTER (WHERE status = 'wrong_answer')::int AS "totalWA",
              count(*) FILTER (WHERE status = 'tle')::int AS "totalTLE",
              count(*) FILTER (WHERE status = 'ole')::int AS "totalOLE",
              count(*) FILTER (WHERE status = 'rte')::int AS "totalRTE",
              count(*) FILTER (WHERE status = 'ce')::int AS "totalCE"
         FROM submissions WHERE user_id = :userId AND created_at >= :from AND created_at < :to`,
      { userId, ...yearRange(year) },
    );
    return row;
  }

  /**
   * One item per UTC day with activity, of the submissions the viewer may see: the owner's own heatmap counts
   * everything, another viewer's leaves out private problems, and frozen results from the accepted count.
   */
  heatmap(userId: string, year: number, viewer: Viewer): Promise<HeatmapItemDto[]> {
    const seen = seenBy(viewer);
    return this.query(
      `SELECT to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
              count(*)::int AS "submitCount",
              count(*) FILTER (WHERE ${seen.status} = 'accepted')::int AS "acCount"
         FROM submissions s WHERE s.user_id = :userId AND s.created_at >= :from AND s.created_at < :to AND ${seen.visible}
        GROUP BY 1 ORDER BY 1`,
      { userId, ...yearRange(year), ...seen.params },
    );
  }

  userByName(username: string): Promise<UserEntity | null> {
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  /** The problems a user tried that the viewer may see submissions of, latest try first; solved as the viewer sees it. */
  triedProblems(userId: string, viewer: Viewer): Promise<TriedProblemRow[]> {
    const seen = seenBy(viewer);
    return this.query(
      `SELECT s.problem_id AS "problemId", p.title AS "problemTitle",
              min(s.created_at) FILTER (WHERE ${seen.status} = 'accepted') AS "acceptedAt",
              (array_agg(s.id ORDER BY s.created_at DESC) FILTER (WHERE ${seen.status} = 'accepted'))[1] AS "latestAcceptedSubmissionId",
              max(s.created_at) AS "lastTriedAt"
         FROM submissions s JOIN problems p ON p.problem_id = s.problem_id
        WHERE s.user_id = :userId AND ${seen.visible}
        GROUP BY s.problem_id, p.title
        ORDER BY max(s.created_at) DESC`,
      { userId, ...seen.params },
    );
  }

  /** The user's latest accepted submissions the viewer may see, newest first. */
  async recentAccepted(userId: string, viewer: Viewer): Promise<RecentAcceptedDto[]> {
    const seen = seenBy(viewer);
    const rows = await this.query<Omit<RecentAcceptedDto, 'submittedAt'> & { submittedAt: Date }>(
      `SELECT s.id AS "submissionId", s.problem_id AS "problemId", p.title AS "problemTitle",
              s.language_id AS "languageId", s.language_name AS language, s.created_at AS "submittedAt"
         FROM submissions s JOIN problems p ON p.problem_id = s.problem_id
        WHERE s.user_id = :userId AND ${seen.visible} AND ${seen.status} = 'accepted'
        ORDER BY s.created_at DESC LIMIT :limit`,
      { userId, limit: PROFILE_RECENT_ACCEPTED, ...seen.params },
    );
    return rows.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() }));
  }

  /**
   * Submissions and accepted ones per language, of those the viewer may see, most used first. A language's name
   * changes only with its toolchain's version, so the highest stored one stands for it.
   */
  languages(userId: string, viewer: Viewer): Promise<LanguageUsageDto[]> {
    const seen = seenBy(viewer);
    return this.query(
      `SELECT s.language_id AS "languageId", max(s.language_name) AS language, count(*)::int AS submissions,
              count(*) FILTER (WHERE ${seen.status} = 'accepted')::int AS accepted
         FROM submissions s WHERE s.user_id = :userId AND ${seen.visible}
        GROUP BY s.language_id ORDER BY count(*) DESC, s.language_id LIMIT :limit`,
      { userId, limit: MAX_PROFILE_LANGUAGES, ...seen.params },
    );
  }

  /** Raw SQL with named parameters (`:name`), as the query builder takes them. */
  private query<T>(sql: string, params: ObjectLiteral): Promise<T[]> {
    const [positional, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return this.dataSource.query(positional, values);
  }
}
