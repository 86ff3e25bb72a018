import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { RatingsSchedulerModule } from '../ratings/ratings-scheduler.module';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

@Module({ imports: [AuthModule, RatingsSchedulerModule], controllers: [AdminUsersController], providers: [AdminUsersService] })
export class AdminUsersModule {}
