import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class ProfileVisibilityDto {
  @ApiProperty({ example: true })
  @IsBoolean({ message: 'profilePublic must be true or false.' })
  profilePublic: boolean;
}
