import { readFileSync } from 'fs';
import { join } from 'path';

/**
 * Our testlib-compatible header (a subset of testlib's API, not upstream testlib), beside this file in the source
 * tree and in the build (the build copies it). Checker compiles, and only they, see it read-only at
 * TESTLIB_BOX_DIR/testlib.h, with that directory on their include path.
 */
export const TESTLIB_HEADER_FILE = join(__dirname, 'testlib.h');
export const TESTLIB_BOX_DIR = '/opt/testlib';

/**
 * The header's text, part of every checker's cache key so a changed header rebuilds the checkers; null when a
 * build left it out (custom checkers then cannot compile, but the worker still grades everything else).
 */
export function testlibHeader(): string | null {
  try {
    return readFileSync(TESTLIB_HEADER_FILE, 'utf8');
  } catch {
    return null;
  }
}
