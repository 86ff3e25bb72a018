import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The client's address as the API sees it (X-Forwarded-For only from TRUST_PROXY's peers). */
export const ClientAddress = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string => ctx.switchToHttp().getRequest<Request>().ip ?? 'unknown',
);
