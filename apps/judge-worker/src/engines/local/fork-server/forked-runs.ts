import { MEMORY_LIMIT_MB } from '@oj/contracts';

import { BoxCommand } from '../box-command';
import { CgroupFactory } from '../cgroup';
import { RunBox } from '../run-box';
import { SandboxResult } from '../run-supervision';
import { COMPILE_LIMITS, RUN_FILE_BYTES, runLimits } from '../sandbox-limits';
import { ForkedInterpreter, RunLimits } from '../sandbox-types';
import { ForkedLanguage, ForkedResult, ForkedTask, ForkServer } from './fork-server';

/** A server started before its submission serves tests of any memory limit a problem may have. */
const PRE_START_CEILING: RunLimits = { ...runLimits(1, MEMORY_LIMIT_MB.max, 0), fileBytes: RUN_FILE_BYTES };
/** The syntax check's: a compile's, but the run box's file size (it writes no file), so any server serves it. */
const SYNTAX_CHECK_LIMITS: RunLimits = { ...COMPILE_LIMITS, fileBytes: RUN_FILE_BYTES };
/** The least a test may have: a server that serves these serves the language. */
const LEAST_LIMITS: RunLimits = runLimits(1, MEMORY_LIMIT_MB.min, 0);

/**
 * A slot's forked runs in its run box. The server may be started before a submission arrives (`preStart`, by a
 * warm slot after its reset), or with the first test; it serves the next submission too while it can (`end`, see
 * ForkServer.canServeAnother), so an idle judge's next submission finds it started and its first child waiting in
 * its cgroup. Once it fails (it would not start, a test killed it, it stopped answering), every remaining test of
 * the submission runs as before. `run` never throws: null means "run this test the usual way".
 */
export class ForkedRuns {
  private server: Promise<ForkServer | null> | null = null;
  private failed = false;
  private keepAlive = true;
  /** Servers being closed: the run box is not free for anything else until they are. */
  private closing: Promise<void> = Promise.resolve();

  constructor(
    private readonly cgroups: CgroupFactory,
    private readonly warn: (message: string) => void,
  ) {}

  /** Starts a server for `language` in the background, ready for a submission in it; a no-op while one is there. */
  preStart(box: RunBox, language: ForkedLanguage): void {
    this.server ??= this.start(box, language, PRE_START_CEILING);
  }

  /** A test; with `checkSyntaxFirst`, the submission's syntax check too, in the same child (see ForkedTask). */
  run(
    box: RunBox,
    command: BoxCommand,
    interpreter: ForkedInterpreter,
    run: { stdin: string; limits: RunLimits; stdoutPath: string; signal?: AbortSignal },
    checkSyntaxFirst = false,
  ): Promise<ForkedResult | null> {
    return this.serve(box, { command, interpreter }, run, checkSyntaxFirst ? 'checked-test' : 'test');
  }

  /**
   * The submission's syntax check (its compile step) alone, as a child of its server: no interpreter starts for it
   * (where it is not folded into the first test, see `run`). Null, as for `run`, means "check it the usual way" (in
   * the compile box).
   */
  checkSyntax(box: RunBox, language: ForkedLanguage, check: { stdoutPath: string; signal?: AbortSignal }): Promise<SandboxResult | null> {
    return this.serve(box, language, { ...check, stdin: '', limits: SYNTAX_CHECK_LIMITS }, 'syntax-check');
  }

  private async serve(
    box: RunBox,
    { command, interpreter }: ForkedLanguage,
    run: { stdin: string; limits: RunLimits; stdoutPath: string; signal?: AbortSignal },
    task: ForkedTask,
  ): Promise<ForkedResult | null> {
    const { stdin, limits, stdoutPath, signal } = run;
    if (this.failed) return null;
    let server = await this.server;
    if (server && !server.serves(command, limits)) {
      // Pre-started for another interpreter, or for lower limits: this submission starts its own.
      await this.stop();
      server = null;
    }
    if (!server) {
      const ceiling = { ...limits, memoryBytes: Math.max(limits.memoryBytes, PRE_START_CEILING.memoryBytes) };
      this.server = this.start(box, { command, interpreter }, ceiling);
      server = await this.server;
    }
    const result = server && (await server.run(stdin, limits, stdoutPath, signal, task));
    if (!result) {
      if (server?.diagnostics) this.warn(`The fork server ended: ${server.diagnostics.slice(0, 500)}`);
      await this.stop();
      this.failed = true;
    }
    return result;
  }

  /**
   * The submission is in `language` (undefined: its tests are not forked): a server pre-started for another is
   * closed in the background, while the submission compiles.
   */
  expect(language: ForkedLanguage | undefined): void {
    const server = this.server;
    void server?.then((started) => {
      if (this.server === server && !(language && started?.serves(language.command, LEAST_LIMITS))) void this.detach();
    });
  }

  /** Closes the server, if any: the run box is free for other runs (the submission's tests do not start another). */
  async stop(): Promise<void> {
    await this.detach();
  }

  private detach(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.closing = this.closing.then(async () => (await server)?.close());
    return this.closing;
  }

  /**
   * The submission is graded: its server stays for the next one if `keep` (the run box stays too) and it can serve
   * another; otherwise it is closed, and the next submission gets a fresh one.
   */
  async end(keep: boolean): Promise<void> {
    const pending = this.server;
    const server = this.failed ? null : await pending;
    // Kept only if nothing detached it meanwhile (`expect` closes a server its submission's language cannot use).
    if (keep && this.server === pending && server?.canServeAnother()) server.submissionEnded();
    else await this.stop();
    this.failed = false;
  }

  /** See ForkServer.keepsProcessAlive. */
  keepsProcessAlive(keep: boolean): void {
    this.keepAlive = keep;
    void this.server?.then((server) => server?.keepsProcessAlive(keep));
  }

  private async start(box: RunBox, language: ForkedLanguage, ceiling: RunLimits): Promise<ForkServer | null> {
    // The run box runs one thing at a time: a server being closed (detached by `expect`, `stop` or `end`) goes first.
    await this.closing;
    try {
      const server = await ForkServer.start(box, this.cgroups, language, ceiling);
      server?.keepsProcessAlive(this.keepAlive);
      return server;
    } catch (error) {
      this.warn(`Cannot start a fork server: ${(error as Error).message}`);
      return null;
    }
  }
}
