import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiGatewayTimeoutResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';

import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { CallerSignal } from '../common/caller-signal';
import { CheckerTrialRateLimitGuard, ValidationRateLimitGuard } from '../common/rate-limit/account-rate-limit.guard';
import { LargeJsonBody, RunJsonBody } from '../common/request-body/json-body.interceptor';
import { AuthorOrAdminGuard } from '../problems/author-or-admin.guard';
import { CheckerCompiler } from '../problems/checker-compiler';
import { CustomRunService } from './custom-run.service';
import { CheckerTrialRequestDto, CheckerTrialResultDto } from './dto/checker-trial.dto';
import { RunRequestDto, RunResultDto } from './dto/run.dto';
import { ValidateRequestDto, ValidationResultDto } from './dto/validate.dto';
import { JudgeService } from './judge.service';

@ApiTags('judge')
@Controller('judge')
export class JudgeController {
  constructor(
    private readonly judge: JudgeService,
    private readonly checkers: CheckerCompiler,
    private readonly customRuns: CustomRunService,
  ) {}

  @Post('validate')
  @HttpCode(200)
  @Auth()
  @UseGuards(AuthorOrAdminGuard, ValidationRateLimitGuard)
  @LargeJsonBody()
  @ApiOkResponse({ type: ValidationResultDto })
  @ApiTooManyRequestsResponse({ description: 'More than VALIDATIONS_PER_MINUTE validations in a minute' })
  @ApiServiceUnavailableResponse({ description: 'No judge worker is running' })
  @ApiGatewayTimeoutResponse({ description: 'No answer within the time limit' })
  validateTestCases(@Body() dto: ValidateRequestDto, @CallerSignal() signal: AbortSignal): Promise<ValidationResultDto> {
    return this.judge.validate(dto, signal);
  }

  /** The problem form's 'Test checker': compiles a custom checker on a worker and runs it on one test. */
  @Post('checker-trial')
  @HttpCode(200)
  @Auth()
  @UseGuards(AuthorOrAdminGuard, CheckerTrialRateLimitGuard)
  @LargeJsonBody()
  @ApiOkResponse({ type: CheckerTrialResultDto })
  @ApiTooManyRequestsResponse({ description: 'More than CHECKER_TRIALS_PER_MINUTE trials in a minute' })
  @ApiServiceUnavailableResponse({ description: 'No judge worker is running' })
  @ApiGatewayTimeoutResponse({ description: 'No answer within the time limit' })
  tryChecker(@Body() dto: CheckerTrialRequestDto, @CallerSignal() signal: AbortSignal): Promise<CheckerTrialResultDto> {
    const trial = { input: dto.input, output: dto.output, answer: dto.answer };
    return this.checkers.compile(dto.source, dto.languageId, trial, signal, 'checker', dto);
  }

  @Post('run')
  @HttpCode(200)
  @Auth()
  @RunJsonBody()
  @ApiOkResponse({
    type: RunResultDto,
    description: "The program's output (64 KiB of each stream at most), how it ended, its time and memory",
  })
  @ApiTooManyRequestsResponse({ description: 'More than RUNS_PER_MINUTE runs in a minute' })
  @ApiPayloadTooLargeResponse({ description: 'A body over 8 MB' })
  @ApiServiceUnavailableResponse({ description: 'No judge worker is running' })
  @ApiGatewayTimeoutResponse({ description: 'No answer within the time limit' })
  runOnInput(@CurrentUser() user: AuthUser, @Body() dto: RunRequestDto, @CallerSignal() signal: AbortSignal): Promise<RunResultDto> {
    return this.customRuns.run(user, dto, signal);
  }
}
