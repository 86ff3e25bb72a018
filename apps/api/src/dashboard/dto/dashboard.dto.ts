import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AttemptedProblem,
  DashboardSummary,
  HeatmapDay,
  ItemList,
  LanguageUsage,
  PROFILE_RECENT_ACCEPTED,
  PublicUser,
  RecentAccepted,
  SolvedProblem,
  UserDashboard,
} from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { UserProfileDto } from '../../users/dto/user-response.dto';

export class YearQueryDto {
  @ApiPropertyOptional({ description: 'UTC calendar year; default the current one' })
  @Omittable()
  @Max(9999, { message: 'year must be a four-digit year.' })
  @Min(1970, { message: 'year must be a four-digit year.' })
  @IsInt({ message: 'year must be a four-digit year.' })
  @Type(() => Number)
  year?: number;
}

export class DashboardSummaryDto implements DashboardSummary {
  @ApiProperty({ example: 48 }) totalSubmissions: number;
  @ApiProperty({ example: 31 }) totalAC: number;
  @ApiProperty({ example: 10 }) totalWA: number;
  @ApiProperty({ example: 4 }) totalTLE: number;
  @ApiProperty({ example: 0, description: 'Output Limit Exceeded' }) totalOLE: number;
  @ApiProperty({ example: 1 }) totalRTE: number;
  @ApiProperty({ example: 2 }) totalCE: number;
}

export class HeatmapItemDto implements HeatmapDay {
  @ApiProperty({ example: '2026-11-23' }) date: string;
  @ApiProperty({ example: 5 }) submitCount: number;
  @ApiProperty({ example: 2 }) acCount: number;
}

export class HeatmapDto implements ItemList<HeatmapDay> {
  @ApiProperty({ type: [HeatmapItemDto] }) items: HeatmapItemDto[];
}

export class PublicUserDto implements PublicUser {
  @ApiProperty({ example: 'c3a1e7f2-9d4b-4a6e-8f21-7e5d3c2b1a09', format: 'uuid' }) id: string;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: true }) profilePublic: boolean;
  @ApiProperty({ type: UserProfileDto }) profile: UserProfileDto;
}

export class SolvedProblemDto implements SolvedProblem {
  @ApiProperty({ example: 1001 }) problemId: number;
  @ApiProperty({ example: 'A + B' }) problemTitle: string;
  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time', description: 'First accepted submission' }) acceptedAt: string;
  @ApiProperty({ example: '0b7d6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' }) latestAcceptedSubmissionId: string;
}

export class AttemptedProblemDto implements AttemptedProblem {
  @ApiProperty({ example: 1001 }) problemId: number;
  @ApiProperty({ example: 'A + B' }) problemTitle: string;
  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' }) lastTriedAt: string;
}

export class RecentAcceptedDto implements RecentAccepted {
  @ApiProperty({ example: '0b7d6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' }) submissionId: string;
  @ApiProperty({ example: 1001 }) problemId: number;
  @ApiProperty({ example: 'A + B' }) problemTitle: string;
  @ApiProperty({ example: 71 }) languageId: number;
  @ApiProperty({ example: 'Python (3.11.2)' }) language: string;
  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' }) submittedAt: string;
}

export class LanguageUsageDto implements LanguageUsage {
  @ApiProperty({ example: 71 }) languageId: number;
  @ApiProperty({ example: 'Python (3.11.2)', description: 'The name of its latest toolchain' }) language: string;
  @ApiProperty({ example: 42 }) submissions: number;
  @ApiProperty({ example: 30 }) accepted: number;
}

/**
 * A user's profile. Every part but `user` counts only the submissions the viewer may see, with a result a contest's
 * freeze hides from the viewer counted as not accepted.
 */
export class UserDashboardDto implements UserDashboard {
  @ApiProperty({ type: PublicUserDto }) user: PublicUserDto;
  @ApiProperty({ type: [SolvedProblemDto] }) solved: SolvedProblemDto[];
  @ApiProperty({ type: [AttemptedProblemDto] }) attempted: AttemptedProblemDto[];
  @ApiProperty({ example: 2026, description: 'The UTC year of `heatmap`' }) year: number;
  @ApiProperty({ type: [HeatmapItemDto], description: 'One item per UTC day of `year` with activity' }) heatmap: HeatmapItemDto[];
  @ApiProperty({ type: [RecentAcceptedDto], description: `The latest ${PROFILE_RECENT_ACCEPTED} accepted submissions, newest first` })
  recentAccepted: RecentAcceptedDto[];
  @ApiProperty({ type: [LanguageUsageDto], description: 'Per language, most used first' }) languages: LanguageUsageDto[];
}
