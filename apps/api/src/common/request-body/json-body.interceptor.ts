import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, RequestHandler, Response } from 'express';
import { json } from 'express';
import { Observable } from 'rxjs';

import { ApiException } from '../api-exception';
import { jsonBodyProblem } from './json-body-problem';

/** Every JSON body is at most this large unless its route says otherwise. */
export const DEFAULT_JSON_BODY_LIMIT = '1mb';
/** Whole problems with their test data: 64 MiB of tests plus JSON escaping and the statement fields. */
export const LARGE_JSON_BODY_LIMIT = '100mb';
/** Custom-input runs: 1 MiB of input and 64 KiB of source, with room for JSON's escapes of control characters. */
export const RUN_JSON_BODY_LIMIT = '8mb';

const JSON_BODY_SIZE = 'oj:json-body-size';

/**
 * The route accepts JSON bodies up to LARGE_JSON_BODY_LIMIT. Its guards must admit only the users allowed to
 * send them: the body is read after the guards, so everyone else is refused without it being read.
 */
export const LargeJsonBody = () => SetMetadata(JSON_BODY_SIZE, 'large');

/** The route accepts JSON bodies up to RUN_JSON_BODY_LIMIT (the same rule as LargeJsonBody about its guards). */
export const RunJsonBody = () => SetMetadata(JSON_BODY_SIZE, 'run');

const PARSERS = {
  default: json({ limit: DEFAULT_JSON_BODY_LIMIT }),
  run: json({ limit: RUN_JSON_BODY_LIMIT }),
  large: json({ limit: LARGE_JSON_BODY_LIMIT }),
};

function runParser(parser: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => parser(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
}

/**
 * Reads JSON bodies after authentication and authorization instead of before every route: a guest cannot make
 * the API buffer or parse anything beyond the small default, and the large limit is spent only on routes that
 * admitted the caller. Bodies nested too deeply, carrying absurdly long lists or broken text are refused here,
 * before the validation pipe walks them.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const size = this.reflector.getAllAndOverride<keyof typeof PARSERS | undefined>(JSON_BODY_SIZE, [
      context.getHandler(),
      context.getClass(),
    ]);
    await runParser(PARSERS[size ?? 'default'], request, http.getResponse<Response>());
    const problem = jsonBodyProblem(request.body);
    if (problem) throw ApiException.badRequest(problem);
    return next.handle();
  }
}
