import { ApiProperty } from '@nestjs/swagger';
import { ItemList, Role, ROLES, UserAccount } from '@oj/contracts';
import type { UserEntity } from '@oj/db';
import { IsBoolean, IsIn } from 'class-validator';

export class AdminUserDto implements UserAccount {
  @ApiProperty({ example: 'c3a1e7f2-9d4b-4a6e-8f21-7e5d3c2b1a09', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'alice' })
  username: string;

  @ApiProperty({ example: 'alice@example.com' })
  email: string;

  @ApiProperty({ example: 'user', enum: ROLES })
  role: Role;

  @ApiProperty({ example: true })
  isActive: boolean;

  @ApiProperty({ example: true })
  profilePublic: boolean;

  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' })
  createdAt: string;
}

export class AdminUserListDto implements ItemList<UserAccount> {
  @ApiProperty({ type: [AdminUserDto] })
  items: AdminUserDto[];
}

export class UpdateRoleDto {
  @ApiProperty({ example: 'admin', enum: ROLES })
  @IsIn(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}.` })
  role: Role;
}

export class UpdateStatusDto {
  @ApiProperty({ example: false })
  @IsBoolean({ message: 'isActive must be true or false.' })
  isActive: boolean;
}

export function toAdminUser(user: UserEntity): AdminUserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    profilePublic: user.profilePublic,
    createdAt: user.createdAt.toISOString(),
  };
}
