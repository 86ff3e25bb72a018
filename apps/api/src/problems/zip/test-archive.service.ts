import { Injectable } from '@nestjs/common';

import { ApiException } from '../../common/api-exception';
import { ArchiveRejectedError, readTestArchive } from './test-archive-reader';
import { pairTestCases, ParsedArchive } from './test-case-pairing';

export const NO_PAIRS_MESSAGE = 'No valid test case pairs were found in the archive.';

@Injectable()
export class TestArchiveService {
  async parse(buffer: Buffer | undefined, trimWhitespace: boolean): Promise<ParsedArchive> {
    if (!buffer?.length) throw ApiException.badRequest('A ZIP file is required.', 'file');
    let files;
    try {
      files = await readTestArchive(buffer);
    } catch (error) {
      if (error instanceof ArchiveRejectedError) throw ApiException.badRequest(error.message, 'file');
      throw error;
    }
    const result = pairTestCases(files, trimWhitespace);
    if (!result.testCases.length) throw ApiException.validation([{ path: 'file', message: NO_PAIRS_MESSAGE }], NO_PAIRS_MESSAGE);
    return result;
  }
}
