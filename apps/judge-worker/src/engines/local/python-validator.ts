import { CPYTHON_LANGUAGE_ID, LanguageSpec } from './language-catalog';

/**
 * A Python 3 validator's "compile", run with python3 in the compile box over /box (its source main.py and its
 * support files): every .py file is compiled to catch a syntax error now, as a compile error, then all of them are
 * packed into one zip archive, `main`, the source as its __main__.py. python3 runs such an archive as a script
 * (`python3 main input answer feedback/`) with its modules importable, so a validator with helper modules is still
 * one cached file like a compiled checker.
 */
const PACK = `
import os, py_compile, sys, zipfile
names = sorted(n for n in os.listdir('.') if n != 'main')
broken = False
for name in names:
    if name.endswith('.py'):
        try:
            py_compile.compile(name, cfile='/tmp/check.pyc', doraise=True)
        except py_compile.PyCompileError as error:
            sys.stderr.write(error.msg + '\\n')
            broken = True
if broken:
    sys.exit(1)
with zipfile.ZipFile('main', 'w') as archive:
    for name in names:
        archive.write(name, '__main__.py' if name == 'main.py' else name)
`;

export const PYTHON_VALIDATOR_BUILD = {
  languageId: CPYTHON_LANGUAGE_ID,
  command: ['/usr/bin/python3', '-S', '-c', PACK],
};

/** The argv that runs a script language's program: its run command without the program's path (the last word). */
export function scriptInterpreter(spec: LanguageSpec): string[] {
  return spec.run(512).slice(0, -1);
}
