import { Module } from '@nestjs/common';

import { JudgeModule } from '../../judge/judge.module';
import { ProblemsModule } from '../problems.module';
import { MainSolutionValidator } from './main-solution-validator';
import { PackageExportService } from './package-export.service';
import { PackageImportService } from './package-import.service';
import { PackagesController } from './packages.controller';

/**
 * Problem packages in and out (issue 24). A module of its own because an import saves the problem (ProblemsModule)
 * and then validates the package's main solution on a worker (JudgeModule, which itself imports ProblemsModule).
 */
@Module({
  imports: [ProblemsModule, JudgeModule],
  controllers: [PackagesController],
  providers: [PackageImportService, PackageExportService, MainSolutionValidator],
})
export class PackagesModule {}
