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
import {
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';

import { Auth, CurrentUser, OptionalAuth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { CallerSignal } from '../common/caller-signal';
import { JsonText, JsonTextResponse } from '../common/json-text';
import { JsonBody, LargeJsonBody } from '../common/request-body/json-body.interceptor';
import { AuthorOrAdminGuard } from './author-or-admin.guard';
import { PackageImportBodyDto, PackageImportResultDto } from './dto/package-import.dto';
import { ProblemInputDto, UpdateProblemDto, VisibilityDto } from './dto/problem-input.dto';
import { ProblemDetailQueryDto, ProblemListQueryDto } from './dto/problem-query.dto';
import { AlgorithmListDto, ProblemDto, ProblemListDto } from './dto/problem-response.dto';
import { ZipParseBodyDto, ZipParseResultDto } from './dto/zip-parse.dto';
import { PackageExportService } from './packages/package-export.service';
import { PackageImportService } from './packages/package-import.service';
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
    private readonly packages: PackageImportService,
    private readonly exports: PackageExportService,
  ) {}

  @Get()
  @OptionalAuth()
  @JsonTextResponse()
  @ApiOkResponse({ type: ProblemListDto })
  listProblems(@CurrentUser() user: AuthUser | undefined, @Query() query: ProblemListQueryDto): Promise<JsonText<ProblemListDto>> {
    return this.problems.listJson(query, user);
  }

  @Get('algorithms')
  @ApiOkResponse({ type: AlgorithmListDto })
  async listAlgorithms(): Promise<AlgorithmListDto> {
    return { items: await this.problems.algorithms() };
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

  @Post('import')
  @Auth('admin')
  @ZipUpload(PackageImportBodyDto)
  @ApiCreatedResponse({ type: PackageImportResultDto })
  importPackage(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @Body() body: PackageImportBodyDto,
    @CallerSignal() signal: AbortSignal,
  ): Promise<PackageImportResultDto> {
    return this.packages.import(file?.buffer, body?.problemId, user, signal);
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

  @Get(':problemId/package')
  @Auth()
  @ApiOkResponse({
    description:
      "The problem as an ICPC (Kattis) problem package, hidden tests and jury code included: for admins and the problem's author",
    content: {
      'application/zip': {
        schema: { type: 'string', format: 'binary' },
        example: 'A ZIP holding problem.yaml, problem_statement/problem.en.md, data/sample/, data/secret/ and output_validators/',
      },
    },
  })
  @ApiForbiddenResponse({ description: "Neither an admin nor the problem's author" })
  @ApiNotFoundResponse({ description: 'Problem not found.' })
  exportPackage(@CurrentUser() user: AuthUser, @Param('problemId', ProblemIdPipe) problemId: number): Promise<StreamableFile> {
    return this.exports.export(problemId, user);
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
