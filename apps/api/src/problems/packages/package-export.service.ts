import { Injectable, StreamableFile } from '@nestjs/common';
import { Readable } from 'stream';
import { ZipFile } from 'yazl';

import { canSeeTestCases } from '../../access';
import type { AuthUser } from '../../auth/auth-user';
import { ApiException } from '../../common/api-exception';
import { ProblemsService } from '../problems.service';
import { icpcPackageEntries } from './icpc-export';

export const EXPORT_TESTS_ADMINS_ONLY = "Only administrators may download a problem's package, because it holds the hidden tests.";

/** Downloads a problem as an ICPC problem package (a ZIP, streamed as yazl writes it). */
@Injectable()
export class PackageExportService {
  constructor(private readonly problems: ProblemsService) {}

  async export(problemId: number, user: AuthUser): Promise<StreamableFile> {
    // The route's guard lets the author through (canEditProblem); the hidden tests are still for admins only (SPEC 6).
    if (!canSeeTestCases(user)) throw ApiException.forbidden(EXPORT_TESTS_ADMINS_ONLY);
    const problem = await this.problems.get(problemId, user, true);
    const zip = new ZipFile();
    for (const entry of icpcPackageEntries({ ...problem, testCases: problem.testCases ?? [] }))
      zip.addBuffer(Buffer.from(entry.content, 'utf8'), entry.path);
    zip.end();
    // yazl types its output as the older NodeJS.ReadableStream; it is a PassThrough, a Readable.
    return new StreamableFile(zip.outputStream as Readable, {
      type: 'application/zip',
      disposition: `attachment; filename="problem-${problemId}.zip"`,
    });
  }
}
