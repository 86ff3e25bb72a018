import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Paged, SubmissionRow } from '@oj/contracts';
import type { Request, Response } from 'express';

import { Auth, CurrentUser, OptionalAuth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { JsonText, JsonTextResponse } from '../common/json-text';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { ProblemDto } from '../problems/dto/problem-response.dto';
import { PagedSubmissionsDto } from '../submissions/dto/submission-response.dto';
import { ContestIdPipe } from './contest-id.pipe';
import { ContestSubmissionsService } from './contest-submissions.service';
import { ContestsService } from './contests.service';
import { ContestInputDto, ContestParticipantInputDto, ContestRegistrationDto } from './dto/contest-input.dto';
import { ContestListQueryDto, ContestSubmissionsQueryDto, ScoreboardQueryDto } from './dto/contest-query.dto';
import {
  ContestDto,
  ContestListDto,
  ContestParticipantDto,
  FirstSolverDto,
  ProblemTotalDto,
  ScoreboardCellDto,
  ScoreboardDto,
} from './dto/contest-response.dto';
import { contestStreamResponse } from './dto/contest-stream.example';
import { ScoreboardService } from './scoreboard/scoreboard.service';
import { ScoreboardStreamService } from './scoreboard/scoreboard-stream.service';

@ApiTags('contests')
@ApiExtraModels(ScoreboardCellDto, FirstSolverDto, ProblemTotalDto)
@Controller('contests')
export class ContestsController {
  constructor(
    private readonly contests: ContestsService,
    private readonly scoreboard: ScoreboardService,
    private readonly submissions: ContestSubmissionsService,
    private readonly stream: ScoreboardStreamService,
  ) {}

  @Get()
  @OptionalAuth()
  @ApiOkResponse({ type: ContestListDto })
  listContests(@CurrentUser() user: AuthUser | undefined, @Query() query: ContestListQueryDto): Promise<ContestListDto> {
    return this.contests.list(query, user);
  }

  @Post()
  @Auth('admin')
  @JsonBody()
  @ApiCreatedResponse({ type: ContestDto })
  createContest(@Body() dto: ContestInputDto): Promise<ContestDto> {
    return this.contests.create(dto);
  }

  @Get(':contestId')
  @OptionalAuth()
  @ApiOkResponse({ type: ContestDto })
  @ApiNotFoundResponse({ description: 'Contest not found.' })
  getContest(@CurrentUser() user: AuthUser | undefined, @Param('contestId', ContestIdPipe) contestId: number): Promise<ContestDto> {
    return this.contests.get(contestId, user);
  }

  @Get(':contestId/calendar.ics')
  @OptionalAuth()
  @ApiProduces('text/calendar')
  @ApiOkResponse({
    description: 'The contest as an iCalendar (RFC 5545) event: start and end in UTC, its title, a link to its page',
    schema: { type: 'string', example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n' },
  })
  @ApiNotFoundResponse({ description: 'Contest not found.' })
  async getContestCalendar(
    @CurrentUser() user: AuthUser | undefined,
    @Param('contestId', ContestIdPipe) contestId: number,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const calendar = await this.contests.calendar(contestId, user, `${req.protocol}://${req.get('host')}`);
    res.type('text/calendar; charset=utf-8').attachment(`contest-${contestId}.ics`);
    return calendar;
  }

  @Put(':contestId')
  @Auth('admin')
  @JsonBody()
  @ApiOkResponse({ type: ContestDto })
  updateContest(@Param('contestId', ContestIdPipe) contestId: number, @Body() dto: ContestInputDto): Promise<ContestDto> {
    return this.contests.update(contestId, dto);
  }

  @Delete(':contestId')
  @HttpCode(204)
  @Auth('admin')
  @ApiNoContentResponse()
  deleteContest(@Param('contestId', ContestIdPipe) contestId: number): Promise<void> {
    return this.contests.remove(contestId);
  }

  @Post(':contestId/register')
  @HttpCode(200)
  @Auth()
  @JsonBody()
  @ApiOkResponse({ type: ContestDto })
  @ApiForbiddenResponse({
    description: 'Wrong access code, the contest has ended, or it is invitation-only (private without a code: admins add participants).',
  })
  @ApiTooManyRequestsResponse({
    description:
      'Too many wrong access codes from this account or address (ACCESS_CODE_FAILURES_PER_ACCOUNT / _PER_ADDRESS in 15 minutes): Retry-After',
  })
  // Not `register`: the method name is the operation id, and auth's sign-up already has that one.
  registerForContest(
    @CurrentUser() user: AuthUser,
    @Param('contestId', ContestIdPipe) contestId: number,
    @Ip() address: string | undefined,
    @Body() dto: ContestRegistrationDto,
  ): Promise<ContestDto> {
    return this.contests.register(contestId, user, address ?? 'unknown', dto?.accessCode);
  }

  @Post(':contestId/participants')
  @HttpCode(200)
  @Auth('admin')
  @JsonBody()
  @ApiOkResponse({
    type: ContestParticipantDto,
    description: 'The user is registered (or already was), whatever the access code: how an invitation-only contest gets participants',
  })
  @ApiNotFoundResponse({ description: 'No such contest, or no user of that name.' })
  @ApiForbiddenResponse({ description: 'The contest has ended.' })
  addContestParticipant(
    @Param('contestId', ContestIdPipe) contestId: number,
    @Body() dto: ContestParticipantInputDto,
  ): Promise<ContestParticipantDto> {
    return this.contests.addParticipant(contestId, dto.username);
  }

  @Post(':contestId/start')
  @HttpCode(200)
  @Auth()
  @ApiOkResponse({ type: ContestDto })
  @ApiForbiddenResponse({ description: 'Not registered, or outside the contest.' })
  start(@CurrentUser() user: AuthUser, @Param('contestId', ContestIdPipe) contestId: number): Promise<ContestDto> {
    return this.contests.start(contestId, user);
  }

  @Post(':contestId/unfreeze')
  @HttpCode(200)
  @Auth('admin')
  @ApiOkResponse({ type: ContestDto })
  unfreeze(@Param('contestId', ContestIdPipe) contestId: number): Promise<ContestDto> {
    return this.contests.unfreeze(contestId);
  }

  @Get(':contestId/problems/:label')
  @OptionalAuth()
  @ApiOkResponse({ type: ProblemDto })
  @ApiNotFoundResponse({ description: 'No such problem, or not readable by the caller yet.' })
  getContestProblem(
    @CurrentUser() user: AuthUser | undefined,
    @Param('contestId', ContestIdPipe) contestId: number,
    @Param('label') label: string,
  ): Promise<ProblemDto> {
    return this.contests.problem(contestId, label, user);
  }

  @Get(':contestId/scoreboard')
  @OptionalAuth()
  @JsonTextResponse()
  @ApiOkResponse({ type: ScoreboardDto })
  getScoreboard(
    @CurrentUser() user: AuthUser | undefined,
    @Param('contestId', ContestIdPipe) contestId: number,
    @Query() query: ScoreboardQueryDto,
  ): Promise<JsonText<ScoreboardDto>> {
    return this.scoreboard.read(contestId, user, query.page, query.limit, query.user, query.virtual);
  }

  @Get(':contestId/scoreboard/stream')
  @OptionalAuth()
  @ApiOkResponse(
    contestStreamResponse(
      'Server-sent events, for guests too (the public view, as a projector shows it): ' +
        '`data:` contest events with `id:` (`eventType` `row`: a board row as the caller may see it; ' +
        '`clarification`: an answer or a notice; `board`: the board changed as a whole, `change` `unfrozen`, `edited` or ' +
        '`deleted`, read it again), and `event: heartbeat` every 20 s',
    ),
  )
  @ApiTooManyRequestsResponse({ description: 'Too many streams open for this account or from this address' })
  @ApiNotFoundResponse({ description: 'Contest not found.' })
  async streamScoreboard(
    @CurrentUser() user: AuthUser | undefined,
    @Param('contestId', ContestIdPipe) contestId: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.stream.open(res, user, contestId);
  }

  @Post(':contestId/virtual')
  @HttpCode(200)
  @Auth()
  @ApiOkResponse({ type: ContestDto, description: 'The virtual run started: the contest’s duration from now' })
  @ApiForbiddenResponse({ description: 'The contest has not ended yet.' })
  @ApiConflictResponse({ description: 'A virtual run of this contest was already started.' })
  startVirtual(@CurrentUser() user: AuthUser, @Param('contestId', ContestIdPipe) contestId: number): Promise<ContestDto> {
    return this.contests.startVirtual(contestId, user);
  }

  @Get(':contestId/submissions')
  @Auth()
  @ApiOkResponse({ type: PagedSubmissionsDto })
  listContestSubmissions(
    @CurrentUser() user: AuthUser,
    @Param('contestId', ContestIdPipe) contestId: number,
    @Query() query: ContestSubmissionsQueryDto,
  ): Promise<Paged<SubmissionRow>> {
    return this.submissions.list(contestId, user, query);
  }
}
