import { readHead } from '../read-head';
import { SandboxResult } from './run-supervision';

const COMPILER_OUTPUT_CAP = 16 * 1024;

/** Null when a compile run succeeded, otherwise what went wrong: the (capped) compiler output, or the limit hit. */
export function compileFailure(run: SandboxResult, stdoutPath: string): string | null {
  if (run.termination === 'exited' && run.exitCode === 0) return null;
  const output = Buffer.concat([run.stderr, readHead(stdoutPath, COMPILER_OUTPUT_CAP)])
    .toString('utf8')
    .slice(0, COMPILER_OUTPUT_CAP)
    .trim();
  if (run.termination === 'cpu-limit' || run.termination === 'wall-limit') return `Compilation time limit exceeded.\n${output}`.trim();
  if (run.termination === 'memory-limit') return `Compilation memory limit exceeded.\n${output}`.trim();
  return (
    output ||
    (run.exitCode === null ? `The compiler was killed (${run.signal ?? 'a signal'}).` : `Compiler exited with code ${run.exitCode}.`)
  );
}
