import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { type ClicsReader, ClicsReadersService } from './clics-readers.service';

export type ClicsRequest = Request & { user?: AuthUser; clics?: ClicsReader };

/**
 * Lets a CLICS reader in (ClicsReadersService): on a contest's routes, an admin or a token of that contest (403 for
 * a token of another).
 */
@Injectable()
export class ClicsAccessGuard implements CanActivate {
  constructor(private readonly readers: ClicsReadersService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ClicsRequest>();
    const reader = await this.readers.readerOf(request.user, request.headers.authorization);
    const contestId = request.params.contestId;
    if (contestId !== undefined && reader.contestId !== null && reader.contestId !== Number(contestId))
      throw ApiException.forbidden('This token is for another contest');
    request.clics = reader;
    return true;
  }
}
