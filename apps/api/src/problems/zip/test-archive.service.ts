import { Injectable } from '@nestjs/common';
import { TestArchiveResult } from '@oj/contracts';

import { ApiException } from '../../common/api-exception';
import { takeCheckerSource } from './checker-source';
import { ArchiveRejectedError, readTestArchive } from './test-archive-reader';
import { pairTestCases } from './test-case-pairing';

export const NO_PAIRS_MESSAGE = 'No valid test case pairs were found in the archive.';

@Injectable()
export class TestArchiveService {
  /** The archive's tests (paired), suggested subtasks and checker source, with what was skipped and why. */
  async parse(buffer: Buffer | undefined, trimWhitespace: boolean): Promise<TestArchiveResult> {
    if (!buffer?.length) throw ApiException.badRequest('A ZIP file is required.', 'file');
    try {
      const found = takeCheckerSource(await readTestArchive(buffer));
      const result = pairTestCases(found.files, trimWhitespace);
      if (!result.testCases.length) throw ApiException.validation([{ path: 'file', message: NO_PAIRS_MESSAGE }], NO_PAIRS_MESSAGE);
      return { ...result, ...(found.checker && { checker: found.checker }), warnings: [...found.warnings, ...result.warnings] };
    } catch (error) {
      if (error instanceof ArchiveRejectedError) throw ApiException.badRequest(error.message, 'file');
      throw error;
    }
  }
}
