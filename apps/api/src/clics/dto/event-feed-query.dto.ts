import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, MaxLength } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';

export class EventFeedQueryDto {
  @ApiPropertyOptional({
    example: '1764079923250-6-7d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a',
    description: 'Resume after the event of this token.',
  })
  @Omittable()
  @MaxLength(120, { message: 'since_token is not a token of this feed.' })
  @IsString({ message: 'since_token is not a token of this feed.' })
  since_token?: string;

  @ApiPropertyOptional({ example: true, default: true, description: 'false: answer the events there are now and end.' })
  @Omittable()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'stream must be true or false.' })
  stream?: boolean;
}
