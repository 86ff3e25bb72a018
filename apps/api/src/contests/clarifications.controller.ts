import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';

import { Auth, CurrentUser, OptionalAuth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { PositiveIdPipe } from '../common/positive-id.pipe';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { PageQueryDto } from '../submissions/dto/submission-query.dto';
import { ClarificationsService } from './clarifications.service';
import { ContestIdPipe } from './contest-id.pipe';
import { ClarificationAnswerDto, ClarificationDto, ClarificationInputDto, ClarificationListDto } from './dto/clarification.dto';

/** A clarification id in a path names one only as a positive integer in range; anything else is a 404. */
const clarificationId = new PositiveIdPipe('Clarification not found.');

@ApiTags('contests')
@Controller('contests/:contestId/clarifications')
export class ClarificationsController {
  constructor(private readonly clarifications: ClarificationsService) {}

  @Get()
  @OptionalAuth()
  @ApiOkResponse({ type: ClarificationListDto })
  listClarifications(
    @CurrentUser() user: AuthUser | undefined,
    @Param('contestId', ContestIdPipe) contestId: number,
    @Query() query: PageQueryDto,
  ): Promise<ClarificationListDto> {
    return this.clarifications.list(contestId, user, query.page, query.limit);
  }

  @Post()
  @Auth()
  @JsonBody()
  @ApiCreatedResponse({
    type: ClarificationDto,
    description:
      'A participant asks (`question`, optional `problemLabel`). An admin posting with `answer` publishes an unprompted ' +
      'clarification instead: no asker, shown to every participant unless `public` is false, sent on the contest stream.',
  })
  @ApiForbiddenResponse({ description: 'Not registered for the contest, or `answer` from someone not an admin.' })
  @ApiTooManyRequestsResponse({
    description: 'More than CLARIFICATIONS_PER_MINUTE from this account (admins are not limited): Retry-After',
  })
  createClarification(
    @CurrentUser() user: AuthUser,
    @Param('contestId', ContestIdPipe) contestId: number,
    @Body() dto: ClarificationInputDto,
  ): Promise<ClarificationDto> {
    return this.clarifications.create(contestId, user, dto);
  }

  @Post(':id/answer')
  @HttpCode(200)
  @Auth('admin')
  @JsonBody()
  @ApiOkResponse({
    type: ClarificationDto,
    description: 'Answers to the asker alone, or to everyone with `public`; sent on the contest stream.',
  })
  @ApiNotFoundResponse({ description: 'No such clarification in this contest.' })
  answerClarification(
    @Param('contestId', ContestIdPipe) contestId: number,
    @Param('id', clarificationId) id: number,
    @Body() dto: ClarificationAnswerDto,
  ): Promise<ClarificationDto> {
    return this.clarifications.answer(contestId, id, dto);
  }
}
