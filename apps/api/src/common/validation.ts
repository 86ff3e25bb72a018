import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiException, ErrorDetail } from './api-exception';

/** Flattens class-validator errors into `[{path, message}]`, nested paths joined with dots. */
export function toErrorDetails(errors: ValidationError[], parent = ''): ErrorDetail[] {
  return errors.flatMap((e) => {
    const path = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ path, message }));
    return [...own, ...toErrorDetails(e.children ?? [], path)];
  });
}

/**
 * One message per field: with stopAtFirstError class-validator checks a property's decorators bottom-up,
 * so DTOs put the basic check (type, presence) closest to the property and finer rules above it.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => ApiException.validation(toErrorDetails(errors)),
  });
}
