import { ValidateIf, ValidationOptions } from 'class-validator';

/**
 * The property may be left out. Unlike class-validator's IsOptional, an explicit null is validated like any
 * other value, so it is a 400 naming the field instead of a null that reaches a service (`null.map`, a NOT NULL
 * column). DTOs use this; the lint configuration forbids IsOptional in them.
 */
export function Omittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined, options);
}
