import { Injectable, StreamableFile } from '@nestjs/common';
import { Readable } from 'stream';

import { ApiException } from '../../common/api-exception';
import { takeJurySources } from './jury-sources';
import { testArchiveJson } from './test-archive-json';
import { ArchiveRejectedError, readTestArchive } from './test-archive-reader';
import { pairTestCases } from './test-case-pairing';

export const NO_PAIRS_MESSAGE = 'No valid test case pairs were found in the archive.';

@Injectable()
export class TestArchiveService {
  /**
   * The archive's tests (paired), suggested subtasks, checker and interactor sources, with what was skipped and why: a
   * TestArchiveResult as JSON, streamed slice by slice once every check has passed (a refusal is still a 400).
   */
  async parse(buffer: Buffer | undefined, trimWhitespace: boolean): Promise<StreamableFile> {
    if (!buffer?.length) throw ApiException.badRequest('A ZIP file is required.', 'file');
    try {
      const found = takeJurySources(await readTestArchive(buffer));
      const result = await pairTestCases(found.files, trimWhitespace);
      if (!result.testCases.length) throw ApiException.validation([{ path: 'file', message: NO_PAIRS_MESSAGE }], NO_PAIRS_MESSAGE);
      const json = testArchiveJson(
        { ...result, checker: found.checker, interactor: found.interactor, warnings: [...found.warnings, ...result.warnings] },
        trimWhitespace,
      );
      // Not object mode: the stream buffers one piece ahead, not sixteen.
      return new StreamableFile(Readable.from(json, { objectMode: false }), { type: 'application/json; charset=utf-8' });
    } catch (error) {
      if (error instanceof ArchiveRejectedError) throw ApiException.badRequest(error.message, 'file');
      throw error;
    }
  }
}
