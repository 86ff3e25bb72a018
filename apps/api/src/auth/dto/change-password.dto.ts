import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

import { EqualsProperty } from '../../common/equals-property.validator';

export class ChangePasswordDto {
  @ApiProperty({ example: 's3cret-pass' })
  @MaxLength(1024)
  @IsNotEmpty({ message: 'Current password is required.' })
  @IsString({ message: 'Current password is required.' })
  currentPassword: string;

  @ApiProperty({ example: 'n3w-Secret-pass', minLength: 8 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters long.' })
  @MinLength(8, { message: 'Password must be at least 8 characters long.' })
  @IsString({ message: 'New password is required.' })
  newPassword: string;

  @ApiProperty({ example: 'n3w-Secret-pass', minLength: 8 })
  @EqualsProperty('newPassword', { message: 'New passwords must match.' })
  @IsString({ message: 'New passwords must match.' })
  confirmNewPassword: string;
}
