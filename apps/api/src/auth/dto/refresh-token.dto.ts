import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class RefreshTokenDto {
  @ApiProperty({ example: 'q3J8v0x9mZ2sT5wK7yB1nD4fH6jL8pR0tV2xZ4bC6eG' })
  @MaxLength(512)
  @IsNotEmpty({ message: 'Refresh token is required.' })
  @IsString({ message: 'Refresh token is required.' })
  refreshToken: string;
}
