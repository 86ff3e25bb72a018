import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';

import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { PreferencesDto, UpdatePreferencesDto } from './dto/preferences.dto';
import { ProfileVisibilityDto } from './dto/profile-visibility.dto';
import { PreferencesService } from './preferences.service';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly preferences: PreferencesService,
  ) {}

  @Put('me/profile')
  @Auth()
  @JsonBody()
  @ApiOkResponse({ type: ProfileVisibilityDto })
  setMyProfileVisibility(@CurrentUser() user: AuthUser, @Body() dto: ProfileVisibilityDto): Promise<ProfileVisibilityDto> {
    return this.users.setProfileVisibility(user.id, dto.profilePublic);
  }

  @Get('me/preferences')
  @Auth()
  @ApiOkResponse({ type: PreferencesDto })
  getMyPreferences(@CurrentUser() user: AuthUser): Promise<PreferencesDto> {
    return this.preferences.get(user.id);
  }

  @Put('me/preferences')
  @Auth()
  @JsonBody()
  @ApiOkResponse({ type: PreferencesDto })
  @ApiServiceUnavailableResponse({ description: 'No judge worker is running to confirm the language' })
  setMyPreferences(@CurrentUser() user: AuthUser, @Body() dto: UpdatePreferencesDto): Promise<PreferencesDto> {
    return this.preferences.set(user.id, dto);
  }
}
