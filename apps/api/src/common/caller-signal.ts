import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';

/**
 * An AbortSignal that aborts when the caller goes before its answer is sent (the client disconnected or gave
 * up): a route waiting on a worker passes it on, so the worker's job is cancelled instead of running for nobody.
 */
export const CallerSignal = createParamDecorator((_: unknown, ctx: ExecutionContext): AbortSignal => {
  const response = ctx.switchToHttp().getResponse<Response>();
  const controller = new AbortController();
  if (response.destroyed) controller.abort();
  else response.once('close', () => response.writableFinished || controller.abort());
  return controller.signal;
});
