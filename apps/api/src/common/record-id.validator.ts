import { applyDecorators } from '@nestjs/common';
import { MAX_INT_ID } from '@oj/contracts';
import { IsInt, IsPositive, Max } from 'class-validator';

/**
 * A field holding a record's numeric id (problemId, contestId, languageId): a whole number from 1 to MAX_INT_ID (a
 * PostgreSQL integer), refused otherwise with one message naming the field.
 */
export function IsRecordId(field: string): PropertyDecorator {
  const message = `${field} must be a positive whole number.`;
  return applyDecorators(Max(MAX_INT_ID, { message }), IsPositive({ message }), IsInt({ message }));
}
