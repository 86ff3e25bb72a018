import { Body, Controller, Get, Param, Post, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { Auth, CurrentUser } from '../../auth/auth.decorators';
import type { AuthUser } from '../../auth/auth-user';
import { CallerSignal } from '../../common/caller-signal';
import { PackageImportBodyDto, PackageImportResultDto } from '../dto/package-import.dto';
import { ProblemIdPipe } from '../problem-id.pipe';
import { ZipUpload } from '../zip/zip-upload.decorator';
import { PackageExportService } from './package-export.service';
import { PackageImportService } from './package-import.service';

/** A problem from a Polygon or ICPC package, and a problem as an ICPC package. */
@ApiTags('problems')
@Controller('problems')
export class PackagesController {
  constructor(
    private readonly packages: PackageImportService,
    private readonly exports: PackageExportService,
  ) {}

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

  @Get(':problemId/package')
  @Auth()
  @ApiOkResponse({
    description:
      "The problem as an ICPC (Kattis) problem package, for admins and the problem's author: the hidden tests and the jury " +
      "code's sources only for those who may read them (admins), as includePrivate gives them",
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
}
