import { CallHandler, ExecutionContext, NestInterceptor, UseInterceptors } from '@nestjs/common';
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

function runParser(parser: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => parser(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
}

/**
 * Reads a route's JSON body after authentication and authorization instead of before every route: a guest cannot
 * make the API buffer or parse anything beyond the small default, and the large limit is spent only on routes
 * that admitted the caller. Bodies nested too deeply, carrying absurdly long lists or broken text are refused
 * here, before the validation pipe walks them. Only routes that take a body have it (JsonBody and its larger
 * kinds): the others, every GET among them, skip an interceptor's cost altogether.
 */
export class JsonBodyInterceptor implements NestInterceptor {
  constructor(private readonly parser: RequestHandler) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    await runParser(this.parser, request, http.getResponse<Response>());
    const problem = jsonBodyProblem(request.body);
    if (problem) throw ApiException.badRequest(problem);
    return next.handle();
  }
}

const DEFAULT_BODY = new JsonBodyInterceptor(json({ limit: DEFAULT_JSON_BODY_LIMIT }));
const LARGE_BODY = new JsonBodyInterceptor(json({ limit: LARGE_JSON_BODY_LIMIT }));
const RUN_BODY = new JsonBodyInterceptor(json({ limit: RUN_JSON_BODY_LIMIT }));

/** The route takes a JSON body (its `@Body()`) of at most DEFAULT_JSON_BODY_LIMIT, read after its guards. */
export const JsonBody = () => UseInterceptors(DEFAULT_BODY);

/**
 * The route takes JSON bodies up to LARGE_JSON_BODY_LIMIT. Its guards must admit only the users allowed to
 * send them: the body is read after the guards, so everyone else is refused without it being read.
 */
export const LargeJsonBody = () => UseInterceptors(LARGE_BODY);

/** The route takes JSON bodies up to RUN_JSON_BODY_LIMIT (the same rule as LargeJsonBody about its guards). */
export const RunJsonBody = () => UseInterceptors(RUN_BODY);
