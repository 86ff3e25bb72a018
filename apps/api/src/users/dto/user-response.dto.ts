import { ApiProperty } from '@nestjs/swagger';
import { ROLES, Role } from '@oj/contracts';
import type { UserEntity } from '@oj/db';

export class UserProfileDto {
  @ApiProperty({ example: 'Ada Lovelace' })
  displayName: string;

  @ApiProperty({ example: '' })
  bio: string;

  @ApiProperty({ example: '' })
  avatarUrl: string;
}

export class UserResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'ada' })
  username: string;

  @ApiProperty({ example: 'ada@example.com' })
  email: string;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty()
  isActive: boolean;

  @ApiProperty()
  profilePublic: boolean;

  @ApiProperty({ type: UserProfileDto })
  profile: UserProfileDto;

  @ApiProperty({ format: 'date-time' })
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
