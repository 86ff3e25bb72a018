import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { USERNAME_PATTERN } from '../auth/dto/register.dto';
import { ApiException } from '../common/api-exception';
import { AttemptedProblemDto, DashboardSummaryDto, HeatmapItemDto, SolvedProblemDto, UserDashboardDto } from './dto/dashboard.dto';

/** [start, end) of a UTC calendar year. */
function yearRange(year: number): [string, string] {
  return [`${year}-01-01T00:00:00Z`, `${year + 1}-01-01T00:00:00Z`];
}

@Injectable()
export class DashboardService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(userId: string, year: number): Promise<DashboardSummaryDto> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS "totalSubmissions",
              count(*) FILTER (WHERE status = 'accepted')::int AS "totalAC",
              count(*) FILTER (WHERE status = 'wrong_answer')::int AS "totalWA",
              count(*) FILTER (WHERE status = 'tle')::int AS "totalTLE",
              count(*) FILTER (WHERE status = 'rte')::int AS "totalRTE",
              count(*) FILTER (WHERE status = 'ce')::int AS "totalCE"
         FROM submissions WHERE user_id = $1 AND created_at >= $2 AND created_at < $3`,
      [userId, ...yearRange(year)],
    );
    return row;
  }

  /** One item per UTC day with activity. */
  async heatmap(userId: string, year: number): Promise<HeatmapItemDto[]> {
    return this.dataSource.query(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
              count(*)::int AS "submitCount",
              count(*) FILTER (WHERE status = 'accepted')::int AS "acCount"
         FROM submissions WHERE user_id = $1 AND created_at >= $2 AND created_at < $3
        GROUP BY 1 ORDER BY 1`,
      [userId, ...yearRange(year)],
    );
  }

  /** Solved and attempted problems of a user; a private profile is only for its owner and admins. */
  async forUser(username: string, viewer: AuthUser | undefined): Promise<UserDashboardDto> {
    if (!USERNAME_PATTERN.test(username)) throw ApiException.notFound('User not found.');
    const user = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
    if (!user) throw ApiException.notFound('User not found.');
    if (!user.profilePublic && viewer?.id !== user.id && viewer?.role !== 'admin') throw ApiException.forbidden('This profile is private.');
    const seesPrivate = viewer?.role === 'admin' || viewer?.id === user.id;
    const rows: { problemId: number; problemTitle: string; acceptedAt: Date | null; latestAcceptedSubmissionId: string | null; lastTriedAt: Date }[] =
      await this.dataSource.query(
        `SELECT s.problem_id AS "problemId", p.title AS "problemTitle",
                min(s.created_at) FILTER (WHERE s.status = 'accepted') AS "acceptedAt",
                (array_agg(s.id ORDER BY s.created_at DESC) FILTER (WHERE s.status = 'accepted'))[1] AS "latestAcceptedSubmissionId",
                max(s.created_at) AS "lastTriedAt"
           FROM submissions s JOIN problems p ON p.problem_id = s.problem_id
          WHERE s.user_id = $1 AND (p.is_public OR $2)
          GROUP BY s.problem_id, p.title
          ORDER BY max(s.created_at) DESC`,
        [user.id, seesPrivate],
      );
    const solved: SolvedProblemDto[] = rows
      .filter((r) => r.acceptedAt)
      .map((r) => ({ problemId: r.problemId, problemTitle: r.problemTitle, acceptedAt: (r.acceptedAt as Date).toISOString(), latestAcceptedSubmissionId: r.latestAcceptedSubmissionId as string }));
    const attempted: AttemptedProblemDto[] = rows
      .filter((r) => !r.acceptedAt)
      .map((r) => ({ problemId: r.problemId, problemTitle: r.problemTitle, lastTriedAt: r.lastTriedAt.toISOString() }));
    return {
      user: { id: user.id, username: user.username, profilePublic: user.profilePublic, profile: { displayName: user.displayName, bio: user.bio, avatarUrl: user.avatarUrl } },
      solved,
      attempted,
    };
  }
}
