import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser, OptionalAuth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ProblemUpdateListDto, ProblemUpdateQueryDto } from './dto/problem-update.dto';
import { ProblemUpdatesService } from './problem-updates.service';

@ApiTags('problem-updates')
@Controller('problem-updates')
export class ProblemUpdatesController {
  constructor(private readonly updates: ProblemUpdatesService) {}

  @Get()
  @OptionalAuth()
  @ApiOkResponse({ type: ProblemUpdateListDto })
  async listProblemUpdates(
    @CurrentUser() viewer: AuthUser | undefined,
    @Query() query: ProblemUpdateQueryDto,
  ): Promise<ProblemUpdateListDto> {
    return { items: await this.updates.list(viewer, query.limit) };
  }
}
