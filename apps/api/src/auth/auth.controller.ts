import { Body, Controller, Get, HttpCode, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';

import { ClientAddress } from '../common/client-address';
import { AuthRateLimitGuard } from '../common/rate-limit/ip-rate-limit.guard';
import { PasswordChangeRateLimitGuard } from '../common/rate-limit/password-change-rate-limit.guard';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { UserResponseDto } from '../users/dto/user-response.dto';
import { Auth, CurrentUser } from './auth.decorators';
import { AuthService } from './auth.service';
import type { AuthUser } from './auth-user';
import { AuthResponseDto } from './dto/auth-response.dto';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { RefreshTokenDto } from './dto/refresh-token.dto';
import { RegisterDto } from './dto/register.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  @JsonBody()
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address, or failed logins for this account' })
  login(@Body() dto: LoginDto, @ClientAddress() address: string): Promise<AuthResponseDto> {
    return this.auth.login(dto, address);
  }

  @Post('register')
  @UseGuards(AuthRateLimitGuard)
  @JsonBody()
  @ApiCreatedResponse({ type: AuthResponseDto })
  @ApiConflictResponse({ description: 'Username or email already taken' })
  register(@Body() dto: RegisterDto, @ClientAddress() address: string): Promise<AuthResponseDto> {
    return this.auth.register(dto, address);
  }

  @Post('refresh')
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  @JsonBody()
  @ApiOkResponse({ type: AuthResponseDto })
  refresh(@Body() dto: RefreshTokenDto): Promise<AuthResponseDto> {
    return this.auth.refresh(dto.refreshToken);
  }

  @Post('logout')
  @HttpCode(204)
  @JsonBody()
  @ApiNoContentResponse()
  logout(@Body() dto: RefreshTokenDto): Promise<void> {
    return this.auth.logout(dto.refreshToken);
  }

  @Get('me')
  @Auth()
  @ApiOkResponse({ type: UserResponseDto })
  getMe(@CurrentUser() user: AuthUser): Promise<UserResponseDto> {
    return this.auth.me(user.id);
  }

  @Patch('me/profile')
  @Auth()
  @JsonBody()
  @ApiOkResponse({ type: UserResponseDto })
  updateMyProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<UserResponseDto> {
    return this.auth.updateProfile(user.id, dto);
  }

  /** Answers with a fresh session: every other refresh token of the user is revoked. */
  @Patch('me/password')
  @Auth()
  @UseGuards(PasswordChangeRateLimitGuard)
  @JsonBody()
  @ApiOkResponse({ type: AuthResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts for this account or from this address' })
  changeMyPassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto): Promise<AuthResponseDto> {
    return this.auth.changePassword(user.id, dto);
  }
}
