import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHECKER_TYPES,
  CheckerSettings,
  CheckerType,
  DEFAULT_FLOAT_EPSILON,
  ICPC_VALIDATOR_LANGUAGE_IDS,
  MAX_CHECKER_SOURCE_BYTES,
} from '@oj/contracts';
import { IsIn, IsNotEmpty, IsNumber, IsPositive, IsString, Max, ValidateIf } from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { Omittable } from '../../common/omittable.validator';
import { IsJuryLanguage, ValidatorProtocolDto, ValidatorProtocolInputDto } from './validator-protocol.dto';

const TYPES_DESCRIPTION =
  '`lines` (the default): line by line, ignoring trailing whitespace and trailing empty lines; `tokens`: whitespace-separated ' +
  'tokens; `exact`: byte for byte after normalising line endings; `float`: tokens, numbers within `epsilon` (absolute or ' +
  "relative); `custom`: the author's checker program, testlib-style or an ICPC output validator (`protocol`).";

const isCustom = (checker: CheckerInputDto) => checker.type === 'custom';

/** A problem's checker as authors set it. Epsilon is read only for `float`, source and language only for `custom`. */
export class CheckerInputDto extends ValidatorProtocolInputDto implements CheckerSettings {
  @ApiProperty({ enum: CHECKER_TYPES, example: 'float', description: TYPES_DESCRIPTION })
  @IsIn(CHECKER_TYPES, { message: `Checker type must be one of: ${CHECKER_TYPES.join(', ')}.` })
  type: CheckerType;

  @ApiPropertyOptional({
    example: 1e-6,
    exclusiveMinimum: true,
    minimum: 0,
    maximum: 1,
    description: `float only; ${DEFAULT_FLOAT_EPSILON} when left out`,
  })
  @Omittable()
  @Max(1, { message: 'Epsilon must be a number greater than 0 and at most 1.' })
  @IsPositive({ message: 'Epsilon must be a number greater than 0 and at most 1.' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Epsilon must be a number greater than 0 and at most 1.' })
  epsilon?: number;

  @ApiPropertyOptional({
    example: '#include "testlib.h"\nint main(int argc, char *argv[]) {\n  registerTestlibCmd(argc, argv);\n  quitf(_ok, "fine");\n}\n',
    description: 'custom only, at most 64 KiB; shown only to admins and the author with includePrivate=true',
  })
  @ValidateIf(isCustom)
  @MaxUtf8Bytes(MAX_CHECKER_SOURCE_BYTES, { message: 'Checker source must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'A custom checker needs its source.' })
  @IsString({ message: 'A custom checker needs its source.' })
  source?: string;

  @ApiPropertyOptional({
    enum: ICPC_VALIDATOR_LANGUAGE_IDS,
    example: 54,
    description: 'custom only: 54 C++ (GCC), 50 C (GCC); 71 Python 3 only with protocol `icpc`',
  })
  @ValidateIf(isCustom)
  @IsJuryLanguage('A custom checker')
  languageId?: number;
}

/** A problem's checker as the API shows it; the source only to those who may see the problem's private data. */
export class CheckerDto extends ValidatorProtocolDto implements CheckerSettings {
  @ApiProperty({ enum: CHECKER_TYPES, example: 'lines', description: TYPES_DESCRIPTION })
  type: CheckerType;

  @ApiPropertyOptional({ example: 1e-6, description: 'float only' })
  epsilon?: number;

  @ApiPropertyOptional({ example: 54, description: 'custom only' })
  languageId?: number;

  @ApiPropertyOptional({ description: 'custom only; for admins and the author, with includePrivate=true' })
  source?: string;
}
