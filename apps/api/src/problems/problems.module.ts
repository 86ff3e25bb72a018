import { Module } from '@nestjs/common';

import { ProblemUpdatesModule } from '../problem-updates/problem-updates.module';
import { AuthorOrAdminGuard } from './author-or-admin.guard';
import { CheckerCompiler } from './checker-compiler';
import { JuryCodeGate } from './jury-code';
import { ProblemEditorGuard } from './problem-editor.guard';
import { ProblemsController } from './problems.controller';
import { ProblemsService } from './problems.service';
import { TestArchiveService } from './zip/test-archive.service';
import { ZipImportSlots } from './zip/zip-import-gate.interceptor';

@Module({
  imports: [ProblemUpdatesModule],
  controllers: [ProblemsController],
  providers: [ProblemsService, TestArchiveService, ZipImportSlots, AuthorOrAdminGuard, ProblemEditorGuard, CheckerCompiler, JuryCodeGate],
  exports: [ProblemsService, AuthorOrAdminGuard, CheckerCompiler, ZipImportSlots],
})
export class ProblemsModule {}
