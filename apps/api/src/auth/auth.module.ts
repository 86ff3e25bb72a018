import { Module } from '@nestjs/common';

import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtSecrets, jwtSecretsProvider } from './jwt-secrets';
import { TokenService } from './token.service';

@Module({
  controllers: [AuthController],
  providers: [AuthService, TokenService, jwtSecretsProvider],
  exports: [TokenService, JwtSecrets],
})
export class AuthModule {}
