import { spawnSync } from 'child_process';
import { existsSync } from 'fs';

import { discoverLanguages, JAVA_LANGUAGE_ID, LANGUAGE_SPECS } from '../../src/engines/local/language-catalog';

/** Languages whose version is read from a file of the installation: it must say what the toolchain itself says. */
const READ_FROM_FILES = [
  { id: JAVA_LANGUAGE_ID, binary: '/usr/bin/javac', args: ['-version'], said: /javac (\S+)/ },
  { id: 60, binary: '/usr/bin/go', args: ['version'], said: /go version go(\d[\d.]*)/ },
];

describe('language versions read from the installation', () => {
  for (const { id, binary, args, said } of READ_FROM_FILES) {
    const title = `names ${binary}'s version as \`${binary} ${args.join(' ')}\` says it`;
    (existsSync(binary) ? it : it.skip)(existsSync(binary) ? title : `${title} (skipped: ${binary} is not installed)`, () => {
      const out = spawnSync(binary, args, { encoding: 'utf8' });
      const version = said.exec(`${out.stdout}\n${out.stderr}`)?.[1];
      expect(version).toBeTruthy();
      const [found] = discoverLanguages(LANGUAGE_SPECS.filter((spec) => spec.id === id));
      expect(found.language.name).toBe(found.spec.label.replace('{v}', version!));
    });
  }
});
