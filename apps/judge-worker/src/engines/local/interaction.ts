import { BoxCommand } from './box-command';
import { RunBox } from './run-box';
import { SandboxResult, supervise } from './run-supervision';
import { RunLimits } from './sandbox-types';

/** One side of an interactive pair: what runs and under which limits. */
export interface PairSide {
  command: BoxCommand;
  limits: RunLimits;
}

/** How an interactive pair ended: each run as its own box saw it. */
export interface PairResult {
  program: SandboxResult;
  interactor: SandboxResult;
  /**
   * The program's wall clock ran out while the interactor was still computing and the program waited for it
   * (neither computing nor blocked writing to it): the interactor, not the program, kept the pair waiting (a
   * looping interactor), so the program's idleness is not held against it. A program that floods the interactor
   * without reading its answers is not waiting for it, however busy it keeps the interactor.
   */
  interactorBusy: boolean;
  /**
   * The program's wall clock ran out while the program itself was computing (on a CPU other processes share, its
   * CPU time came too slowly): a time limit, not the pair's idleness.
   */
  programBusy: boolean;
}

/**
 * Runs a program and an interactor against each other, each in its own box, the program's stdout piped to the
 * interactor's stdin and back (the boxes' FIFOs, see RunBox.startPeer), both pinned to `cpu`. Each run keeps its
 * own limits: a pair waiting on each other ends at the program's wall clock (idleness). The interactor ignores
 * SIGPIPE, so a program that left early makes its writes fail rather than kill it. Null when a box could not take
 * its run: the caller replaces both.
 */
export async function runPair(
  programBox: RunBox,
  interactorBox: RunBox,
  program: PairSide,
  interactor: PairSide,
  cpu: number | null,
  cancel?: AbortSignal,
): Promise<PairResult | null> {
  // Both asked for at once: each launcher's opening of its pipes waits for the other's, so neither run starts
  // before both pipes have both their ends.
  const [programRun, interactorRun] = await Promise.all([
    programBox.startPiped(program.command, program.limits, { cpu, ignoreSigpipe: false, opensFirst: 'stdin' }),
    interactorBox.startPiped(interactor.command, interactor.limits, { cpu, ignoreSigpipe: true, opensFirst: 'stdout' }),
  ]);
  if (!programRun || !interactorRun) return null;
  let interactorBusy = false;
  let programBusy = false;
  const interactorSide = supervise(interactorRun, interactor.limits, null, cancel);
  // When the wall clock ends the program, who was computing then tells a deadlock from either side's own slowness.
  const programSide = supervise(programRun, program.limits, null, cancel, (why) => {
    if (why !== 'wall-limit') return;
    programBusy = programBox.runIsComputing();
    const programWaited = !programBusy && !programBox.runIsWriting();
    const interactorComputing = interactorBox.runIsComputing();
    interactorBusy = programWaited && interactorComputing;
    if (interactorComputing) interactorSide.stop('wall-limit');
  });
  const [programResult, interactorResult] = await Promise.all([programSide.result, interactorSide.result]);
  return { program: programResult, interactor: interactorResult, interactorBusy, programBusy };
}
