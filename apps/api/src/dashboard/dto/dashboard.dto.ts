import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { UserProfileDto } from '../../users/dto/user-response.dto';

export class YearQueryDto {
  @ApiPropertyOptional({ description: 'UTC calendar year; default the current one' })
  @IsOptional()
  @Max(9999, { message: 'year must be a four-digit year.' })
  @Min(1970, { message: 'year must be a four-digit year.' })
  @IsInt({ message: 'year must be a four-digit year.' })
  @Type(() => Number)
  year?: number;
}

export class DashboardSummaryDto {
  @ApiProperty() totalSubmissions: number;
  @ApiProperty() totalAC: number;
  @ApiProperty() totalWA: number;
  @ApiProperty() totalTLE: number;
  @ApiProperty() totalRTE: number;
  @ApiProperty() totalCE: number;
}

export class HeatmapItemDto {
  @ApiProperty({ example: '2026-11-23' }) date: string;
  @ApiProperty() submitCount: number;
  @ApiProperty() acCount: number;
}

export class HeatmapDto {
  @ApiProperty({ type: [HeatmapItemDto] }) items: HeatmapItemDto[];
}

export class PublicUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() profilePublic: boolean;
  @ApiProperty({ type: UserProfileDto }) profile: UserProfileDto;
}

export class SolvedProblemDto {
  @ApiProperty() problemId: number;
  @ApiProperty() problemTitle: string;
  @ApiProperty({ format: 'date-time', description: 'First accepted submission' }) acceptedAt: string;
  @ApiProperty({ format: 'uuid' }) latestAcceptedSubmissionId: string;
}

export class AttemptedProblemDto {
  @ApiProperty() problemId: number;
  @ApiProperty() problemTitle: string;
  @ApiProperty({ format: 'date-time' }) lastTriedAt: string;
}

export class UserDashboardDto {
  @ApiProperty({ type: PublicUserDto }) user: PublicUserDto;
  @ApiProperty({ type: [SolvedProblemDto] }) solved: SolvedProblemDto[];
  @ApiProperty({ type: [AttemptedProblemDto] }) attempted: AttemptedProblemDto[];
}
