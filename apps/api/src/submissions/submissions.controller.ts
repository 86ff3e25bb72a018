import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';

import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { LiveService } from '../live/live.service';
import { CreateSubmissionDto, SubmissionIdDto } from './dto/create-submission.dto';
import { liveStreamResponse } from './dto/live-stream.example';
import { PageQueryDto, SubmissionFilterQueryDto, UpdatesQueryDto } from './dto/submission-query.dto';
import { PagedSubmissionsDto, SubmissionEnvelopeDto, SubmissionUpdatesDto } from './dto/submission-response.dto';
import { pagedResponse } from './paged-response';
import { SubmissionQueries } from './submission-queries';
import { SubmissionsService } from './submissions.service';

@ApiTags('submissions')
@Controller('submissions')
@Auth()
export class SubmissionsController {
  constructor(
    private readonly submissions: SubmissionsService,
    private readonly queries: SubmissionQueries,
    private readonly live: LiveService,
  ) {}

  @Post()
  @JsonBody()
  @ApiCreatedResponse({ type: SubmissionIdDto })
  @ApiTooManyRequestsResponse({ description: 'Submitting too fast, or too many waiting' })
  async createSubmission(@CurrentUser() user: AuthUser, @Body() dto: CreateSubmissionDto): Promise<SubmissionIdDto> {
    return { submissionId: await this.submissions.create(user, dto) };
  }

  @Get()
  @ApiOkResponse({ type: PagedSubmissionsDto })
  async listSubmissions(@CurrentUser() user: AuthUser, @Query() query: SubmissionFilterQueryDto): Promise<PagedSubmissionsDto> {
    return pagedResponse(await this.queries.page(user, query, query.page, query.limit), query);
  }

  @Get('mine')
  @ApiOkResponse({ type: PagedSubmissionsDto })
  async listMySubmissions(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto): Promise<PagedSubmissionsDto> {
    return { ...pagedResponse(await this.queries.page(user, { userId: user.id }, query.page, query.limit), query), scope: 'mine' };
  }

  @Get('stream')
  @ApiOkResponse(liveStreamResponse('Server-sent events: `data:` live events with `id:`, and `event: heartbeat` every 20 s'))
  @ApiTooManyRequestsResponse({ description: 'Too many streams open for this account or from this address' })
  streamSubmissions(@CurrentUser() user: AuthUser, @Res() res: Response): void {
    this.live.open(res, user);
  }

  @Get('updates')
  @ApiOkResponse({ type: SubmissionUpdatesDto })
  async listSubmissionUpdates(@CurrentUser() user: AuthUser, @Query() query: UpdatesQueryDto): Promise<SubmissionUpdatesDto> {
    return { items: await this.queries.changedSince(user, { updatedAfter: new Date(query.since) }) };
  }

  @Get(':id')
  @ApiOkResponse({ type: SubmissionEnvelopeDto })
  @ApiNotFoundResponse()
  async getSubmission(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<SubmissionEnvelopeDto> {
    return { submission: await this.submissions.get(user, id) };
  }

  @Post(':id/resubmit')
  @ApiCreatedResponse({ type: SubmissionIdDto })
  async resubmitSubmission(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<SubmissionIdDto> {
    return { submissionId: await this.submissions.resubmit(user, id) };
  }
}
