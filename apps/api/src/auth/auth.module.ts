import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';

import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { JwtSecrets, jwtSecretsProvider } from './jwt-secrets';
import { TokenService } from './token.service';

@Module({
  imports: [PassportModule],
  controllers: [AuthController],
  providers: [AuthService, TokenService, jwtSecretsProvider, JwtStrategy],
  exports: [TokenService, JwtSecrets, JwtStrategy],
})
export class AuthModule {}
