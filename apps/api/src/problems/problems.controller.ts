import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  StreamableFile,
  UploadedFile,
  UseGuards,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { Auth, CurrentUser, OptionalAuth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { CallerSignal } from '../common/caller-signal';
import { JsonText, JsonTextResponse } from '../common/json-text';
import { JsonBody, LargeJsonBody } from '../common/request-body/json-body.interceptor';
import { AuthorOrAdminGuard } from './author-or-admin.guard';
import { ProblemInputDto, UpdateProblemDto, VisibilityDto } from './dto/problem-input.dto';
import { ProblemDetailQueryDto, ProblemListQueryDto } from './dto/problem-query.dto';
import { AlgorithmListDto, ProblemDto, ProblemListDto } from './dto/problem-response.dto';
import { ZipParseBodyDto, ZipParseResultDto } from './dto/zip-parse.dto';
import { ProblemEditorGuard } from './problem-editor.guard';
import { ProblemIdPipe } from './problem-id.pipe';
import { ProblemsService } from './problems.service';
import { TestArchiveService } from './zip/test-archive.service';
import { ZipUpload } from './zip/zip-upload.decorator';

@ApiTags('problems')
@Controller('problems')
export class ProblemsController {
  constructor(
    private readonly problems: ProblemsService,
    private readonly archives: TestArchiveService,
  ) {}

  @Get()
  @OptionalAuth()
  @JsonTextResponse()
  @ApiOkResponse({ type: ProblemListDto })
  listProblems(@CurrentUser() user: AuthUser | undefined, @Query() query: ProblemListQueryDto): Promise<JsonText<ProblemListDto>> {
    return this.problems.listJson(query, user);
  }

  @Get('algorithms')
  @OptionalAuth()
  @ApiOkResponse({ type: AlgorithmListDto })
  async listAlgorithms(@CurrentUser() user: AuthUser | undefined): Promise<AlgorithmListDto> {
    return { items: await this.problems.algorithms(user) };
  }

  @Post('testcases/zip-parse')
  @HttpCode(200)
  @Auth()
  @UseGuards(AuthorOrAdminGuard)
  @ZipUpload(ZipParseBodyDto)
  @ApiOkResponse({ type: ZipParseResultDto })
  parseTestArchive(@UploadedFile() file: { buffer: Buffer } | undefined, @Body() body: ZipParseBodyDto): Promise<StreamableFile> {
    return this.archives.parse(file?.buffer, body?.trimWhitespace === 'true');
  }

  @Get(':problemId')
  @OptionalAuth()
  @ApiOkResponse({ type: ProblemDto })
  @ApiNotFoundResponse({ description: 'Problem not found.' })
  getProblem(
    @CurrentUser() user: AuthUser | undefined,
    @Param('problemId', ProblemIdPipe) problemId: number,
    @Query() query: ProblemDetailQueryDto,
  ): Promise<ProblemDto> {
    return this.problems.get(problemId, user, query.includePrivate === true);
  }

  @Post()
  @Auth('admin')
  @LargeJsonBody()
  @ApiCreatedResponse({ type: ProblemDto })
  createProblem(@CurrentUser() user: AuthUser, @Body() dto: ProblemInputDto, @CallerSignal() signal: AbortSignal): Promise<ProblemDto> {
    return this.problems.create(dto, user, signal);
  }

  @Put(':problemId')
  @Auth()
  @UseGuards(ProblemEditorGuard)
  @LargeJsonBody()
  @ApiOkResponse({ type: ProblemDto })
  updateProblem(
    @CurrentUser() user: AuthUser,
    @Param('problemId', ProblemIdPipe) problemId: number,
    @Body() dto: UpdateProblemDto,
    @CallerSignal() signal: AbortSignal,
  ): Promise<ProblemDto> {
    return this.problems.update(problemId, dto, user, signal);
  }

  @Patch(':problemId/visibility')
  @Auth('admin')
  @JsonBody()
  @ApiOkResponse({ type: ProblemDto })
  setProblemVisibility(@Param('problemId', ProblemIdPipe) problemId: number, @Body() dto: VisibilityDto): Promise<ProblemDto> {
    return this.problems.setVisibility(problemId, dto.isPublic);
  }

  @Delete(':problemId')
  @HttpCode(204)
  @Auth('admin')
  @ApiNoContentResponse()
  deleteProblem(@Param('problemId', ProblemIdPipe) problemId: number): Promise<void> {
    return this.problems.remove(problemId);
  }
}
