import { Matches, ValidationOptions } from 'class-validator';

/**
 * Text PostgreSQL can store: its `text` refuses NUL, so a value holding one is the caller's mistake, a 400 naming
 * the field, not a failed query answered with the generic "malformed" 400.
 */
export function WithoutNul(message: string, options?: Omit<ValidationOptions, 'message'>) {
  return Matches(/^[^\0]*$/, { ...options, message });
}
