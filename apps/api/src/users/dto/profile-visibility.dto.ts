import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class ProfileVisibilityDto {
  @ApiProperty()
  @IsBoolean({ message: 'profilePublic must be true or false.' })
  profilePublic: boolean;
}
