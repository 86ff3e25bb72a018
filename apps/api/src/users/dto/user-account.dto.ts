import { ApiProperty } from '@nestjs/swagger';
import { Role, ROLES, UserAccount } from '@oj/contracts';
import type { UserEntity } from '@oj/db';

/** An account as its owner and admins see it: the fields both the admin list and the signed-in user's answer carry. */
export class UserAccountDto implements UserAccount {
  @ApiProperty({ example: 'c3a1e7f2-9d4b-4a6e-8f21-7e5d3c2b1a09', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'ada' })
  username: string;

  @ApiProperty({ example: 'ada@example.com' })
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

export function toUserAccount(user: UserEntity): UserAccountDto {
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
