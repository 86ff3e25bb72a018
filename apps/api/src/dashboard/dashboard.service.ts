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

  /** One item per UTC day with activity. */
  heatmap(userId: string, year: number): Promise<HeatmapItemDto[]> {
    return this.queries.heatmap(userId, year);
  }

  /** Solved and attempted problems of a user; a private profile is only for its owner and admins. */
  async forUser(username: string, viewer: AuthUser | undefined): Promise<UserDashboardDto> {
    if (!USERNAME_PATTERN.test(username)) throw ApiException.notFound('User not found.');
    const user = await this.queries.userByName(username);
    if (!user) throw ApiException.notFound('User not found.');
    if (!canSeeProfile(user, viewer)) throw ApiException.forbidden('This profile is private.');
    const rows = await this.queries.triedProblems(user.id, viewer);
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
    };
  }
}
