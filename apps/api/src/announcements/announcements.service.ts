import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AnnouncementEntity } from '@oj/db';
import { Repository } from 'typeorm';

import { ApiException } from '../common/api-exception';
import { isUuid } from '../common/is-uuid';
import { AnnouncementDto, AnnouncementInputDto, toAnnouncementDto } from './dto/announcement.dto';

const NOT_FOUND = 'Announcement not found.';

@Injectable()
export class AnnouncementsService {
  constructor(@InjectRepository(AnnouncementEntity) private readonly announcements: Repository<AnnouncementEntity>) {}

  async list(limit: number, pinnedFirst: boolean): Promise<AnnouncementDto[]> {
    const order = pinnedFirst ? { pinned: 'DESC' as const, createdAt: 'DESC' as const } : { createdAt: 'DESC' as const };
    return (await this.announcements.find({ order, take: limit })).map(toAnnouncementDto);
  }

  async create(dto: AnnouncementInputDto): Promise<AnnouncementDto> {
    return toAnnouncementDto(await this.announcements.save(this.announcements.create(dto)));
  }

  async update(id: string, dto: AnnouncementInputDto): Promise<AnnouncementDto> {
    const announcement = isUuid(id) ? await this.announcements.findOne({ where: { id } }) : null;
    if (!announcement) throw ApiException.notFound(NOT_FOUND);
    Object.assign(announcement, { title: dto.title, body: dto.body, pinned: dto.pinned });
    return toAnnouncementDto(await this.announcements.save(announcement));
  }

  async remove(id: string): Promise<void> {
    const result = isUuid(id) ? await this.announcements.delete({ id }) : { affected: 0 };
    if (!result.affected) throw ApiException.notFound(NOT_FOUND);
  }
}
