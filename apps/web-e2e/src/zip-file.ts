import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ZipFile } from 'yazl';

/** A .zip of these files (path → content) written to a temporary file for a file input; answers its path. */
export async function zipFile(files: Record<string, string>, name: string): Promise<string> {
  const zip = new ZipFile();
  for (const [path, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), path);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const file = join(mkdtempSync(join(tmpdir(), 'oj-e2e-zip-')), name);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}
