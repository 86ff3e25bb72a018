import { applyDecorators, Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';

import { OptionalAuth } from '../auth/auth.decorators';
import { ContestIdPipe } from '../contests/contest-id.pipe';
import { ContestsService } from '../contests/contests.service';
import { type ClicsFilters, ClicsService, ID_FILTERS } from './clics.service';
import { ClicsAccessGuard } from './clics-access.guard';
import { ClicsEventFeedService } from './clics-event-feed.service';
import { Reader } from './clics-reader.decorator';
import type { ClicsReader } from './clics-readers.service';
import { clicsResponse, EVENT_FEED_EXAMPLE } from './dto/clics-examples';
import { EventFeedQueryDto } from './dto/event-feed-query.dto';

/** A collection's filters: its ID properties, each matched exactly (an empty value matches none set). */
function FilteredBy(...properties: string[]) {
  return applyDecorators(
    ...properties.map((name) => ApiQuery({ name, required: false, type: String, description: `Only the objects whose ${name} is this.` })),
  );
}

/** The API information (2023-06: `GET /api/clics`, public) and the contests the reader may read. */
@ApiTags('clics')
@Controller('clics')
export class ClicsApiController {
  constructor(private readonly clics: ClicsService) {}

  @Get()
  @ApiOkResponse(clicsResponse('api', 'The version of the CLICS Contest API spoken here (2023-06) and who provides it.'))
  info() {
    return this.clics.apiInfo();
  }

  @Get('contests')
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'No token, or an unknown or revoked one.' })
  @ApiForbiddenResponse({ description: 'Signed in, but not an admin.' })
  @ApiOkResponse(clicsResponse('contests', 'The contests the reader may read: a token’s own, or every one for an admin.'))
  @OptionalAuth()
  @UseGuards(ClicsAccessGuard)
  contests(@Reader() reader: ClicsReader) {
    return this.clics.contestsOf(reader);
  }
}

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

  @Get('access')
  @ApiOkResponse(clicsResponse('access', 'What the reader may do (nothing: read-only) and the endpoints and properties served.'))
  access(@Param('contestId', ContestIdPipe) contestId: number) {
    return this.clics.accessOf(contestId);
  }

  @Get('judgement-types')
  @ApiOkResponse(clicsResponse('judgement-types', 'The judgement types our verdicts map to.'))
  judgementTypes(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Query() query: ClicsFilters) {
    return this.clics.collection(contestId, reader.viewer, 'judgement-types', query);
  }

  @Get('judgement-types/:id')
  @ApiOkResponse(clicsResponse('judgement-type', 'One judgement type.'))
  judgementType(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Param('id') id: string) {
    return this.clics.objectOf(contestId, reader.viewer, 'judgement-types', id);
  }

  @Get('languages')
  @ApiOkResponse(clicsResponse('languages', 'The engine’s languages, and any other a submission of the contest used.'))
  languages(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Query() query: ClicsFilters) {
    return this.clics.collection(contestId, reader.viewer, 'languages', query);
  }

  @Get('languages/:id')
  @ApiOkResponse(clicsResponse('language', 'One language.'))
  language(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Param('id') id: string) {
    return this.clics.objectOf(contestId, reader.viewer, 'languages', id);
  }

  @Get('problems')
  @ApiOkResponse(
    clicsResponse(
      'problems',
      'The contest’s problems in order; a title the reader may not read yet (a guest’s, before the end) is its label.',
    ),
  )
  problems(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Query() query: ClicsFilters) {
    return this.clics.collection(contestId, reader.viewer, 'problems', query);
  }

  @Get('problems/:id')
  @ApiOkResponse(clicsResponse('problem', 'One problem.'))
  problem(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Param('id') id: string) {
    return this.clics.objectOf(contestId, reader.viewer, 'problems', id);
  }

  @Get('teams')
  @ApiOkResponse(clicsResponse('teams', 'One team per official participant.'))
  teams(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Query() query: ClicsFilters) {
    return this.clics.collection(contestId, reader.viewer, 'teams', query);
  }

  @Get('teams/:id')
  @ApiOkResponse(clicsResponse('team', 'One team.'))
  team(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Param('id') id: string) {
    return this.clics.objectOf(contestId, reader.viewer, 'teams', id);
  }

  @Get('submissions')
  @FilteredBy(...ID_FILTERS.submissions)
  @ApiOkResponse(
    clicsResponse(
      'submissions',
      'The official participants’ submissions (no files: sources stay here); filter with language_id, problem_id, team_id.',
    ),
  )
  submissions(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Query() query: ClicsFilters) {
    return this.clics.collection(contestId, reader.viewer, 'submissions', query);
  }

  @Get('submissions/:id')
  @ApiOkResponse(clicsResponse('submission', 'One submission.'))
  submission(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Param('id') id: string) {
    return this.clics.objectOf(contestId, reader.viewer, 'submissions', id);
  }

  @Get('judgements')
  @FilteredBy(...ID_FILTERS.judgements)
  @ApiOkResponse(
    clicsResponse(
      'judgements',
      'The current judgement of each submission (a rejudge makes a new one, with a new id); pending (no type, no end, begun when it was asked for) while the freeze hides it from the reader. Filter with submission_id, judgement_type_id.',
    ),
  )
  judgements(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Query() query: ClicsFilters) {
    return this.clics.collection(contestId, reader.viewer, 'judgements', query);
  }

  @Get('judgements/:id')
  @ApiOkResponse(clicsResponse('judgement', 'One judgement.'))
  judgement(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Param('id') id: string) {
    return this.clics.objectOf(contestId, reader.viewer, 'judgements', id);
  }

  @Get('runs')
  @FilteredBy(...ID_FILTERS.runs)
  @ApiOkResponse(
    clicsResponse(
      'runs',
      'The tests run of each judgement whose per-test results the reader may see (others’: from the end on, the freeze lifted). Filter with judgement_id, judgement_type_id.',
    ),
  )
  runs(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Query() query: ClicsFilters) {
    return this.clics.collection(contestId, reader.viewer, 'runs', query);
  }

  @Get('runs/:id')
  @ApiOkResponse(clicsResponse('run', 'One run.'))
  run(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Param('id') id: string) {
    return this.clics.objectOf(contestId, reader.viewer, 'runs', id);
  }

  @Get('clarifications')
  @FilteredBy(...ID_FILTERS.clarifications)
  @ApiOkResponse(
    clicsResponse(
      'clarifications',
      'Questions, answers (replying to their question) and notices, as the SPA shows them to the reader: a public token the public answers and notices from the end on, unsigned.',
    ),
  )
  clarifications(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Query() query: ClicsFilters) {
    return this.clics.collection(contestId, reader.viewer, 'clarifications', query);
  }

  @Get('clarifications/:id')
  @ApiOkResponse(clicsResponse('clarification', 'One clarification.'))
  clarification(@Param('contestId', ContestIdPipe) contestId: number, @Reader() reader: ClicsReader, @Param('id') id: string) {
    return this.clics.objectOf(contestId, reader.viewer, 'clarifications', id);
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
