import { Module } from '@nestjs/common';

import { ProblemUpdatesModule } from '../problem-updates/problem-updates.module';
import { AuthorOrAdminGuard } from './author-or-admin.guard';
import { CheckerCompiler } from './checker-compiler';
import { JuryCodeGate } from './jury-code';
import { PackageExportService } from './packages/package-export.service';
import { PackageImportService } from './packages/package-import.service';
import { ProblemEditorGuard } from './problem-editor.guard';
import { ProblemsController } from './problems.controller';
import { ProblemsService } from './problems.service';
import { TestArchiveService } from './zip/test-archive.service';

@Module({
  imports: [ProblemUpdatesModule],
  controllers: [ProblemsController],
  providers: [
    ProblemsService,
    TestArchiveService,
    PackageImportService,
    PackageExportService,
    AuthorOrAdminGuard,
    ProblemEditorGuard,
    CheckerCompiler,
    JuryCodeGate,
  ],
  exports: [ProblemsService, AuthorOrAdminGuard, CheckerCompiler],
})
export class ProblemsModule {}
