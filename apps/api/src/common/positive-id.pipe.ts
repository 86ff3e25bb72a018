import { PipeTransform } from '@nestjs/common';

import { ApiException } from './api-exception';

/**
 * A numeric id in a path is a positive integer that fits the database's integer column; anything else names
 * nothing: a 404 with `notFoundMessage`, never a 500 nor a 400 from an out-of-range query.
 */
export class PositiveIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    const id = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1) throw ApiException.notFound(this.notFoundMessage);
    return id;
  }
}
