import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { RunOutcome } from '../../../src/engines/judge-engine';
import { LocalEngine } from '../../../src/engines/local/local-engine';
import { removeTree } from '../work-roots';

/** What a test file compares: a run's outcome with its standard output read. */
export type Ran = Omit<RunOutcome, 'stdoutPath' | 'stderr'> & { stdout: string; stderr: string };

/** Two engines over one work root: tests of Python run as children of a fork server in `on`, fresh in `off`. */
export class ForkedEngines {
  readonly workRoot = mkdtempSync(join(tmpdir(), 'oj-judge-fork-'));
  readonly warnings: string[] = [];
  readonly on = this.engine(true);
  readonly off = this.engine(false);

  private engine(forkServer: boolean): LocalEngine {
    const logger = { log: () => undefined, warn: (m: string) => this.warnings.push(m) };
    return new LocalEngine({ workRoot: this.workRoot, logger, forkServer });
  }

  /** Runs `source` on every input in one submission; each outcome with its output. */
  async run(
    engine: LocalEngine,
    languageId: number,
    source: string,
    inputs: string[],
    limits = { cpuSeconds: 2, memoryMb: 128, outputMb: 8 },
  ): Promise<Ran[]> {
    const program = await engine.compile({ languageId, sourceCode: source });
    const ran: Ran[] = [];
    try {
      const feed = async function* () {
        for (const [i, stdin] of inputs.entries()) yield { stdin, label: `test ${i + 1}` };
      };
      for await (const outcome of program.runMany(feed(), limits)) {
        const { stdoutPath, stderr, ...rest } = outcome;
        ran.push({ ...rest, stdout: readFileSync(stdoutPath, 'utf8'), stderr: stderr.toString() });
      }
    } finally {
      await program.release();
    }
    return ran;
  }

  async close(): Promise<void> {
    await Promise.all([this.on.close(), this.off.close()]);
    removeTree(this.workRoot);
  }
}
