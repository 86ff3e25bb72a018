import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { Auth, CurrentUser, OptionalAuth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { DashboardService } from './dashboard.service';
import { DashboardSummaryDto, HeatmapDto, UserDashboardDto, YearQueryDto } from './dto/dashboard.dto';

const currentYear = () => new Date().getUTCFullYear();

@ApiTags('dashboard')
@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('dashboard/me/summary')
  @Auth()
  @ApiOkResponse({ type: DashboardSummaryDto })
  getMySummary(@CurrentUser() user: AuthUser, @Query() query: YearQueryDto): Promise<DashboardSummaryDto> {
    return this.dashboard.summary(user.id, query.year ?? currentYear());
  }

  @Get('dashboard/me/heatmap')
  @Auth()
  @ApiOkResponse({ type: HeatmapDto })
  async getMyHeatmap(@CurrentUser() user: AuthUser, @Query() query: YearQueryDto): Promise<HeatmapDto> {
    return { items: await this.dashboard.heatmap(user, query.year ?? currentYear()) };
  }

  @Get('users/:username/dashboard')
  @OptionalAuth()
  @ApiOkResponse({ type: UserDashboardDto })
  @ApiForbiddenResponse({ description: 'This profile is private.' })
  @ApiNotFoundResponse({ description: 'User not found.' })
  getUserDashboard(
    @CurrentUser() viewer: AuthUser | undefined,
    @Param('username') username: string,
    @Query() query: YearQueryDto,
  ): Promise<UserDashboardDto> {
    return this.dashboard.forUser(username, viewer, query.year ?? currentYear());
  }
}
