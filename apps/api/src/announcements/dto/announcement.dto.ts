import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_ANNOUNCEMENT_BODY, MAX_ANNOUNCEMENT_TITLE } from '@oj/contracts';
import type { AnnouncementEntity } from '@oj/db';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FeedLimitQueryDto } from '../../common/feed-limit-query.dto';

const REQUIRED = 'Title and body are required.';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AnnouncementInputDto {
  @ApiProperty({ maxLength: MAX_ANNOUNCEMENT_TITLE })
  @Transform(trim)
  @MaxLength(MAX_ANNOUNCEMENT_TITLE, { message: `Title must be at most ${MAX_ANNOUNCEMENT_TITLE} characters long.` })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  title: string;

  @ApiProperty({ maxLength: MAX_ANNOUNCEMENT_BODY })
  @Transform(trim)
  @MaxLength(MAX_ANNOUNCEMENT_BODY, { message: `Body must be at most ${MAX_ANNOUNCEMENT_BODY} characters long.` })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  body: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'pinned must be true or false.' })
  pinned: boolean = false;
}

export class AnnouncementQueryDto extends FeedLimitQueryDto {
  @ApiPropertyOptional({ description: 'Pinned announcements first' })
  @IsOptional()
  @Transform(({ value }) => value === true || value === 'true')
  @IsBoolean()
  pinnedFirst?: boolean;
}

export class AnnouncementDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty()
  body: string;

  @ApiProperty()
  pinned: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class AnnouncementListDto {
  @ApiProperty({ type: [AnnouncementDto] })
  items: AnnouncementDto[];
}

export function toAnnouncementDto(a: AnnouncementEntity): AnnouncementDto {
  return { id: a.id, title: a.title, body: a.body, pinned: a.pinned, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() };
}
