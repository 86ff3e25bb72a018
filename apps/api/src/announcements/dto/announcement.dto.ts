import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Announcement, ItemList, MAX_ANNOUNCEMENT_BODY, MAX_ANNOUNCEMENT_TITLE } from '@oj/contracts';
import type { AnnouncementEntity } from '@oj/db';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';

import { FeedLimitQueryDto } from '../../common/feed-limit-query.dto';
import { Omittable } from '../../common/omittable.validator';

const REQUIRED = 'Title and body are required.';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AnnouncementInputDto {
  @ApiProperty({ example: 'Maintenance on Sunday', maxLength: MAX_ANNOUNCEMENT_TITLE })
  @Transform(trim)
  @MaxLength(MAX_ANNOUNCEMENT_TITLE, { message: `Title must be at most ${MAX_ANNOUNCEMENT_TITLE} characters long.` })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  title: string;

  @ApiProperty({ example: 'The judge will be down for maintenance on **Sunday 02:00–03:00 UTC**.', maxLength: MAX_ANNOUNCEMENT_BODY })
  @Transform(trim)
  @MaxLength(MAX_ANNOUNCEMENT_BODY, { message: `Body must be at most ${MAX_ANNOUNCEMENT_BODY} characters long.` })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  body: string;

  @ApiPropertyOptional({ example: false, default: false })
  @Omittable()
  @IsBoolean({ message: 'pinned must be true or false.' })
  pinned: boolean = false;
}

export class AnnouncementQueryDto extends FeedLimitQueryDto {
  @ApiPropertyOptional({ description: 'Pinned announcements first' })
  @Omittable()
  @Transform(({ value }) => value === true || value === 'true')
  @IsBoolean()
  pinnedFirst?: boolean;
}

export class AnnouncementDto implements Announcement {
  @ApiProperty({ example: '5f2c9e1a-7b3d-4c8e-a1f0-6d4b2e9c8a17', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Maintenance on Sunday' })
  title: string;

  @ApiProperty({ example: 'The judge will be down for maintenance on **Sunday 02:00–03:00 UTC**.' })
  body: string;

  @ApiProperty({ example: false })
  pinned: boolean;

  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' })
  createdAt: string;

  @ApiProperty({ example: '2026-03-14T09:26:55.120Z', format: 'date-time' })
  updatedAt: string;
}

export class AnnouncementListDto implements ItemList<Announcement> {
  @ApiProperty({ type: [AnnouncementDto] })
  items: AnnouncementDto[];
}

export function toAnnouncementDto(a: AnnouncementEntity): AnnouncementDto {
  return {
    id: a.id,
    title: a.title,
    body: a.body,
    pinned: a.pinned,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
