import { Injectable } from '@nestjs/common';

import { PositiveIdPipe } from '../common/positive-id.pipe';
import { CONTEST_NOT_FOUND } from './contests.service';

/** A contest id in a path is a positive integer; anything else names no contest (404, never 500). */
@Injectable()
export class ContestIdPipe extends PositiveIdPipe {
  constructor() {
    super(CONTEST_NOT_FOUND);
  }
}
