import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';

import { OptionalAuth } from '../auth/auth.decorators';
import { ContestIdPipe } from '../contests/contest-id.pipe';
import { ContestsService } from '../contests/contests.service';
import { ClicsService } from './clics.service';
import { ClicsAccessGuard, type ClicsReader } from './clics-access.guard';
import { ClicsEventFeedService } from './clics-event-feed.service';
import { Reader } from './clics-reader.decorator';
import { clicsResponse, EVENT_FEED_EXAMPLE } from './dto/clics-examples';
import { EventFeedQueryDto } from './dto/event-feed-query.dto';

/**
 * The CLICS Contest API (2023-06), read-only, for the ICPC tools. Admins read it with their own token, tools with a
 * contest's CLICS token (ClicsAccessGuard); the global guard only recognises an admin's JWT here (@OptionalAuth).
 */
@ApiTags('clics')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No token, or an unknown or revoked one.' })
@ApiForbiddenResponse({ description: 'Not an admin, or a token of another contest.' })
@ApiNotFoundResponse({ description: 'Contest not found.' })
@OptionalAuth()
@UseGuards(ClicsAccessGuard)
@Controller('clics/contests/:contestId')
export class ClicsController {
  constructor(
    private readonly clics: ClicsService,
    private readonly feed: ClicsEventFeedService,
    private readonly contests: ContestsService,
  ) {}

  @Get()
  @ApiOkResponse(clicsResponse('contest', 'The contest.'))
  async contest(@Param('contestId', ContestIdPipe) contestId: number) {
    return this.clics.contestOf(await this.contests.find(contestId));
  }

  @Get('judgement-types')
  @ApiOkResponse(clicsResponse('judgement-types', 'The judgement types our verdicts map to.'))
  async judgementTypes(@Param('contestId', ContestIdPipe) contestId: number) {
    await this.contests.find(contestId);
    return this.clics.judgementTypes();
  }

  @Get('languages')
  @ApiOkResponse(clicsResponse('languages', 'The engine’s languages, and any other a submission of the contest used.'))
  async languages(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader) {
    return (await this.clics.snapshot(contestId, reader.viewer)).languages;
  }

  @Get('problems')
  @ApiOkResponse(clicsResponse('problems', 'The contest’s problems in order.'))
  async problems(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader) {
    return (await this.clics.snapshot(contestId, reader.viewer)).problems.map((p) => p.data);
  }

  @Get('teams')
  @ApiOkResponse(clicsResponse('teams', 'One team per official participant.'))
  async teams(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader) {
    return (await this.clics.snapshot(contestId, reader.viewer)).teams.map((t) => t.data);
  }

  @Get('submissions')
  @ApiOkResponse(clicsResponse('submissions', 'The official participants’ submissions (no files: sources stay here).'))
  async submissions(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader) {
    return (await this.clics.snapshot(contestId, reader.viewer)).submissions.map((s) => s.data);
  }

  @Get('judgements')
  @ApiOkResponse(
    clicsResponse(
      'judgements',
      'The current judgement of each submission (a rejudge makes a new one, with a new id); pending (no type, no end) while the freeze hides it from the reader.',
    ),
  )
  async judgements(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader) {
    return (await this.clics.snapshot(contestId, reader.viewer)).judgements.map((j) => j.data);
  }

  @Get('runs')
  @ApiOkResponse(clicsResponse('runs', 'The tests run of each judgement the reader may see.'))
  async runs(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader) {
    return (await this.clics.snapshot(contestId, reader.viewer)).runs.map((r) => r.data);
  }

  @Get('scoreboard')
  @ApiOkResponse(clicsResponse('scoreboard', 'The board as the reader sees it: the public fold while frozen for a public token.'))
  scoreboard(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader) {
    return this.clics.scoreboard(contestId, reader.viewer);
  }

  @Get('state')
  @ApiOkResponse(clicsResponse('state', 'When the contest started, froze, ended, thawed and was finalized.'))
  async state(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader) {
    return this.clics.stateOfSnapshot(await this.clics.snapshot(contestId, reader.viewer));
  }

  @Get('event-feed')
  @ApiTooManyRequestsResponse({ description: 'Too many event feeds open for this reader or from this address (RATE_LIMITED).' })
  @ApiOkResponse({
    description:
      'NDJSON notifications `{type, id, data, token}`, streamed: new events as they happen, a newline as heartbeat, ' +
      'ending after the contest’s end of updates. Resume with `since_token`. Open feeds count against the live ' +
      'stream caps (LIVE_STREAMS_PER_USER per admin or token, LIVE_STREAMS_PER_IP per address): past one, 429.',
    content: { 'application/x-ndjson': { schema: { type: 'string' }, example: EVENT_FEED_EXAMPLE } },
  })
  eventFeed(
    @Param('contestId', ContestIdPipe) contestId: number,
    @Reader() reader: ClicsReader,
    @Query() query: EventFeedQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    return this.feed.stream(res, contestId, reader, query.since_token, query.stream ?? true);
  }
}
