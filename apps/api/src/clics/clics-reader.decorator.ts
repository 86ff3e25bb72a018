import { createParamDecorator, ExecutionContext } from '@nestjs/common';

import type { ClicsRequest } from './clics-access.guard';
import type { ClicsReader } from './clics-readers.service';

/** The reader ClicsAccessGuard let in: the contest its access is for and the viewer the access rules see. */
export const Reader = createParamDecorator((_: unknown, ctx: ExecutionContext): ClicsReader => {
  return ctx.switchToHttp().getRequest<ClicsRequest>().clics as ClicsReader;
});
