import { ApiProperty } from '@nestjs/swagger';
import {
  EDITOR_FONT_SIZE,
  EDITOR_KEYMAPS,
  EDITOR_TAB_WIDTHS,
  type EditorKeymap,
  type EditorTabWidth,
  MAX_INT_ID,
  UserPreferences,
} from '@oj/contracts';
import type { UserEntity } from '@oj/db';
import { IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';

const FONT_SIZE_MESSAGE = `editorFontSize must be a whole number from ${EDITOR_FONT_SIZE.min} to ${EDITOR_FONT_SIZE.max}.`;
const LANGUAGE_MESSAGE = 'defaultLanguageId must be a language id or null.';
const TAB_WIDTH_MESSAGE = `editorTabWidth must be one of ${EDITOR_TAB_WIDTHS.join(', ')}.`;
const KEYMAP_MESSAGE = `editorKeymap must be one of ${EDITOR_KEYMAPS.join(', ')}.`;

const TAB_WIDTH_PROPERTY = { enum: [...EDITOR_TAB_WIDTHS], example: 4, description: 'Columns a tab character takes' };
const KEYMAP_PROPERTY = { enum: [...EDITOR_KEYMAPS], example: 'default', description: 'Key bindings of the editor' };

/**
 * A PUT of the settings. The first two fields are required, as they always were (a missing one is a 400 rather than
 * a silent reset); the later ones may be left out, which keeps their current values, so older clients keep working.
 */
export class UpdatePreferencesDto {
  @ApiProperty({
    example: 54,
    nullable: true,
    type: Number,
    description: 'Judge0 id of a language the judge offers; null for none (the problem page then picks one)',
  })
  // Only null skips the checks: a missing field is validated, and refused.
  @ValidateIf((_, value) => value !== null)
  @Max(MAX_INT_ID, { message: LANGUAGE_MESSAGE })
  @Min(1, { message: LANGUAGE_MESSAGE })
  @IsInt({ message: LANGUAGE_MESSAGE })
  defaultLanguageId: number | null;

  @ApiProperty({ example: 16, minimum: EDITOR_FONT_SIZE.min, maximum: EDITOR_FONT_SIZE.max, description: 'CSS pixels' })
  @Max(EDITOR_FONT_SIZE.max, { message: FONT_SIZE_MESSAGE })
  @Min(EDITOR_FONT_SIZE.min, { message: FONT_SIZE_MESSAGE })
  @IsInt({ message: FONT_SIZE_MESSAGE })
  editorFontSize: number;

  @ApiProperty({ ...TAB_WIDTH_PROPERTY, required: false })
  @Omittable()
  @IsIn(EDITOR_TAB_WIDTHS, { message: TAB_WIDTH_MESSAGE })
  editorTabWidth?: EditorTabWidth;

  @ApiProperty({ ...KEYMAP_PROPERTY, required: false })
  @Omittable()
  @IsIn(EDITOR_KEYMAPS, { message: KEYMAP_MESSAGE })
  editorKeymap?: EditorKeymap;
}

/** Every setting, as stored. */
export class PreferencesDto implements UserPreferences {
  @ApiProperty({ example: 54, nullable: true, type: Number, description: 'Judge0 id of the default language; null for none' })
  defaultLanguageId: number | null;

  @ApiProperty({ example: 16, minimum: EDITOR_FONT_SIZE.min, maximum: EDITOR_FONT_SIZE.max, description: 'CSS pixels' })
  editorFontSize: number;

  @ApiProperty(TAB_WIDTH_PROPERTY)
  editorTabWidth: EditorTabWidth;

  @ApiProperty(KEYMAP_PROPERTY)
  editorKeymap: EditorKeymap;
}

export const PREFERENCE_COLUMNS = ['defaultLanguageId', 'editorFontSize', 'editorTabWidth', 'editorKeymap'] as const;

export function toPreferences(user: Pick<UserEntity, (typeof PREFERENCE_COLUMNS)[number]>): PreferencesDto {
  return {
    defaultLanguageId: user.defaultLanguageId,
    editorFontSize: user.editorFontSize,
    editorTabWidth: user.editorTabWidth,
    editorKeymap: user.editorKeymap,
  };
}
