import { readdir, readFile, writeFile } from 'fs/promises';
import { join, resolve } from 'path';
import { promisify } from 'util';
import type { Plugin } from 'vite';
import { brotliCompress, constants, gzip } from 'zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files the server sends; source maps stay raw (served only with WEB_SOURCE_MAPS, for debugging). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|ico|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Writes file.br and file.gz beside the file, each only when it is smaller than the file itself. */
async function precompressFile(file: string): Promise<void> {
  const body = await readFile(file);
  const variants: [string, Buffer][] = [
    ['.br', await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })],
    ['.gz', await gzipAsync(body, { level: 9 })],
  ];
  await Promise.all(variants.filter(([, packed]) => packed.length < body.length).map(([ext, packed]) => writeFile(file + ext, packed)));
}

/**
 * After the build, compresses every text file once at maximum level, so the API serves .br/.gz variants
 * (express-static-gzip) without compressing anything per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'oj-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
