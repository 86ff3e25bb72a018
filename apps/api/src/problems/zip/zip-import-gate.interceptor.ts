import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { ERROR_CODES } from '@oj/contracts';
import type { Response } from 'express';
import { from, Observable, switchMap } from 'rxjs';

import { ApiException } from '../../common/api-exception';
import { ZIP_LIMITS } from './zip-limits';

export const IMPORTS_BUSY_MESSAGE = 'Too many test archives are being imported on this server. Please try again in a few seconds.';

/**
 * At most ZIP_LIMITS.importsAtOnce test-archive imports run at once per API instance, admitted before the upload is
 * read: each holds up to a problem's worth of test data in memory, so the total stays bounded however many authors
 * upload together. The next few wait their turn unread (TCP holds their bytes back); past ZIP_LIMITS.importsWaiting
 * the caller gets 503 with Retry-After. A slot is given back when the response closes: sent, failed or abandoned.
 * One provider (ProblemsModule's) holds the count, as each module gets its own instance of an interceptor.
 */
@Injectable()
export class ZipImportSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  async admit(response: Response): Promise<void> {
    if (this.running < ZIP_LIMITS.importsAtOnce) return this.enter(response);
    if (this.waiting.length >= ZIP_LIMITS.importsWaiting) {
      response.setHeader('Retry-After', '5');
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, IMPORTS_BUSY_MESSAGE);
    }
    return new Promise((resolve) => {
      const turn = () => {
        response.off('close', leave);
        resolve(this.enter(response));
      };
      // A caller who leaves while waiting gives up its place; its request never reaches the upload.
      const leave = () => this.waiting.splice(this.waiting.indexOf(turn), 1);
      response.once('close', leave);
      this.waiting.push(turn);
    });
  }

  private enter(response: Response): void {
    this.running++;
    response.once('close', () => {
      this.running--;
      this.waiting.shift()?.();
    });
  }
}

/** A ZIP upload route's way through ZipImportSlots. */
@Injectable()
export class ZipImportGate implements NestInterceptor {
  constructor(private readonly slots: ZipImportSlots) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response = context.switchToHttp().getResponse<Response>();
    return from(this.slots.admit(response)).pipe(switchMap(() => next.handle()));
  }
}
