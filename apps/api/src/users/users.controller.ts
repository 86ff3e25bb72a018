import { Body, Controller, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { ProfileVisibilityDto } from './dto/profile-visibility.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Put('me/profile')
  @Auth()
  @JsonBody()
  @ApiOkResponse({ type: ProfileVisibilityDto })
  setMyProfileVisibility(@CurrentUser() user: AuthUser, @Body() dto: ProfileVisibilityDto): Promise<ProfileVisibilityDto> {
    return this.users.setProfileVisibility(user.id, dto.profilePublic);
  }
}
