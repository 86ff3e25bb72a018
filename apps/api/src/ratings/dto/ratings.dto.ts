import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import type { ContestRatingChange, RatingHistoryEntry, RatingLeaderboardRow } from '@oj/contracts';
import { IsString, Matches } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { PageQueryDto } from '../../submissions/dto/submission-query.dto';

/** Names a list may ask about at once: a page of a board or of submissions. */
export const MAX_RATING_USERNAMES = 100;
const USERNAMES_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,32}(,[A-Za-z0-9_.-]{1,32}){0,${MAX_RATING_USERNAMES - 1}}$`);

export class RatingsQueryDto extends PickType(PageQueryDto, ['page', 'limit'] as const) {
  @ApiPropertyOptional({
    example: 'alice,bob',
    description: `Comma-separated usernames (up to ${MAX_RATING_USERNAMES}): only their rows, ranked on the whole leaderboard; the SPA colours names by tier with it`,
  })
  @Omittable()
  @Matches(USERNAMES_PATTERN, { message: `usernames must be up to ${MAX_RATING_USERNAMES} usernames separated by commas.` })
  @IsString({ message: `usernames must be up to ${MAX_RATING_USERNAMES} usernames separated by commas.` })
  usernames?: string;
}

export class RatingLeaderboardRowDto implements RatingLeaderboardRow {
  @ApiProperty({ example: 1, description: 'Shared by equal ratings (1, 2, 2, 4)' })
  rank: number;

  @ApiProperty({ example: 'alice' })
  username: string;

  @ApiProperty({ example: 1834, description: 'Displayed Elo-MMR rating: μ − 3(σ − 80), rounded' })
  rating: number;

  @ApiProperty({ example: 1902, description: 'The best displayed rating after any rated contest' })
  maxRating: number;

  @ApiProperty({ example: 7, description: 'Rated contests played' })
  contests: number;
}

export class RatingLeaderboardDto {
  @ApiProperty({ type: [RatingLeaderboardRowDto] })
  items: RatingLeaderboardRowDto[];

  @ApiProperty({ example: 120 })
  total: number;
}

export class RatingHistoryEntryDto implements RatingHistoryEntry {
  @ApiProperty({ example: 3 })
  contestId: number;

  @ApiProperty({ example: 'Spring Round 1' })
  title: string;

  @ApiProperty({ example: '2025-06-01T12:00:00.000Z', format: 'date-time' })
  endedAt: string;

  @ApiProperty({ example: 4, description: "The participant's rank on the final board" })
  rank: number;

  @ApiProperty({ example: 1690 })
  oldRating: number;

  @ApiProperty({ example: 1734 })
  newRating: number;

  @ApiProperty({ example: 1862, description: 'Elo-MMR performance: the skill that best explains this rank, rounded' })
  performance: number;
}

export class ContestRatingChangeDto implements ContestRatingChange {
  @ApiProperty({ example: 'alice' })
  username: string;

  @ApiProperty({ example: 1 })
  rank: number;

  @ApiProperty({ example: 1690 })
  oldRating: number;

  @ApiProperty({ example: 1734 })
  newRating: number;
}
