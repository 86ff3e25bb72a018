import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { DashboardQueries } from './dashboard-queries';
import { DashboardService } from './dashboard.service';

@Module({ controllers: [DashboardController], providers: [DashboardService, DashboardQueries] })
export class DashboardModule {}
