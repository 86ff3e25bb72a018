import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';

import { Auth, CurrentUser } from '../auth/auth.decorators';
import { AuthUser } from '../auth/auth-user';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { ContestIdPipe } from '../contests/contest-id.pipe';
import { ProblemIdPipe } from '../problems/problem-id.pipe';
import {
  ProblemSimilarityRequestDto,
  SimilarityReportDto,
  SimilarityReportPageDto,
  SimilarityReportQueuedDto,
  SimilarityReportsQueryDto,
  SimilarityReportSummaryDto,
} from './dto/similarity-report.dto';
import { SimilarityService } from './similarity.service';

/** Similarity reports (issue 36): for admins only; a judge worker computes them, the page polls their progress. */
@ApiTags('similarity')
@Controller()
@Auth('admin')
export class SimilarityController {
  constructor(private readonly similarity: SimilarityService) {}

  @Post('contests/:contestId/similarity-reports')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: SimilarityReportQueuedDto, description: 'The report is queued; poll it by its id' })
  @ApiNotFoundResponse({ description: 'Contest not found.' })
  @ApiServiceUnavailableResponse({ description: 'The judge queue is unavailable' })
  async requestForContest(
    @Param('contestId', ContestIdPipe) contestId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<SimilarityReportQueuedDto> {
    return { reportId: await this.similarity.requestForContest(contestId, user.id) };
  }

  @Get('contests/:contestId/similarity-reports')
  @ApiOkResponse({ type: [SimilarityReportSummaryDto], description: 'The contest’s latest reports, newest first, without their pairs' })
  @ApiNotFoundResponse({ description: 'Contest not found.' })
  listForContest(@Param('contestId', ContestIdPipe) contestId: number): Promise<SimilarityReportSummaryDto[]> {
    return this.similarity.listForContest(contestId);
  }

  @Post('problems/:problemId/similarity-reports')
  @HttpCode(HttpStatus.ACCEPTED)
  @JsonBody()
  @ApiAcceptedResponse({ type: SimilarityReportQueuedDto, description: 'The report is queued; poll it by its id' })
  @ApiNotFoundResponse({ description: 'Problem not found.' })
  @ApiServiceUnavailableResponse({ description: 'The judge queue is unavailable' })
  async requestForProblem(
    @Param('problemId', ProblemIdPipe) problemId: number,
    @Body() body: ProblemSimilarityRequestDto,
    @CurrentUser() user: AuthUser,
  ): Promise<SimilarityReportQueuedDto> {
    return { reportId: await this.similarity.requestForProblem(problemId, body.from, body.to, user.id) };
  }

  @Get('similarity-reports')
  @ApiOkResponse({ type: SimilarityReportPageDto, description: 'Every report, newest first, paged; of one contest or problem when given' })
  listReports(@Query() query: SimilarityReportsQueryDto): Promise<SimilarityReportPageDto> {
    return this.similarity.list(query, query.page, query.limit);
  }

  @Get('similarity-reports/:reportId')
  @ApiOkResponse({ type: SimilarityReportDto })
  @ApiNotFoundResponse({ description: 'Similarity report not found.' })
  get(@Param('reportId') reportId: string): Promise<SimilarityReportDto> {
    return this.similarity.get(reportId);
  }
}
