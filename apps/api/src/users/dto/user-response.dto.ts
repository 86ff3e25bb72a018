import { ApiProperty } from '@nestjs/swagger';
import { Role, ROLES, User, UserProfile } from '@oj/contracts';
import type { UserEntity } from '@oj/db';

export class UserProfileDto implements UserProfile {
  @ApiProperty({ example: 'Ada Lovelace' })
  displayName: string;

  @ApiProperty({ example: '' })
  bio: string;

  @ApiProperty({ example: '' })
  avatarUrl: string;
}

export class UserResponseDto implements User {
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

  @ApiProperty({ type: UserProfileDto })
  profile: UserProfileDto;

  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' })
  createdAt: string;
}

export function toUserResponse(user: UserEntity): UserResponseDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    profilePublic: user.profilePublic,
    profile: { displayName: user.displayName, bio: user.bio, avatarUrl: user.avatarUrl },
    createdAt: user.createdAt.toISOString(),
  };
}
