import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';

import { EqualsProperty } from '../../common/equals-property.validator';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;

export class RegisterDto {
  @ApiProperty({ example: 'ada', minLength: 3, maxLength: 32, pattern: USERNAME_PATTERN.source })
  @Matches(USERNAME_PATTERN, { message: 'Username may contain only letters, digits, underscores, dots and hyphens.' })
  @Length(3, 32, { message: 'Username must be 3 to 32 characters long.' })
  @IsString({ message: 'Username is required.' })
  username: string;

  @ApiProperty({ example: 'ada@example.com' })
  @IsEmail({}, { message: 'Enter a valid email address.' })
  @MaxLength(254, { message: 'Email must be at most 254 characters long.' })
  @IsString({ message: 'Email is required.' })
  email: string;

  @ApiProperty({ example: 's3cret-pass', minLength: 8 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters long.' })
  @MinLength(8, { message: 'Password must be at least 8 characters long.' })
  @IsString({ message: 'Password is required.' })
  password: string;

  @ApiProperty({ example: 's3cret-pass', minLength: 8 })
  @EqualsProperty('password', { message: 'Passwords must match.' })
  @IsString({ message: 'Passwords must match.' })
  confirmPassword: string;
}
