import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { Repository } from 'typeorm';

import { ApiException } from '../common/api-exception';
import { LanguagesService } from '../languages/languages.service';
import { PreferencesDto, toPreferences } from './dto/preferences.dto';

/** A user's editor settings: read, and replaced after the judge confirms the language exists. */
@Injectable()
export class PreferencesService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly languages: LanguagesService,
  ) {}

  async get(userId: string): Promise<PreferencesDto> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, defaultLanguageId: true, editorFontSize: true } });
    if (!user) throw ApiException.unauthorized('Authentication required');
    return toPreferences(user);
  }

  /** Languages are not stored (the engine reports them), so the choice is checked against the live list. */
  async set(userId: string, preferences: PreferencesDto): Promise<PreferencesDto> {
    if (preferences.defaultLanguageId !== null) await this.languages.assertRunnable(preferences.defaultLanguageId, 'defaultLanguageId');
    const saved = toPreferences(preferences);
    const result = await this.users.update({ id: userId }, saved);
    if (!result.affected) throw ApiException.unauthorized('Authentication required');
    return saved;
  }
}
