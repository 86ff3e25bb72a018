import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { Repository } from 'typeorm';

import { ApiException } from '../common/api-exception';
import { LanguagesService } from '../languages/languages.service';
import { PREFERENCE_COLUMNS, PreferencesDto, toPreferences, UpdatePreferencesDto } from './dto/preferences.dto';

/** A user's editor settings: read, and changed after the judge confirms the language exists. */
@Injectable()
export class PreferencesService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly languages: LanguagesService,
  ) {}

  async get(userId: string): Promise<PreferencesDto> {
    const user = await this.users.findOne({ where: { id: userId }, select: ['id', ...PREFERENCE_COLUMNS] });
    if (!user) throw ApiException.unauthorized('Authentication required');
    return toPreferences(user);
  }

  /**
   * Languages are not stored (the engine reports them), so the choice is checked against the live list. A setting
   * the body leaves out keeps its value.
   */
  async set(userId: string, preferences: UpdatePreferencesDto): Promise<PreferencesDto> {
    if (preferences.defaultLanguageId !== null) await this.languages.assertRunnable(preferences.defaultLanguageId, 'defaultLanguageId');
    const changes = Object.fromEntries(
      PREFERENCE_COLUMNS.filter((column) => preferences[column] !== undefined).map((column) => [column, preferences[column]]),
    );
    const result = await this.users.update({ id: userId }, changes);
    if (!result.affected) throw ApiException.unauthorized('Authentication required');
    return this.get(userId);
  }
}
