import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ApiErrorBody, ERROR_CODES, ErrorCode } from '@oj/contracts';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';

import { RateLimitedException } from './rate-limit/rate-limit.service';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.VALIDATION_ERROR,
  401: ERROR_CODES.UNAUTHORIZED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  429: ERROR_CODES.RATE_LIMITED,
  503: ERROR_CODES.SERVICE_UNAVAILABLE,
  504: ERROR_CODES.TIMEOUT,
};

/** Body-parser errors are plain errors carrying a status (malformed JSON, oversized body). */
function bodyParserStatus(error: unknown): number | undefined {
  const e = error as { type?: string; status?: number };
  return typeof e?.type === 'string' && typeof e.status === 'number' && e.status >= 400 && e.status < 500 ? e.status : undefined;
}

/**
 * PostgreSQL data exceptions (class 22: out-of-range numbers and dates, malformed text such as NUL bytes) are
 * the client's bad input that validation let through: a 400, never a 500.
 */
function isBadValueForDatabase(error: unknown): boolean {
  const code = error instanceof QueryFailedError ? (error.driverError as { code?: string } | undefined)?.code : undefined;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * Every error leaves the API as `{message, code, details?}`. HttpExceptions keep their status; anything
 * else is logged and becomes a 500 that leaks nothing.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    const { status, body } = this.describe(error);
    if (status >= 500 && status !== 503 && status !== 504) this.logger.error(error instanceof Error ? error.stack : String(error));
    if (error instanceof RateLimitedException) response.setHeader('Retry-After', String(error.retryAfterSeconds));
    response.status(status).json(body);
  }

  private describe(error: unknown): { status: number; body: ApiErrorBody } {
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const raw = error.getResponse();
      const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
      const message = Array.isArray(obj.message) ? obj.message.join('; ') : String(obj.message ?? raw ?? 'Request failed');
      const code = (typeof obj.code === 'string' ? obj.code : CODE_BY_STATUS[status]) ?? 'ERROR';
      const body: ApiErrorBody = { message, code };
      if (Array.isArray(obj.details)) body.details = obj.details as ApiErrorBody['details'];
      return { status, body };
    }
    if (isBadValueForDatabase(error)) {
      return { status: 400, body: { message: 'A value in the request is malformed or out of range.', code: ERROR_CODES.VALIDATION_ERROR } };
    }
    const parserStatus = bodyParserStatus(error);
    if (parserStatus === 413) {
      return { status: 413, body: { message: 'Request body is too large.', code: ERROR_CODES.PAYLOAD_TOO_LARGE } };
    }
    if (parserStatus) {
      return { status: 400, body: { message: 'Malformed request body.', code: ERROR_CODES.VALIDATION_ERROR } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: 'Internal server error', code: ERROR_CODES.INTERNAL_ERROR } };
  }
}
