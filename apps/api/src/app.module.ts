import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';

import { AdminSecurityModule } from './admin-security/admin-security.module';
import { AdminUsersModule } from './admin-users/admin-users.module';
import { AnnouncementsModule } from './announcements/announcements.module';
import { AuthModule } from './auth/auth.module';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { ClicsModule } from './clics/clics.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ContestsModule } from './contests/contests.module';
import { BoardCacheModule } from './contests/scoreboard/board-cache.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { JudgeModule } from './judge/judge.module';
import { LanguagesModule } from './languages/languages.module';
import { LiveModule } from './live/live.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { ProblemUpdatesModule } from './problem-updates/problem-updates.module';
import { PackagesModule } from './problems/packages/packages.module';
import { ProblemsModule } from './problems/problems.module';
import { QueueModule } from './queue/queue.module';
import { QueueBoardModule } from './queue-board/queue-board.module';
import { RatingsModule } from './ratings/ratings.module';
import { RedisModule } from './redis/redis.module';
import { RejudgeModule } from './rejudge/rejudge.module';
import { SimilarityModule } from './similarity/similarity.module';
import { SubmissionsModule } from './submissions/submissions.module';
import { UsersModule } from './users/users.module';

/** Feature modules, one per folder; each registers itself here with one line. */
const FEATURE_MODULES: Type[] = [
  RateLimitModule,
  AuthModule,
  UsersModule,
  AdminUsersModule,
  AdminSecurityModule,
  ProblemUpdatesModule,
  ProblemsModule,
  PackagesModule,
  AnnouncementsModule,
  QueueModule,
  LanguagesModule,
  JudgeModule,
  LiveModule,
  BoardCacheModule,
  ContestsModule,
  SubmissionsModule,
  RejudgeModule,
  SimilarityModule,
  DashboardModule,
  ClicsModule,
  RatingsModule,
];

/** Running it: logs, health probes, metrics and the queue board. */
const OPERATIONS_MODULES: Type[] = [HealthModule, MetricsModule, QueueBoardModule];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        JwtModule.register({ global: true }),
        ...FEATURE_MODULES,
        LoggingModule.forRoot(config),
        ...OPERATIONS_MODULES,
      ],
      providers: [
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
