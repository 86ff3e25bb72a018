import { ApiProperty } from '@nestjs/swagger';
import { EDITOR_FONT_SIZE, MAX_INT_ID, UserPreferences } from '@oj/contracts';
import type { UserEntity } from '@oj/db';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';

const FONT_SIZE_MESSAGE = `editorFontSize must be a whole number from ${EDITOR_FONT_SIZE.min} to ${EDITOR_FONT_SIZE.max}.`;
const LANGUAGE_MESSAGE = 'defaultLanguageId must be a language id or null.';

/** Both settings, always: a PUT replaces them, so a missing field is a 400 rather than a silent reset. */
export class PreferencesDto implements UserPreferences {
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
}

export function toPreferences(user: Pick<UserEntity, 'defaultLanguageId' | 'editorFontSize'>): PreferencesDto {
  return { defaultLanguageId: user.defaultLanguageId, editorFontSize: user.editorFontSize };
}
