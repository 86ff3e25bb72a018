import { buildZip, ZipEntry } from './zip-builder';

export interface PolygonFixtureOptions {
  checker?: string;
  /** Leave these test numbers (1-based) out of the archive. */
  missing?: number[];
  /** Mark every test generated and leave them all out, as Polygon's standard package does. */
  unbuilt?: boolean;
  extra?: ZipEntry[];
  xml?: string;
  /** Make it interactive: this interactor as files/interactor.cpp, named in problem.xml's assets. */
  interactor?: string;
}

const TESTS = [
  { input: '1 2\n', answer: '3\n', sample: true, group: '0', points: 0 },
  { input: '5 7\n', answer: '12\n', group: '1', points: 20 },
  { input: '10 20\n', answer: '30\n', group: '1', points: 20 },
  { input: '100 200\n', answer: '300\n', group: '2', points: 10 },
  { input: '1000 2000\n', answer: '3000\n', group: '2', points: 15 },
];

export const POLYGON_LEGEND = String.raw`Given two integers $a$ and $b$, print their \textbf{sum} $a + b$.
Read the \emph{whole} input: <<a~and~b>>.
\begin{itemize}
\item first $a \le 10^9$;
\item then \t{b}.
\end{itemize}
\includegraphics{a.png}`;

/** problem.xml as Polygon writes it (revision, names, one test set with groups, checker, main solution). */
export function polygonXml({ checker = 'std::wcmp.cpp', unbuilt = false, interactor }: PolygonFixtureOptions = {}): string {
  const tests = TESTS.map(
    (t) =>
      `        <test method="${unbuilt ? 'generated' : 'manual'}"${unbuilt ? ' cmd="gen 1"' : ''} points="${t.points}" group="${t.group}"${t.sample ? ' sample="true"' : ''}/>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="a-plus-b" url="https://polygon.codeforces.com/p/x/a-plus-b">
  <names>
    <name language="russian" value="А плюс Б"/>
    <name language="english" value="A plus B"/>
  </names>
  <statements>
    <statement charset="UTF-8" language="english" mathjax="true" path="statements/english/problem.tex" type="application/x-tex"/>
  </statements>
  <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1500</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>${TESTS.length}</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
${tests}
      </tests>
      <groups>
        <group feedback-policy="complete" name="0" points="0" points-policy="each-test"/>
        <group feedback-policy="icpc" name="1" points="40" points-policy="complete-group"/>
        <group feedback-policy="complete" name="2" points-policy="each-test"/>
      </groups>
    </testset>
  </judging>
  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
  </files>
  <assets>
    <checker name="${checker}" type="testlib">
      <source path="files/check.cpp" type="cpp.g++17"/>
      <binary path="check.exe" type="exe.win32"/>
      <copy path="check.cpp"/>
    </checker>
${interactor ? '    <interactor>\n      <source path="files/interactor.cpp" type="cpp.g++17"/>\n    </interactor>\n' : ''}    <solutions>
      <solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
    </solutions>
  </assets>
</problem>
`;
}

/**
 * A testlib interactor for the fixtures' A + B: it sends the test's a and b, reads the sum, and writes it to its
 * output file, which the checker compares with the answer.
 */
export const SUM_INTERACTOR = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  long long a = inf.readLong(), b = inf.readLong();
  printf("%lld %lld\\n", a, b);
  fflush(stdout);
  long long sum = ouf.readLong();
  if (sum != a + b) quitf(_wa, "%lld is not %lld", sum, a + b);
  tout << sum << std::endl;
  quitf(_ok, "right");
}
`;

export const CUSTOM_CHECKER =
  '#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "fine"); }\n';

/** The Polygon package's main solution (tag `main`): right on every test. */
export const MAIN_SOLUTION = '#include <cstdio>\nint main(){long a,b;scanf("%ld%ld",&a,&b);printf("%ld\\n",a+b);}\n';
/** The ICPC package's accepted submission; the README beside it and the rejected one are passed over. */
export const ICPC_ACCEPTED = 'a, b = map(int, input().split())\nprint(a + b)\n';

/** A Polygon package (the Linux kind: tests built) in its documented layout, zipped. */
export function polygonPackage(options: PolygonFixtureOptions = {}): Promise<Buffer> {
  const entries: ZipEntry[] = [
    { name: 'problem.xml', content: options.xml ?? polygonXml(options) },
    { name: 'files/check.cpp', content: CUSTOM_CHECKER },
    { name: 'solutions/main.cpp', content: MAIN_SOLUTION },
    { name: 'statement-sections/english/legend.tex', content: POLYGON_LEGEND },
    { name: 'statement-sections/english/input.tex', content: 'One line: $a$ and $b$ ($1 \\le a, b \\le 10^9$).' },
    { name: 'statement-sections/english/output.tex', content: 'Print $a+b$.' },
    { name: 'statement-sections/english/notes.tex', content: 'Mind the \\textbf{overflow}.' },
    { name: 'doall.sh', content: 'gen 1 > 2\n' },
    ...(options.interactor ? [{ name: 'files/interactor.cpp', content: options.interactor }] : []),
    ...(options.extra ?? []),
  ];
  if (!options.unbuilt)
    TESTS.forEach((t, i) => {
      if (options.missing?.includes(i + 1)) return;
      const n = String(i + 1).padStart(2, '0');
      entries.push({ name: `tests/${n}`, content: t.input }, { name: `tests/${n}.a`, content: t.answer });
    });
  return buildZip(entries);
}

/** An ICPC (Kattis) package: problem.yaml, samples, two scored groups, a testlib output validator, a Markdown statement. */
export function icpcPackage({
  validator = CUSTOM_CHECKER,
  yaml,
  extra = [],
}: { validator?: string; yaml?: string; extra?: ZipEntry[] } = {}): Promise<Buffer> {
  return buildZip([
    {
      name: 'problem.yaml',
      content: yaml ?? 'name: {en: Pair sums, de: Paarsummen}\nvalidation: custom\nlimits:\n  time_limit: 2.5\n  memory: 512\n',
    },
    { name: 'problem_statement/problem.en.md', content: 'Sum $a+b$.\n\n## Input\n\nTwo numbers.\n\n## Output\n\nOne number.\n' },
    { name: 'data/sample/1.in', content: '1 1\n' },
    { name: 'data/sample/1.ans', content: '2\n' },
    { name: 'data/secret/g1/testdata.yaml', content: 'score: 30\naggregation: min\n' },
    { name: 'data/secret/g1/a.in', content: '2 2\n' },
    { name: 'data/secret/g1/a.ans', content: '4\n' },
    { name: 'data/secret/g2/testdata.yaml', content: 'score: 70\naggregation: sum\n' },
    { name: 'data/secret/g2/1.in', content: '3 3\n' },
    { name: 'data/secret/g2/1.ans', content: '6\n' },
    { name: 'data/secret/g2/2.in', content: '4 4\n' },
    { name: 'data/secret/g2/2.ans', content: '8\n' },
    { name: 'output_validators/check/check.cpp', content: validator },
    { name: 'submissions/accepted/README', content: 'Solutions that pass every test.\n' },
    { name: 'submissions/accepted/sum.py', content: ICPC_ACCEPTED },
    { name: 'submissions/wrong_answer/off.py', content: 'print(0)\n' },
    ...extra,
  ]);
}
