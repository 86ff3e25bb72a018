import { zipFile } from './zip-file';

/** A small Polygon package (problem.xml, built tests, a LaTeX legend with math), written to a temporary file. */
export function polygonPackage(name: string): Promise<string> {
  const files: Record<string, string> = {
    'problem.xml': `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="double"><names><name language="english" value="${name}"/></names>
<judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
<input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
<tests><test method="manual" sample="true"/><test method="manual"/></tests></testset></judging>
<assets><checker name="std::wcmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
<solutions><solution tag="main"><source path="solutions/main.py" type="python.3"/></solution></solutions></assets></problem>`,
    'statement-sections/english/legend.tex': 'Print \\textbf{twice} the number $n^2$.',
    'tests/01': '1\n',
    'tests/01.a': '2\n',
    'tests/02': '5\n',
    'tests/02.a': '10\n',
    'solutions/main.py': 'print(2 * int(input()))\n',
  };
  return zipFile(files, 'double.zip');
}
