import { Global, Module } from '@nestjs/common';
import { AuthRateLimitGuard } from './ip-rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({ providers: [RateLimitService, AuthRateLimitGuard], exports: [RateLimitService, AuthRateLimitGuard] })
export class RateLimitModule {}
