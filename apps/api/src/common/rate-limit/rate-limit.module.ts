import { Global, Module } from '@nestjs/common';

import { CheckerTrialRateLimitGuard } from './checker-trial-rate-limit.guard';
import { AuthRateLimitGuard } from './ip-rate-limit.guard';
import { PasswordChangeRateLimitGuard } from './password-change-rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({
  providers: [RateLimitService, AuthRateLimitGuard, PasswordChangeRateLimitGuard, CheckerTrialRateLimitGuard],
  exports: [RateLimitService, AuthRateLimitGuard, PasswordChangeRateLimitGuard, CheckerTrialRateLimitGuard],
})
export class RateLimitModule {}
