import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_CODES, ErrorCode } from '@oj/contracts';

export type ErrorDetail = { path: string; message: string };

/** An HttpException whose body is already `{message, code, details?}`. */
export class ApiException extends HttpException {
  constructor(status: HttpStatus, code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super({ message, code, ...(details ? { details } : {}) }, status);
  }

  static validation(details: ErrorDetail[], message = 'Validation failed'): ApiException {
    return new ApiException(HttpStatus.BAD_REQUEST, ERROR_CODES.VALIDATION_ERROR, message, details);
  }

  static badRequest(message: string, path?: string): ApiException {
    return path
      ? ApiException.validation([{ path, message }], message)
      : new ApiException(HttpStatus.BAD_REQUEST, ERROR_CODES.VALIDATION_ERROR, message);
  }

  static notFound(message = 'Not found'): ApiException {
    return new ApiException(HttpStatus.NOT_FOUND, ERROR_CODES.NOT_FOUND, message);
  }

  static forbidden(message = 'Forbidden'): ApiException {
    return new ApiException(HttpStatus.FORBIDDEN, ERROR_CODES.FORBIDDEN, message);
  }

  static unauthorized(message = 'Unauthorized'): ApiException {
    return new ApiException(HttpStatus.UNAUTHORIZED, ERROR_CODES.UNAUTHORIZED, message);
  }

  static conflict(message: string, details?: ErrorDetail[]): ApiException {
    return new ApiException(HttpStatus.CONFLICT, ERROR_CODES.CONFLICT, message, details);
  }
}
