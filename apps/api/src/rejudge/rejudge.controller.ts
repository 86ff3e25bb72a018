import { Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';

import { Auth } from '../auth/auth.decorators';
import { ProblemIdPipe } from '../problems/problem-id.pipe';
import { RejudgeProgressDto, RejudgeQueuedDto } from './dto/rejudge.dto';
import { RejudgeService } from './rejudge.service';

/** Admins judge submissions again after a problem's tests change; the new results replace the old in the counters. */
@ApiTags('rejudge')
@Controller()
@Auth('admin')
export class RejudgeController {
  constructor(private readonly rejudge: RejudgeService) {}

  @Post('submissions/:id/rejudge')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    type: RejudgeQueuedDto,
    description: 'The submission is queued again (queued: 1); it keeps its id and gets a new result',
  })
  @ApiNotFoundResponse({ description: 'Submission not found.' })
  @ApiServiceUnavailableResponse({ description: 'The judge queue is unavailable' })
  async rejudgeSubmission(@Param('id') id: string): Promise<RejudgeQueuedDto> {
    await this.rejudge.rejudgeSubmission(id);
    return { queued: 1 };
  }

  @Post('problems/:problemId/rejudge')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: RejudgeQueuedDto })
  @ApiNotFoundResponse({ description: 'Problem not found.' })
  @ApiServiceUnavailableResponse({ description: 'The judge queue is unavailable' })
  async rejudgeProblem(@Param('problemId', ProblemIdPipe) problemId: number): Promise<RejudgeQueuedDto> {
    return { queued: await this.rejudge.rejudgeProblem(problemId) };
  }

  @Get('problems/:problemId/rejudge')
  @ApiOkResponse({ type: RejudgeProgressDto })
  @ApiNotFoundResponse({ description: 'Problem not found.' })
  rejudgeProgress(@Param('problemId', ProblemIdPipe) problemId: number): Promise<RejudgeProgressDto> {
    return this.rejudge.progress(problemId);
  }
}
