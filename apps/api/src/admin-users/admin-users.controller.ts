import { Body, Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { AdminUsersService } from './admin-users.service';
import { AdminUserDto, AdminUserListDto, UpdateRoleDto, UpdateStatusDto } from './dto/admin-user.dto';

@ApiTags('admin')
@Controller('admin/users')
@Auth('admin')
export class AdminUsersController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @Get()
  @ApiOkResponse({ type: AdminUserListDto })
  async listUsers(): Promise<AdminUserListDto> {
    return { items: await this.adminUsers.list() };
  }

  @Patch(':id/role')
  @JsonBody()
  @ApiOkResponse({ type: AdminUserDto })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Own account, or the last active admin' })
  setUserRole(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: UpdateRoleDto): Promise<AdminUserDto> {
    return this.adminUsers.setRole(actor.id, id, dto.role);
  }

  @Patch(':id/status')
  @JsonBody()
  @ApiOkResponse({ type: AdminUserDto })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Own account, or the last active admin' })
  setUserStatus(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: UpdateStatusDto): Promise<AdminUserDto> {
    return this.adminUsers.setStatus(actor.id, id, dto.isActive);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Own account, or the last active admin' })
  deleteUser(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<void> {
    return this.adminUsers.remove(actor.id, id);
  }
}
