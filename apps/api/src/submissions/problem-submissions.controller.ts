import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';

import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { LiveService } from '../live/live.service';
import { ProblemIdPipe } from '../problems/problem-id.pipe';
import { ProblemsService } from '../problems/problems.service';
import { liveStreamResponse } from './dto/live-stream.example';
import { ProblemSubmissionsQueryDto, UpdatesQueryDto } from './dto/submission-query.dto';
import { PagedSubmissionsDto, SubmissionUpdatesDto } from './dto/submission-response.dto';
import { pagedResponse } from './paged-response';
import { SubmissionQueries } from './submission-queries';

/** The Submissions panel of a problem page: its list, its live stream and its fallback poll. */
@ApiTags('submissions')
@Controller('problems/:problemId/submissions')
@Auth()
export class ProblemSubmissionsController {
  constructor(
    private readonly problems: ProblemsService,
    private readonly queries: SubmissionQueries,
    private readonly live: LiveService,
  ) {}

  @Get()
  @ApiOkResponse({ type: PagedSubmissionsDto })
  async listProblemSubmissions(
    @CurrentUser() user: AuthUser,
    @Param('problemId', ProblemIdPipe) problemId: number,
    @Query() query: ProblemSubmissionsQueryDto,
  ): Promise<PagedSubmissionsDto> {
    await this.problems.findVisibleProblemRef(problemId, user);
    const filter = { problemId, ...(query.scope === 'mine' ? { userId: user.id } : {}) };
    return { ...pagedResponse(await this.queries.page(user, filter, query.page, query.limit), query), scope: query.scope };
  }

  @Get('stream')
  @ApiOkResponse(liveStreamResponse("Server-sent events of this problem's submissions"))
  @ApiTooManyRequestsResponse({ description: 'Too many streams open for this account or from this address' })
  async streamProblemSubmissions(
    @CurrentUser() user: AuthUser,
    @Param('problemId', ProblemIdPipe) problemId: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.problems.findVisibleProblemRef(problemId, user);
    this.live.open(res, user, problemId);
  }

  @Get('updates')
  @ApiOkResponse({ type: SubmissionUpdatesDto })
  async listProblemSubmissionUpdates(
    @CurrentUser() user: AuthUser,
    @Param('problemId', ProblemIdPipe) problemId: number,
    @Query() query: UpdatesQueryDto,
  ): Promise<SubmissionUpdatesDto> {
    await this.problems.findVisibleProblemRef(problemId, user);
    return { items: await this.queries.changedSince(user, { problemId, updatedAfter: new Date(query.since) }) };
  }
}
