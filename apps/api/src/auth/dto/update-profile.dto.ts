import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateProfileDto {
  @ApiPropertyOptional({ example: 'Alice Liddell', maxLength: 64 })
  @Omittable()
  @Transform(trim)
  @MaxLength(64, { message: 'Display name must be at most 64 characters long.' })
  @IsString({ message: 'Display name must be text.' })
  displayName?: string;

  @ApiPropertyOptional({ example: 'Competitive programmer from Lisbon.', maxLength: 1000 })
  @Omittable()
  @MaxLength(1000, { message: 'Bio must be at most 1000 characters long.' })
  @IsString({ message: 'Bio must be text.' })
  bio?: string;

  @ApiPropertyOptional({ example: 'https://example.com/avatars/alice.png', maxLength: 2048, description: 'Empty, or an http(s) URL' })
  @Omittable()
  @Transform(trim)
  @ValidateIf((_, value) => value !== '')
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'Avatar URL must be an http(s) URL.' })
  @MaxLength(2048, { message: 'Avatar URL must be at most 2048 characters long.' })
  @IsString({ message: 'Avatar URL must be text.' })
  avatarUrl?: string;
}
