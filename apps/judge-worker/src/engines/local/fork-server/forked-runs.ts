import { BoxCommand } from '../box-command';
import { SandboxResult } from '../box-run';
import { CgroupFactory } from '../cgroup';
import { RunBox } from '../run-box';
import { RunLimits } from '../sandbox-limits';
import { ForkedInterpreter, ForkServer } from './fork-server';

/**
 * A submission's forked runs: its fork server starts with its first test; once the server fails (it would not
 * start, a test killed it, it stopped answering), every remaining test of the submission runs as before. `run`
 * never throws: null means "run this test the usual way".
 */
export class ForkedRuns {
  private server: ForkServer | null = null;
  private failed = false;

  constructor(
    private readonly cgroups: CgroupFactory,
    private readonly warn: (message: string) => void,
  ) {}

  async run(
    box: RunBox,
    program: BoxCommand,
    interpreter: ForkedInterpreter,
    run: { stdin: string; limits: RunLimits; stdoutPath: string; signal?: AbortSignal },
  ): Promise<SandboxResult | null> {
    const { stdin, limits, stdoutPath, signal } = run;
    if (this.failed) return null;
    try {
      this.server ??= await ForkServer.start(box, this.cgroups, program, interpreter, limits);
    } catch (error) {
      this.warn(`Cannot start a fork server: ${(error as Error).message}`);
    }
    const result = this.server && (await this.server.run(stdin, limits, stdoutPath, signal));
    if (!result) {
      if (this.server?.diagnostics) this.warn(`The fork server ended: ${this.server.diagnostics.slice(0, 500)}`);
      this.failed = true;
      await this.end();
      this.failed = true;
    }
    return result;
  }

  /** Ends the server (the submission is graded); the next submission starts its own. */
  async end(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.failed = false;
    await server?.close();
  }
}
