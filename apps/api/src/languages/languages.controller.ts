import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';

import { LanguageDto } from './language.dto';
import { LanguagesService } from './languages.service';

@ApiTags('languages')
@Controller('languages')
export class LanguagesController {
  constructor(private readonly languages: LanguagesService) {}

  @Get()
  @ApiOkResponse({ type: [LanguageDto] })
  @ApiServiceUnavailableResponse({ description: 'No judge worker is running' })
  listLanguages(): Promise<LanguageDto[]> {
    return this.languages.list();
  }
}
