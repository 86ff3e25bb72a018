import { Global, Module } from '@nestjs/common';

import { AccountLoginLimit } from './account-login-limit.service';
import { CheckerTrialRateLimitGuard, ValidationRateLimitGuard } from './account-rate-limit.guard';
import { AuthRateLimitGuard } from './ip-rate-limit.guard';
import { PasswordChangeRateLimitGuard } from './password-change-rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({
  providers: [
    RateLimitService,
    AccountLoginLimit,
    AuthRateLimitGuard,
    PasswordChangeRateLimitGuard,
    CheckerTrialRateLimitGuard,
    ValidationRateLimitGuard,
  ],
  exports: [
    RateLimitService,
    AccountLoginLimit,
    AuthRateLimitGuard,
    PasswordChangeRateLimitGuard,
    CheckerTrialRateLimitGuard,
    ValidationRateLimitGuard,
  ],
})
export class RateLimitModule {}
