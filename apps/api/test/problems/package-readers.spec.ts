import { CUSTOM_CHECKER, ICPC_ACCEPTED, icpcPackage, MAIN_SOLUTION, polygonPackage, polygonXml, SUM_INTERACTOR } from '@oj/api-testing';

import { readIcpcPackage } from '../../src/problems/packages/icpc-package';
import { latexToMarkdown } from '../../src/problems/packages/latex-to-markdown';
import { PackageFiles } from '../../src/problems/packages/package-files';
import { readPolygonPackage } from '../../src/problems/packages/polygon-package';
import { readTestArchive } from '../../src/problems/zip/test-archive-reader';

// Custom checkers compile on a judge worker when saved, so what the readers make of them is checked here.
describe('package readers', () => {
  it('takes a Polygon checker that is not a standard rule as a custom checker on its source, and names the main solution', async () => {
    const files = new PackageFiles(await readTestArchive(await polygonPackage({ checker: 'check.cpp' })), ['problem.xml']);
    const reading = readPolygonPackage(files);
    expect(reading.problem.checker).toEqual({ type: 'custom', languageId: 54, source: CUSTOM_CHECKER });
    expect(reading.mainSolution).toEqual({ path: 'solutions/main.cpp', languageId: 54, source: MAIN_SOLUTION });
  });

  it("gives a Polygon checker and interactor the package's own testlib.h and the headers they include", async () => {
    const testlib = "// the package's testlib.h\n#pragma once\n";
    const geometry = '#include "testlib.h"\ninline int twice(int x) { return 2 * x; }\n';
    const interactor =
      '#include "geometry.h"\nint main(int argc, char* argv[]) { registerInteraction(argc, argv); quitf(_ok, "%d", twice(1)); }\n';
    const extra = [
      { name: 'files/testlib.h', content: testlib },
      { name: 'files/geometry.h', content: geometry },
      { name: 'files/unused.h', content: 'int unused;\n' },
    ];
    const zip = await polygonPackage({ checker: 'check.cpp', interactor, extra });
    const { problem } = readPolygonPackage(new PackageFiles(await readTestArchive(zip), ['problem.xml']));
    expect(problem.checker).toEqual({
      type: 'custom',
      languageId: 54,
      source: CUSTOM_CHECKER,
      supportFiles: [{ name: 'testlib.h', content: testlib }],
    });
    expect(problem.interactor?.supportFiles).toEqual([
      { name: 'geometry.h', content: geometry },
      { name: 'testlib.h', content: testlib },
    ]);
  });

  it("leaves out a package's testlib.h too large to carry, with a warning: this judge's serves", async () => {
    const huge = `// ${'x'.repeat(300 * 1024)}\n`;
    const zip = await polygonPackage({ checker: 'check.cpp', extra: [{ name: 'files/testlib.h', content: huge }] });
    const reading = readPolygonPackage(new PackageFiles(await readTestArchive(zip), ['problem.xml']));
    expect(reading.problem.checker).toEqual({ type: 'custom', languageId: 54, source: CUSTOM_CHECKER });
    expect(reading.warnings).toContain(
      "files/check.cpp's files (testlib.h) are more than a jury program may carry (16 files, 256 KiB together): they are left out, this judge's testlib.h serves instead.",
    );
  });

  it("keeps an ICPC testlib validator's folder files, its own testlib.h among them, as support files", async () => {
    const testlib = '// upstream\n';
    const files = new PackageFiles(
      await readTestArchive(await icpcPackage({ extra: [{ name: 'output_validators/check/testlib.h', content: testlib }] })),
      ['problem.yaml'],
    );
    expect(readIcpcPackage(files).problem.checker).toEqual({
      type: 'custom',
      languageId: 54,
      source: CUSTOM_CHECKER,
      supportFiles: [{ name: 'testlib.h', content: testlib }],
    });
  });

  it('leaves out a Polygon group without tests, which would be a subtask without tests', async () => {
    const xml = polygonXml().replace('<groups>', '<groups>\n        <group name="empty" points="0" points-policy="complete-group"/>');
    const reading = readPolygonPackage(new PackageFiles(await readTestArchive(await polygonPackage({ xml })), ['problem.xml']));
    expect(reading.problem.subtasks.map((s) => s.name)).toEqual(['Group 0', 'Group 1', 'Group 2']);
    expect(reading.warnings).toContain('Group empty has no tests: it is left out.');
  });

  it("judges the tests a groupless Polygon package makes worth 0 in a 0-point gate, so the total is the package's", async () => {
    const groupless = polygonXml()
      .replace(/\s*<groups>[\s\S]*<\/groups>/, '')
      .replace(/ group="\d+"/g, '');
    const read = async (xml: string) =>
      readPolygonPackage(new PackageFiles(await readTestArchive(await polygonPackage({ xml })), ['problem.xml']));
    const { problem, warnings } = await read(groupless);
    expect(problem.subtasks).toEqual([{ name: 'Tests worth 0 points', scoring: 'min', points: 0 }]);
    expect(problem.testCases.map((c) => [c.points, c.subtask])).toEqual([
      [1, 0],
      [20, undefined],
      [20, undefined],
      [10, undefined],
      [15, undefined],
    ]);
    expect(warnings.some((w) => w.startsWith('Points changed'))).toBe(false);
    // Every test worth 0: a problem worth nothing cannot be scored, so each counts 1 point, as the warning says.
    const worthless = await read(groupless.replace(/points="\d+"/g, 'points="0"'));
    expect(worthless.problem.subtasks).toEqual([]);
    expect(worthless.problem.testCases.map((c) => c.points)).toEqual([1, 1, 1, 1, 1]);
    expect(worthless.warnings.find((w) => w.startsWith('Points changed'))).toMatch(/test 1 \(0 → 1\)/);
  });

  it('warns when a Polygon checker gives points (quitp) on tests the package makes worth 0', async () => {
    const checker = '#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitp(10.0, "optimal"); }\n';
    const xml = polygonXml({ checker: 'check.cpp' }).replace('files/check.cpp', 'files/scoring.cpp');
    const zip = await polygonPackage({ xml, extra: [{ name: 'files/scoring.cpp', content: checker }] });
    const reading = readPolygonPackage(new PackageFiles(await readTestArchive(zip), ['problem.xml']));
    expect(reading.warnings).toContain(
      "The checker gives points (quitp) on test 1, worth 0 points in the package: here a checker's points count up to what the test is worth, which for such a test is nothing or 1 point, so scores differ from Polygon's. Give the tests their points in the problem form.",
    );
    const plain = readPolygonPackage(
      new PackageFiles(await readTestArchive(await polygonPackage({ checker: 'check.cpp' })), ['problem.xml']),
    );
    expect(plain.warnings.some((w) => w.includes('quitp'))).toBe(false);
  });

  it('takes a testlib output validator of an ICPC package as the custom checker, and its first accepted submission', async () => {
    const files = new PackageFiles(await readTestArchive(await icpcPackage()), ['problem.yaml']);
    expect(readIcpcPackage(files)).toMatchObject({
      problem: { checker: { type: 'custom', languageId: 54, source: CUSTOM_CHECKER } },
      warnings: [],
      mainSolution: { path: 'submissions/accepted/sum.py', languageId: 71, source: ICPC_ACCEPTED },
    });
  });

  it("reads a Polygon interactive package's <interactor> as the problem's interactor, beside its checker", async () => {
    const files = new PackageFiles(await readTestArchive(await polygonPackage({ interactor: SUM_INTERACTOR })), ['problem.xml']);
    const reading = readPolygonPackage(files);
    expect(reading.problem.interactor).toEqual({ languageId: 54, source: SUM_INTERACTOR });
    expect(reading.problem.checker).toEqual({ type: 'tokens' });
    expect(
      readPolygonPackage(new PackageFiles(await readTestArchive(await polygonPackage()), ['problem.xml'])).problem.interactor,
    ).toBeUndefined();
  });

  it('takes the testlib validator of a `custom interactive` ICPC package as the interactor, the checker from its flags', async () => {
    const yaml = 'name: Guess\nvalidation: custom interactive\nvalidator_flags: case_sensitive space_change_sensitive\n';
    const files = new PackageFiles(await readTestArchive(await icpcPackage({ yaml, validator: SUM_INTERACTOR })), ['problem.yaml']);
    expect(readIcpcPackage(files)).toMatchObject({
      problem: { checker: { type: 'lines' }, interactor: { languageId: 54, source: SUM_INTERACTOR } },
      warnings: [],
    });
  });

  it('takes the validator of a `custom interactive` ICPC package that is not testlib as an ICPC-protocol interactor', async () => {
    const yaml = 'name: Guess\nvalidation: custom interactive\nvalidator_flags: 7 strict\n';
    const validator = 'int main() { return 42; }\n';
    const files = new PackageFiles(await readTestArchive(await icpcPackage({ yaml, validator })), ['problem.yaml']);
    const reading = readIcpcPackage(files);
    expect(reading.problem.interactor).toEqual({
      protocol: 'icpc',
      languageId: 54,
      source: validator,
      supportFiles: [],
      validatorFlags: ['7', 'strict'],
    });
    expect(reading.warnings).toEqual([]);
  });

  it('reads a package zipped with its folder', async () => {
    const zip = await readTestArchive(await icpcPackage());
    const files = new PackageFiles(
      zip.map((f) => ({ ...f, path: `pair-sums/${f.path}` })),
      ['problem.yaml'],
    );
    expect(readIcpcPackage(files).problem.title).toBe('Pair sums');
  });

  it('converts the usual LaTeX, keeps math byte for byte and reports the rest', () => {
    expect(
      latexToMarkdown(
        '\\begin{enumerate}\n\\item $a_1 \\% 2$ --- odd\n\\item \\textbf{\\emph{both}}\n\\end{enumerate}\n\\section{X} 50\\%',
      ),
    ).toEqual({
      markdown: '1. $a_1 \\% 2$ — odd\n1. ***both***\n\n\\section{X} 50%',
      leftovers: ['\\section'],
    });
  });

  it('converts nesting in one scan: 50,000 levels in well under a second (issue 32)', () => {
    const started = performance.now();
    const { markdown } = latexToMarkdown(`${'\\emph{'.repeat(50_000)}deep${'}'.repeat(50_000)} and \\textbf{{x}}`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(markdown).toBe(`${'*'.repeat(50_000)}deep${'*'.repeat(50_000)} and **{x}**`);
  });

  it('leaves a command whose brace never closes as it is, and unclosed math as text', () => {
    expect(latexToMarkdown('\\textbf{open and \\emph{closed} $x and $$y')).toEqual({
      markdown: '\\textbf{open and *closed* $x and $$y',
      leftovers: ['\\textbf'],
    });
  });
});
