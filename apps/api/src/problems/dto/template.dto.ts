import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LanguageTemplate, MAX_INT_ID, MAX_SOURCE_BYTES, MAX_TEMPLATES } from '@oj/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, IsString, Max, Min, ValidateNested } from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { Omittable } from '../../common/omittable.validator';

/** Starter code the authors give for a language; the similarity check does not count it as shared. */
export class LanguageTemplateDto implements LanguageTemplate {
  @ApiProperty({ example: 54, description: 'The language (Judge0 id) the template is for' })
  @Max(MAX_INT_ID, { message: 'Template language id must be a positive whole number.' })
  @Min(1, { message: 'Template language id must be a positive whole number.' })
  @IsInt({ message: 'Template language id must be a positive whole number.' })
  languageId: number;

  @ApiProperty({ example: '#include <bits/stdc++.h>\nint main() {\n}\n' })
  @MaxUtf8Bytes(MAX_SOURCE_BYTES, { message: 'A template must be at most 64 KiB.' })
  @IsString({ message: 'Template source code must be text.' })
  sourceCode: string;
}

/** The problem input's `templates`: at most one per language; left out on update, the saved ones are kept. */
export function TemplateList() {
  return applyDecorators(
    ApiPropertyOptional({
      type: [LanguageTemplateDto],
      maxItems: MAX_TEMPLATES,
      description: 'Starter code per language, ignored by the similarity check. Left out: none on create, the saved ones kept on update.',
    }),
    Omittable(),
    ValidateNested({ each: true }),
    Type(() => LanguageTemplateDto),
    ArrayUnique((t: LanguageTemplateDto) => t?.languageId, { message: 'A problem has at most one template per language.' }),
    ArrayMaxSize(MAX_TEMPLATES, { message: `A problem has at most ${MAX_TEMPLATES} templates.` }),
    IsArray({ message: 'Templates must be a list.' }),
  );
}
