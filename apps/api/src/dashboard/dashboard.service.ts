import { Injectable } from '@nestjs/common';

import { canSeeProfile } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { USERNAME_PATTERN } from '../auth/dto/register.dto';
import { ApiException } from '../common/api-exception';
import { DashboardQueries } from './dashboard-queries';
import { AttemptedProblemDto, DashboardSummaryDto, HeatmapItemDto, SolvedProblemDto, UserDashboardDto } from './dto/dashboard.dto';

@Injectable()
export class DashboardService {
  constructor(private readonly queries: DashboardQueries) {}

  summary(userId: string, year: number): Promise<DashboardSummaryDto> {
    return this.queries.summary(userId, year);
  }

  /** One item per UTC day with the signed-in user's activity: all of their own submissions. */
  heatmap(user: AuthUser, year: number): Promise<HeatmapItemDto[]> {
    return this.queries.heatmap(user.id, year, user);
  }

  /**
   * A user's profile: solved and attempted problems, a year's heatmap, the latest accepted submissions and the
   * languages used, each as the viewer may see it. A private profile is only for its owner and admins.
   */
  async forUser(username: string, viewer: AuthUser | undefined, year: number): Promise<UserDashboardDto> {
    if (!USERNAME_PATTERN.test(username)) throw ApiException.notFound('User not found.');
    const user = await this.queries.userByName(username);
    if (!user) throw ApiException.notFound('User not found.');
    if (!canSeeProfile(user, viewer)) throw ApiException.forbidden('This profile is private.');
    // Four reads of one user's rows, independent of each other: side by side on the pool, one round trip's wait.
    const [rows, heatmap, recentAccepted, languages] = await Promise.all([
      this.queries.triedProblems(user.id, viewer),
      this.queries.heatmap(user.id, year, viewer),
      this.queries.recentAccepted(user.id, viewer),
      this.queries.languages(user.id, viewer),
    ]);
    const solved: SolvedProblemDto[] = rows
      .filter((r) => r.acceptedAt)
      .map((r) => ({
        problemId: r.problemId,
        problemTitle: r.problemTitle,
        acceptedAt: (r.acceptedAt as Date).toISOString(),
        latestAcceptedSubmissionId: r.latestAcceptedSubmissionId as string,
      }));
    const attempted: AttemptedProblemDto[] = rows
      .filter((r) => !r.acceptedAt)
      .map((r) => ({ problemId: r.problemId, problemTitle: r.problemTitle, lastTriedAt: r.lastTriedAt.toISOString() }));
    return {
      user: {
        id: user.id,
        username: user.username,
        profilePublic: user.profilePublic,
        profile: { displayName: user.displayName, bio: user.bio, avatarUrl: user.avatarUrl },
      },
      solved,
      attempted,
      year,
      heatmap,
      recentAccepted,
      languages,
    };
  }
}
