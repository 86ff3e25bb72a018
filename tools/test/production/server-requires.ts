import { readdirSync, readFileSync } from 'fs';
import { isBuiltin } from 'module';
import { join } from 'path';

/** A package the servers load at run time, and one file that requires it. */
export interface PackageRequire {
  /** What the file passes to `require` (a package, or a file inside one). */
  specifier: string;
  /** The package's name: `@scope/name` or `name`. */
  name: string;
  file: string;
}

function javascriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Every `require` of a package in the given compiled files and folders (tsc writes imports, dynamic ones too, as
 * `require("…")`): not Node's own modules, not relative paths, not the workspace's `@oj/*` libs.
 */
export function packageRequires(paths: string[]): PackageRequire[] {
  const files = paths.flatMap((path) => (path.endsWith('.js') ? [path] : javascriptFiles(path)));
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\brequire\((["'])([^"'.][^"']*)\1\)/g)]
      .map((match) => match[2])
      .filter((specifier) => !isBuiltin(specifier) && !specifier.startsWith('@oj/'))
      .map((specifier) => ({
        specifier,
        name: specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
        file,
      })),
  );
}
