import { Injectable, PipeTransform } from '@nestjs/common';

import { ApiException } from '../common/api-exception';
import { CONTEST_NOT_FOUND } from './contests.service';

/** A contest id in a path is a positive integer; anything else names no contest (404, never 500). */
@Injectable()
export class ContestIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1) throw ApiException.notFound(CONTEST_NOT_FOUND);
    return id;
  }
}
