import { ApiProperty } from '@nestjs/swagger';
import { type RatingPoints, Role, ROLES, UserAccount } from '@oj/contracts';
import type { UserEntity } from '@oj/db';

/** Whom a schema's examples show: the admin list shows another user than the signed-in one. */
interface ExampleUser {
  username: string;
  email: string;
}

/**
 * The account's fields (UserAccount), written once for every response that carries them: the admin list's
 * AdminUserDto and the signed-in user's UserResponseDto extend the class this returns, each with its own example user.
 */
export function UserAccountType(example: ExampleUser) {
  class UserAccountDto implements UserAccount {
    @ApiProperty({ example: 'c3a1e7f2-9d4b-4a6e-8f21-7e5d3c2b1a09', format: 'uuid' })
    id: string;

    @ApiProperty({ example: example.username })
    username: string;

    @ApiProperty({ example: example.email })
    email: string;

    @ApiProperty({ example: 'user', enum: ROLES })
    role: Role;

    @ApiProperty({ example: true })
    isActive: boolean;

    @ApiProperty({ example: true })
    profilePublic: boolean;

    @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' })
    createdAt: string;

    @ApiProperty({ example: 1725, nullable: true, type: Number, description: 'The current rating; null: never rated' })
    rating: RatingPoints | null;
  }
  return UserAccountDto;
}

export function toUserAccount(user: UserEntity): UserAccount {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    profilePublic: user.profilePublic,
    createdAt: user.createdAt.toISOString(),
    rating: user.rating ?? null,
  };
}
