import { Module } from '@nestjs/common';

import { ProblemUpdatesController } from './problem-updates.controller';
import { ProblemUpdatesService } from './problem-updates.service';

@Module({ controllers: [ProblemUpdatesController], providers: [ProblemUpdatesService], exports: [ProblemUpdatesService] })
export class ProblemUpdatesModule {}
