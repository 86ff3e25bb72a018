import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class RefreshTokenDto {
  @ApiProperty()
  @MaxLength(512)
  @IsNotEmpty({ message: 'Refresh token is required.' })
  @IsString({ message: 'Refresh token is required.' })
  refreshToken: string;
}
