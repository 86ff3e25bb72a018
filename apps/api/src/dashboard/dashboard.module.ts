import { Module } from '@nestjs/common';

import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { DashboardQueries } from './dashboard-queries';

@Module({ controllers: [DashboardController], providers: [DashboardService, DashboardQueries] })
export class DashboardModule {}
