import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';

import { AuthModule } from '../auth/auth.module';
import { AdminSecurityController } from './admin-security.controller';
import { AdminSecurityService } from './admin-security.service';
import { DefaultPasswordCheck } from './default-password-check';
import { DefaultPasswordGate } from './default-password-gate';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), AuthModule],
  controllers: [AdminSecurityController],
  providers: [AdminSecurityService, DefaultPasswordCheck, DefaultPasswordGate],
})
export class AdminSecurityModule {}
