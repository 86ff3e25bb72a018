import { TranscriptSide } from '@oj/contracts';
import { Readable, Writable } from 'stream';
import { setTimeout as sleep } from 'timers/promises';

import { TranscriptRecorder } from '../transcript-recorder';
import { BoxCommand } from './box-command';
import { RunBox } from './run-box';
import { SandboxResult, StartedRun, supervise } from './run-supervision';
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
  /**
   * The interactor ended while the program still ran: its verdict came first, and stands against whatever the
   * program then did over its limits (the problem package format's rule, as Kattis's problemtools and DOMjudge
   * judge it). False when the program ended first, or when the interactor's end followed it (its end of the
   * dialogue, a limit's kill).
   */
  interactorFirst: boolean;
  /**
   * Once the program had ended, the interactor waited on it, asleep, for words it would never get: what
   * it then judged, it judged on the dialogue's end, so a program that crashed stopped first. False when it ended,
   * or had ended, on what it had already read. The interactor reads the end of the program's output only once this
   * is known (see superviseBoth), so it does not depend on which of the two the host ran first.
   */
  interactorAwaitedProgram: boolean;
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
    programBox.startPiped(program.command, program.limits, { cpu, ignoreSigpipe: false, opensFirst: 'stdin', holdOutput: true }),
    interactorBox.startPiped(interactor.command, interactor.limits, { cpu, ignoreSigpipe: true, opensFirst: 'stdout' }),
  ]);
  if (!programRun || !interactorRun) {
    programBox.releaseOutputPipe();
    return null;
  }
  return superviseBoth(
    { box: programBox, run: programRun, side: program },
    { box: interactorBox, run: interactorRun, side: interactor },
    () => programBox.releaseOutputPipe(),
    cancel,
  );
}

/** One side of a started pair: its box, its run, and what runs under which limits. */
interface StartedSide {
  box: RunBox;
  run: StartedRun;
  side: PairSide;
}

/**
 * Watches both runs of a pair to their end, under each one's limits. Until `releaseProgramOutput` is called the
 * interactor reads no end of the program's output: it is called once the program has ended and the interactor has
 * either ended or gone to wait on the program (interactorAwaitedProgram).
 */
async function superviseBoth(
  program: StartedSide,
  interactor: StartedSide,
  releaseProgramOutput: () => void,
  cancel?: AbortSignal,
): Promise<PairResult> {
  let interactorBusy = false;
  let programBusy = false;
  let interactorEnded = false;
  let interactorFirst = false;
  let interactorStopped = false;
  let interactorAwaitedProgram = false;
  // Read when the interactor's box reports its end: a program that ended first is gone or a zombie by then (the
  // interactor can only have seen its end of the dialogue once its processes closed their pipes, exiting).
  interactor.run.ended.then(
    () => {
      interactorEnded = true;
      interactorFirst = program.box.runIsAlive();
    },
    () => (interactorEnded = true), // supervise reports it
  );
  const released = program.run.ended
    .then(
      async () => (interactorAwaitedProgram = await awaitsProgram(interactor.box, () => interactorEnded)),
      () => undefined, // supervise reports it
    )
    .finally(releaseProgramOutput);
  const interactorSide = supervise(interactor.run, interactor.side.limits, null, cancel);
  // When the wall clock ends the program, who was computing then tells a deadlock from either side's own slowness.
  const programSide = supervise(program.run, program.side.limits, null, cancel, (why) => {
    if (why !== 'wall-limit') return;
    programBusy = program.box.runIsComputing();
    const programWaited = !programBusy && !program.box.runIsWriting();
    const interactorComputing = interactor.box.runIsComputing();
    interactorBusy = programWaited && interactorComputing;
    if (interactorComputing) {
      interactorStopped = true;
      interactorSide.stop('wall-limit');
    }
  });
  const [programResult, interactorResult] = await Promise.all([programSide.result, interactorSide.result, released]);
  return {
    program: programResult,
    interactor: interactorResult,
    interactorBusy,
    programBusy,
    interactorFirst: interactorFirst && !interactorStopped,
    interactorAwaitedProgram,
  };
}

/** How often, at most, an ended program's interactor is looked at, until it waits or ends (see awaitsProgram). */
const AWAIT_POLL_MAX_MS = 20;

/**
 * Whether the interactor, once the program has ended, goes to wait on it (asleep: it reads no end of the program's
 * output meanwhile) rather than ending on what it read. Only its box's report of its end says it ended: a program
 * that exits at once can end before the interactor's launcher has forked it, when the box holds no process yet, and
 * the interactor started then still waits on the program (1 such pair in 50, under load, was judged the
 * validator's rejection). Bounded by the interactor's own limits, which end it.
 */
export async function awaitsProgram(interactor: Pick<RunBox, 'runSleeps'>, ended: () => boolean): Promise<boolean> {
  for (let pauseMs = 1; ; pauseMs = Math.min(pauseMs * 2, AWAIT_POLL_MAX_MS)) {
    if (ended()) return false;
    if (interactor.runSleeps()) return true;
    await sleep(pauseMs);
  }
}

/**
 * Runs a program and an interactor against each other like runPair, but with the worker in between (a custom
 * run's transcript): each side's stdout is read by the worker, recorded in `transcript`, and written to the other
 * side's stdin; a side's end of output closes the other's input. Grading keeps runPair's kernel-to-kernel pipes.
 * `interactorBox` must have FIFOs of its own (RunBox.start). Null when a box could not take its run.
 */
export async function relayPair(
  programBox: RunBox,
  interactorBox: RunBox,
  program: PairSide,
  interactor: PairSide,
  cpu: number | null,
  transcript: TranscriptRecorder,
  cancel?: AbortSignal,
): Promise<PairResult | null> {
  const [programRun, interactorRun] = await Promise.all([
    programBox.startRelayed(program.command, program.limits, { cpu, ignoreSigpipe: false }),
    interactorBox.startRelayed(interactor.command, interactor.limits, { cpu, ignoreSigpipe: true }),
  ]);
  if (!programRun || !interactorRun) return null;
  // The worker is the program's output pipe here: it ends the interactor's input only once told to.
  let releaseProgramOutput = () => undefined as void;
  const programOutputReleased = new Promise<void>((resolve) => (releaseProgramOutput = resolve));
  relay(programRun, interactorRun, 'program', transcript, programOutputReleased);
  relay(interactorRun, programRun, 'interactor', transcript);
  return superviseBoth(
    { box: programBox, run: programRun, side: program },
    { box: interactorBox, run: interactorRun, side: interactor },
    releaseProgramOutput,
    cancel,
  );
}

/**
 * Passes what `from` writes on to `to`, recording it; `from`'s end of output is `to`'s end of input, once
 * `endAllowed` (when given) has resolved.
 */
function relay(from: StartedRun, to: StartedRun, side: TranscriptSide, transcript: TranscriptRecorder, endAllowed?: Promise<void>): void {
  const output = from.stdout as Readable;
  const input = to.stdin as Writable;
  input.on('error', () => undefined); // a side that ended early no longer reads
  // The writer waits while the reader lags (a full pipe), as it would on a pipe of its own: the worker holds no
  // more than a pipe's worth of a flood.
  input.on('drain', () => output.resume());
  output.on('data', (chunk: Buffer) => {
    transcript.record(side, chunk);
    if (!input.destroyed && !input.write(chunk)) output.pause();
  });
  input.once('close', () => output.resume());
  const end = () => void (endAllowed ?? Promise.resolve()).then(() => input.end());
  output.once('end', end);
  output.once('close', end);
}
