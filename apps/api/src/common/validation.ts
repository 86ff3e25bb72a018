import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';

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
  return new RequestValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => ApiException.validation(toErrorDetails(errors)),
  });
}

/**
 * A body bound to a DTO class must be an object (or absent). Anything else is refused before
 * class-transformer maps it: a top-level array would be turned into one DTO per element and each validated,
 * seconds of CPU per megabyte.
 */
class RequestValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const expectsObject = metadata.type === 'body' && this.toValidate(metadata);
    if (expectsObject && value != null && (typeof value !== 'object' || Array.isArray(value))) {
      return Promise.reject(ApiException.badRequest('The request body must be a JSON object.'));
    }
    return super.transform(value, metadata);
  }
}
