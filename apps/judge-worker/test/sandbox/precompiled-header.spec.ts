import { TestCaseData } from '@oj/contracts';
import { spawnSync } from 'child_process';
import { chmodSync, copyFileSync, lstatSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { CPP_LANGUAGE_ID, discoverLanguages, LANGUAGE_SPECS } from '../../src/engines/local/language-catalog';
import { LocalEngine } from '../../src/engines/local/local-engine';
import { systemHeader } from '../../src/engines/local/precompiled-header';
import { graderOf } from '../grading/grader-of';
import { sumTests } from './engine-fixture';
import { describeDamaged, enginesWithMadeFile } from './worker-made-files';

const pch = LANGUAGE_SPECS.find((s) => s.id === CPP_LANGUAGE_ID)!.precompiledHeader!;
const hasCpp = discoverLanguages().some((l) => l.language.id === CPP_LANGUAGE_ID);

const SUM = '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';
const PRODUCT = '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a*b<<"\\n";}';
const IOSTREAM_SUM = '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';
const SYNTAX_ERROR = '#include <bits/stdc++.h>\nint main(){ this is not C++ }';
/** Macros defined before the include do not fit the .gch: GCC must read the header itself, without a word. */
const MACRO_FIRST_ERROR =
  '#define ONLINE_JUDGE 1\n#include <bits/stdc++.h>\nint main(){ std::vector<int> v; return v.size() + undeclared; }';
/** Prints whether the compile took <bits/stdc++.h> from the test's marked .gch (see markedHeader). */
const MARKED = '#include <bits/stdc++.h>\nint main(){\n#ifdef OJ_PCH_MARK\nstd::cout<<1<<"\\n";\n#else\nstd::cout<<0<<"\\n";\n#endif\n}';
const markedTest = (expected: number): TestCaseData[] => [{ input: '', output: `${expected}\n`, points: 1 }];

/** A .gch of <bits/stdc++.h> plus one macro, with the compile's flags: a compile that uses it sees the macro. */
function markedHeader(dir: string): string {
  const header = join(dir, 'marked.h');
  writeFileSync(header, `#include <${pch.header}>\n#define OJ_PCH_MARK 1\n`);
  const gch = join(dir, 'marked.h.gch');
  const built = spawnSync(pch.compiler, ['-x', `${pch.language}-header`, ...pch.flags, '-o', gch, header], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`cannot build the marked header: ${built.stderr}`);
  return gch;
}

function grade(engine: LocalEngine, sourceCode: string, testCases: TestCaseData[] = sumTests) {
  return graderOf(engine).grade({ languageId: CPP_LANGUAGE_ID, sourceCode, cpuTimeLimit: 5, memoryLimit: 256, testCases });
}

(hasCpp ? describe : describe.skip)('C++ precompiled <bits/stdc++.h>', () => {
  const open = enginesWithMadeFile({ prefix: 'pch', file: `${pch.header}.gch`, languageIds: [CPP_LANGUAGE_ID] });
  const scratch = mkdtempSync(join(tmpdir(), 'oj-pch-mark-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  let withHeader: LocalEngine;
  let mode = 0;
  beforeAll(() => {
    const marked = markedHeader(scratch);
    withHeader = open((gch) => {
      mode = lstatSync(gch).mode & 0o777;
      chmodSync(gch, 0o644);
      copyFileSync(marked, gch);
    });
  }, 180_000);

  it("finds the system's header where the compiler's own preprocessor takes it from", () => {
    const included = spawnSync(pch.compiler, ['-x', pch.language, ...pch.flags, '-E', '-H', '-o', '/dev/null', '-'], {
      input: `#include <${pch.header}>\n`,
      encoding: 'utf8',
    });
    const first = /^\. (\S+)$/m.exec(included.stderr)?.[1];
    expect(first).toBeTruthy();
    expect(systemHeader(pch)).toBe(first);
  });

  it('is built by the worker into its work root, read-only, and compiles in the box take the header from it', async () => {
    expect(mode).toBe(0o444);
    expect(await grade(withHeader, MARKED, markedTest(1))).toMatchObject({ status: 'accepted' });
    expect(await grade(withHeader, SUM)).toMatchObject({ status: 'accepted', score: 100 });
    expect(await grade(withHeader, IOSTREAM_SUM)).toMatchObject({ status: 'accepted', score: 100 });
  }, 120_000);

  // What the engine with the header says of each failing source, graded once for both damages: every compile
  // without the header reads all of <bits/stdc++.h>, seconds of CPU each.
  const withHeaderSays = new Map<string, Promise<Awaited<ReturnType<typeof grade>>>>();
  const gradedWithHeader = (source: string) => {
    if (!withHeaderSays.has(source)) withHeaderSays.set(source, grade(withHeader, source));
    return withHeaderSays.get(source)!;
  };

  const verdictsWithout = (engine: () => LocalEngine) => {
    it('compiles from the header itself, with the same verdicts and compiler messages', async () => {
      // Accepted without the mark: compiled and run from the header itself.
      expect(await grade(engine(), MARKED, markedTest(0))).toMatchObject({ status: 'accepted' });
      expect(await grade(engine(), PRODUCT)).toMatchObject({ status: 'wrong_answer', score: 0 });
      for (const source of [SYNTAX_ERROR, MACRO_FIRST_ERROR]) {
        const [used, without] = [await gradedWithHeader(source), await grade(engine(), source)];
        expect(used.status).toBe('ce');
        expect(used.message).toBe(without.message);
        expect(used.message).not.toMatch(/pch|precompiled/i);
      }
    }, 120_000);
  };

  describeDamaged(open, verdictsWithout);
});
