import { Global, Module } from '@nestjs/common';

import { AuthRateLimitGuard } from './ip-rate-limit.guard';
import { PasswordChangeRateLimitGuard } from './password-change-rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({
  providers: [RateLimitService, AuthRateLimitGuard, PasswordChangeRateLimitGuard],
  exports: [RateLimitService, AuthRateLimitGuard, PasswordChangeRateLimitGuard],
})
export class RateLimitModule {}
