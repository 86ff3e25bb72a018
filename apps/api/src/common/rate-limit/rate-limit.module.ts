import { Global, Module } from '@nestjs/common';

import { AuthRateLimitGuard } from './ip-rate-limit.guard';
import { PasswordChangeRateLimitGuard } from './password-change-rate-limit.guard';
import { RateLimitService } from './rate-limit.service';
import { ValidationRateLimitGuard } from './validation-rate-limit.guard';

@Global()
@Module({
  providers: [RateLimitService, AuthRateLimitGuard, PasswordChangeRateLimitGuard, ValidationRateLimitGuard],
  exports: [RateLimitService, AuthRateLimitGuard, PasswordChangeRateLimitGuard, ValidationRateLimitGuard],
})
export class RateLimitModule {}
