import { Module } from '@nestjs/common';
import { ProblemsModule } from '../problems/problems.module';
import { JudgeController } from './judge.controller';
import { JudgeService } from './judge.service';

@Module({ imports: [ProblemsModule], controllers: [JudgeController], providers: [JudgeService] })
export class JudgeModule {}
