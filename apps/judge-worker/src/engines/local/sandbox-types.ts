/**
 * Shapes that the sandbox's modules share (the box's command, its mounts, the time limits, the language catalog
 * and the fork server), kept apart from the code of each so that none of those modules imports another only for
 * a type: the sandbox's files import one another without a circle (tools/test/import-cycles.spec.ts).
 */

/** What one sandboxed run may use. */
export interface RunLimits {
  /** CPU time of the whole process tree, milliseconds. */
  cpuMs: number;
  /** Wall clock, milliseconds (see time-limit.ts). */
  wallMs: number;
  memoryBytes: number;
  maxPids: number;
  stdoutBytes: number;
  stderrBytes: number;
  /** Largest file the program may write (RLIMIT_FSIZE) and the size of its writable tmpfs. */
  fileBytes: number;
}

/** A host directory the toolchain needs, bound read-only at `box` inside the sandbox. */
export interface ToolchainBind {
  host: string;
  box: string;
}

/** How a forked test's memory is counted against a fresh start's (see fork-server/fork-server.ts). */
export interface ForkedInterpreter {
  /**
   * What a fresh start charges that a forked child does not (the interpreter's pages it never copies), MiB: added
   * to the child's figure, taken from its limit.
   */
  baselineMb: number;
}
