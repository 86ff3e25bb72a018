import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  allowScripts: Record<string, boolean>;
  scarfSettings: { enabled: boolean };
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

/** The name of a lock entry's package: the part after its last `node_modules/`. */
const packageName = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * Whether a package of the lock has an install script: the lock says so for some (a native build), the installed
 * manifest for the rest (the lock leaves out esbuild's and nx's postinstall).
 */
function hasInstallScript(path: string, entry: { hasInstallScript?: boolean }): boolean {
  if (entry.hasInstallScript) return true;
  const installed = join(root, path, 'package.json');
  if (!existsSync(installed)) return false;
  const { scripts = {} } = JSON.parse(readFileSync(installed, 'utf8')) as { scripts?: Record<string, string> };
  return ['preinstall', 'install', 'postinstall'].some((script) => script in scripts);
}

// Issue 34: npm 11 runs a dependency's install scripts only when package.json's allowScripts approves them, and
// warns about every other one at the end of each install.
describe('install scripts', () => {
  it('approves exactly the ones the project needs: argon2 and msgpackr-extract (native builds), esbuild and nx (their binaries)', () => {
    const approved = Object.keys(manifest.allowScripts).filter((name) => manifest.allowScripts[name]);
    expect(approved.sort()).toEqual(['argon2', 'esbuild', 'msgpackr-extract', 'nx']);
  });

  it('decides on every package of the lock that has one, so a fresh npm install warns about none', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path && hasInstallScript(path, entry))
      .map(([path]) => packageName(path));
    expect(withScripts).toEqual(expect.arrayContaining(['argon2', 'esbuild', 'msgpackr-extract', 'nx', '@scarf/scarf']));
    expect(withScripts.filter((name) => !(name in manifest.allowScripts))).toEqual([]);
  });

  it("turns off swagger-ui-dist's Scarf telemetry, whose script is denied anyway", () => {
    expect(manifest.scarfSettings).toEqual({ enabled: false });
    expect(manifest.allowScripts['@scarf/scarf']).toBe(false);
  });
});
