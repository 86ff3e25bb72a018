import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_SUPPORT_FILES,
  MAX_SUPPORT_FILES_BYTES,
  MAX_VALIDATOR_FLAG_CHARS,
  MAX_VALIDATOR_FLAGS,
  SUPPORT_FILE_NAME,
  VALIDATOR_PROTOCOLS,
  validatorLanguageIds,
  ValidatorProtocol,
  ValidatorProtocolSettings,
  ValidatorSupportFile,
} from '@oj/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsString,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateNested,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';

import { Omittable } from '../../common/omittable.validator';

const PROTOCOL_DESCRIPTION =
  '`testlib` (left out): called `checker input output answer` (an interactor `interactor input output`), exit 0/1/2/3/7. ' +
  '`icpc`: the ICPC output validator, called `validator input answer feedback_dir [validatorFlags] < output` (an ' +
  'interactor talks to the program on stdin/stdout), exit 42 accepted / 43 wrong answer, judgemessage.txt, score.txt';

/** A file written beside a checker's or interactor's source before it is built. */
export class SupportFileDto implements ValidatorSupportFile {
  @ApiProperty({ example: 'validate.h', pattern: SUPPORT_FILE_NAME.source, description: 'A plain file name: no folder, no `..`' })
  @Matches(SUPPORT_FILE_NAME, {
    message:
      'A support file name is a plain file name of letters, digits, ".", "_", "+" and "-" (no "/", no ".."), at most 100 characters.',
  })
  @IsString({ message: 'A support file needs a name.' })
  name: string;

  @ApiProperty({ example: '#pragma once\n' })
  @IsString({ message: "A support file's content must be text." })
  content: string;
}

/** The language rule of a checker or interactor: Python 3 only for ICPC validators. */
export function IsJuryLanguage(what: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isJuryLanguage',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: (args: ValidationArguments) =>
          (args.object as ValidatorProtocolSettings).protocol === 'icpc'
            ? `An ICPC validator is written in C++ (54), C (50) or Python 3 (71).`
            : `${what} is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".`,
      },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          validatorLanguageIds((args.object as ValidatorProtocolSettings).protocol).includes(value as number),
      },
    });
}

/** Only with protocol `icpc`. */
function OnlyForIcpc(options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'onlyForIcpc',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (_value: unknown, args: ValidationArguments) => (args.object as ValidatorProtocolSettings).protocol === 'icpc',
      },
    });
}

/** Support files: distinct names, together at most MAX_SUPPORT_FILES_BYTES. */
function SupportFilesFit(options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'supportFilesFit',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (files: unknown) => {
          if (!Array.isArray(files)) return false;
          const text = (value: unknown) => (typeof value === 'string' ? value : '');
          const names = files.map((f: Partial<ValidatorSupportFile> | null) => text(f?.name));
          const bytes = files.reduce(
            (sum: number, f: Partial<ValidatorSupportFile> | null) => sum + Buffer.byteLength(text(f?.content), 'utf8'),
            0,
          );
          return new Set(names).size === names.length && bytes <= MAX_SUPPORT_FILES_BYTES;
        },
      },
    });
}

/** The protocol fields of a custom checker, an interactor or a checker trial (see ValidatorProtocolSettings). */
export class ValidatorProtocolInputDto implements ValidatorProtocolSettings {
  @ApiPropertyOptional({ enum: VALIDATOR_PROTOCOLS, example: 'icpc', description: PROTOCOL_DESCRIPTION })
  @Omittable()
  @IsIn(VALIDATOR_PROTOCOLS, { message: `Protocol must be one of: ${VALIDATOR_PROTOCOLS.join(', ')}.` })
  protocol?: ValidatorProtocol;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_VALIDATOR_FLAGS,
    example: ['float_tolerance', '1e-6'],
    description: `icpc only: passed after the feedback directory, one argument each; at most ${MAX_VALIDATOR_FLAGS} of at most ${MAX_VALIDATOR_FLAG_CHARS} characters`,
  })
  @Omittable()
  @ValidatorFlagRules()
  validatorFlags?: string[];

  @ApiPropertyOptional({
    type: [SupportFileDto],
    maxItems: MAX_SUPPORT_FILES,
    description: `Files written beside the source before it is built (headers, Python modules): at most ${MAX_SUPPORT_FILES}, ${MAX_SUPPORT_FILES_BYTES / 1024} KiB together; private like the source`,
  })
  @Omittable()
  @SupportFileRules()
  supportFiles?: SupportFileDto[];
}

/** A custom checker's or interactor's protocol settings as the API shows them (see toCheckerDto). */
export class ValidatorProtocolDto implements ValidatorProtocolSettings {
  @ApiPropertyOptional({ enum: VALIDATOR_PROTOCOLS, example: 'icpc', description: 'Shown when `icpc` (testlib when absent)' })
  protocol?: ValidatorProtocol;

  @ApiPropertyOptional({ type: [String], example: ['float_tolerance', '1e-6'], description: 'icpc only; with the source (private data)' })
  validatorFlags?: string[];

  @ApiPropertyOptional({ type: [SupportFileDto], description: 'With the source (private data)' })
  supportFiles?: ValidatorSupportFile[];
}

function ValidatorFlagRules(): PropertyDecorator {
  // Listed in the order stacked decorators would run (bottom up): the type check's message comes first.
  return applyDecorators(
    IsArray({ message: 'Validator flags must be a list of strings.' }),
    ArrayMaxSize(MAX_VALIDATOR_FLAGS, { message: `At most ${MAX_VALIDATOR_FLAGS} validator flags.` }),
    IsString({ each: true, message: 'Validator flags must be a list of strings.' }),
    MaxLength(MAX_VALIDATOR_FLAG_CHARS, { each: true, message: `Each validator flag is at most ${MAX_VALIDATOR_FLAG_CHARS} characters.` }),
    OnlyForIcpc({ message: 'validatorFlags are for ICPC validators only (protocol "icpc").' }),
  );
}

function SupportFileRules(): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: 'Support files must be a list of { name, content }.' }),
    ArrayMaxSize(MAX_SUPPORT_FILES, { message: `At most ${MAX_SUPPORT_FILES} support files.` }),
    Type(() => SupportFileDto),
    ValidateNested({ each: true }),
    SupportFilesFit({ message: `Support files need distinct names and take at most ${MAX_SUPPORT_FILES_BYTES / 1024} KiB together.` }),
  );
}
