import { Injectable, PipeTransform } from '@nestjs/common';

import { ApiException } from '../common/api-exception';
import { PROBLEM_NOT_FOUND } from './problems.service';

/** A problem id in a path is a positive integer; anything else names no problem (404, never 500). */
@Injectable()
export class ProblemIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1) throw ApiException.notFound(PROBLEM_NOT_FOUND);
    return id;
  }
}
