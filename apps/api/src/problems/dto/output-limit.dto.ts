import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { OUTPUT_LIMIT_MB } from '@oj/contracts';
import { IsInt, Max, Min } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';

const RANGE = `Output limit must be between ${OUTPUT_LIMIT_MB.min} and ${OUTPUT_LIMIT_MB.max} MB.`;

/** `outputLimit`: megabytes (MiB) of standard output per test, OUTPUT_LIMIT_MB's range; omitted, the default. */
export function OutputLimitMb(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      example: 8,
      minimum: OUTPUT_LIMIT_MB.min,
      maximum: OUTPUT_LIMIT_MB.max,
      default: OUTPUT_LIMIT_MB.default,
      description: 'Megabytes (MiB) of standard output a test may write; more is Output Limit Exceeded (ole)',
    }),
    Omittable(),
    Max(OUTPUT_LIMIT_MB.max, { message: RANGE }),
    Min(OUTPUT_LIMIT_MB.min, { message: RANGE }),
    IsInt({ message: 'Output limit must be a whole number of megabytes.' }),
  );
}
