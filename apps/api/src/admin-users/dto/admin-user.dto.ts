import { ApiProperty } from '@nestjs/swagger';
import { ROLES, Role } from '@oj/contracts';
import type { UserEntity } from '@oj/db';
import { IsBoolean, IsIn } from 'class-validator';

export class AdminUserDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  username: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty()
  isActive: boolean;

  @ApiProperty()
  profilePublic: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class AdminUserListDto {
  @ApiProperty({ type: [AdminUserDto] })
  items: AdminUserDto[];
}

export class UpdateRoleDto {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}.` })
  role: Role;
}

export class UpdateStatusDto {
  @ApiProperty()
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
