import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { Auth } from '../auth/auth.decorators';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { AnnouncementsService } from './announcements.service';
import { AnnouncementDto, AnnouncementInputDto, AnnouncementListDto, AnnouncementQueryDto } from './dto/announcement.dto';

@ApiTags('announcements')
@Controller('announcements')
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Get()
  @ApiOkResponse({ type: AnnouncementListDto })
  async listAnnouncements(@Query() query: AnnouncementQueryDto): Promise<AnnouncementListDto> {
    return { items: await this.announcements.list(query.limit, query.pinnedFirst === true) };
  }

  @Post()
  @Auth('admin')
  @JsonBody()
  @ApiCreatedResponse({ type: AnnouncementDto })
  createAnnouncement(@Body() dto: AnnouncementInputDto): Promise<AnnouncementDto> {
    return this.announcements.create(dto);
  }

  @Put(':id')
  @Auth('admin')
  @JsonBody()
  @ApiOkResponse({ type: AnnouncementDto })
  updateAnnouncement(@Param('id') id: string, @Body() dto: AnnouncementInputDto): Promise<AnnouncementDto> {
    return this.announcements.update(id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Auth('admin')
  @ApiNoContentResponse()
  deleteAnnouncement(@Param('id') id: string): Promise<void> {
    return this.announcements.remove(id);
  }
}
