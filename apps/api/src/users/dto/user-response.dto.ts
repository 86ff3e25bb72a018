import { ApiProperty } from '@nestjs/swagger';
import { User, UserProfile } from '@oj/contracts';
import type { UserEntity } from '@oj/db';

import { toUserAccount, UserAccountDto } from './user-account.dto';

export class UserProfileDto implements UserProfile {
  @ApiProperty({ example: 'Ada Lovelace' })
  displayName: string;

  @ApiProperty({ example: '' })
  bio: string;

  @ApiProperty({ example: '' })
  avatarUrl: string;
}

/** The signed-in user's own account, with the profile. */
export class UserResponseDto extends UserAccountDto implements User {
  @ApiProperty({ type: UserProfileDto })
  profile: UserProfileDto;
}

export function toUserResponse(user: UserEntity): UserResponseDto {
  return { ...toUserAccount(user), profile: { displayName: user.displayName, bio: user.bio, avatarUrl: user.avatarUrl } };
}
