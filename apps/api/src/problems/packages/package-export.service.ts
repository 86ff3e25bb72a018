import { Injectable, StreamableFile } from '@nestjs/common';
import { Readable } from 'stream';
import { ZipFile } from 'yazl';

import type { AuthUser } from '../../auth/auth-user';
import { ProblemsService } from '../problems.service';
import { icpcPackageEntries } from './icpc-export';

/**
 * Downloads a problem as an ICPC problem package (a ZIP, streamed as yazl writes it), for admins and its author, with
 * what the downloader may read (ProblemsService.packageOf).
 */
@Injectable()
export class PackageExportService {
  constructor(private readonly problems: ProblemsService) {}

  async export(problemId: number, user: AuthUser): Promise<StreamableFile> {
    const problem = await this.problems.packageOf(problemId, user);
    const zip = new ZipFile();
    for (const entry of icpcPackageEntries(problem)) zip.addBuffer(Buffer.from(entry.content, 'utf8'), entry.path);
    zip.end();
    // yazl types its output as the older NodeJS.ReadableStream; it is a PassThrough, a Readable.
    return new StreamableFile(zip.outputStream as Readable, {
      type: 'application/zip',
      disposition: `attachment; filename="problem-${problemId}.zip"`,
    });
  }
}
