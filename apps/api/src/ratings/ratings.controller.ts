import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser, OptionalAuth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ContestIdPipe } from '../contests/contest-id.pipe';
import { ContestRatingChangeDto, RatingHistoryEntryDto, RatingLeaderboardDto, RatingsQueryDto } from './dto/ratings.dto';
import { RatingsService } from './ratings.service';

@ApiTags('ratings')
@Controller()
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @Get('ratings')
  @OptionalAuth()
  @ApiOkResponse({ type: RatingLeaderboardDto })
  leaderboard(@CurrentUser() viewer: AuthUser | undefined, @Query() query: RatingsQueryDto): Promise<RatingLeaderboardDto> {
    return this.ratings.leaderboard(query.page, query.limit, query.usernames ? query.usernames.split(',') : null, viewer);
  }

  @Get('users/:username/ratings')
  @OptionalAuth()
  @ApiOkResponse({ type: [RatingHistoryEntryDto], description: 'Oldest first' })
  @ApiForbiddenResponse({ description: 'This profile is private.' })
  @ApiNotFoundResponse({ description: 'User not found.' })
  history(@CurrentUser() viewer: AuthUser | undefined, @Param('username') username: string): Promise<RatingHistoryEntryDto[]> {
    return this.ratings.history(username, viewer);
  }

  @Get('contests/:contestId/rating-changes')
  @OptionalAuth()
  @ApiOkResponse({ type: [ContestRatingChangeDto], description: 'Empty until the ratings are computed' })
  @ApiNotFoundResponse({ description: 'Contest not found.' })
  contestChanges(
    @CurrentUser() caller: AuthUser | undefined,
    @Param('contestId', ContestIdPipe) contestId: number,
  ): Promise<ContestRatingChangeDto[]> {
    return this.ratings.contestChanges(contestId, caller);
  }
}
