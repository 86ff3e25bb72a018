import { InteractionOutcome, RunFailure, ToolRun } from '../engines/judge-engine';
import { InteractorFailure } from './custom-checker-verdict';
import { interactionVerdict } from './interaction-verdict';

const TEST = { input: '7\n', output: '', points: 1 };
const TESTLIB = { protocol: 'testlib' as const, validatorFlags: [] };
const TLE: RunFailure = { status: 'tle', message: 'Time limit exceeded', cause: 'time' };
const IDLENESS: RunFailure = { status: 'tle', message: 'Idleness limit exceeded', cause: 'time' };
const MLE: RunFailure = { status: 'rte', message: 'Memory limit exceeded', cause: 'memory' };

const interactorSaid = (exitCode: number, message: string): ToolRun => ({
  termination: 'exited',
  exitCode,
  stderr: Buffer.from(`${message}\n`),
});

function outcome(
  failure: RunFailure | null,
  interactor: ToolRun,
  interactorFirst: boolean,
  interactorAwaitedProgram = false,
): InteractionOutcome {
  return {
    program: { failure, timeMs: 1000, memoryKB: 1024, exitCode: null, signal: failure ? 'SIGKILL' : null, stderr: Buffer.alloc(0) },
    interactor,
    interactorBusy: false,
    interactorFirst,
    interactorAwaitedProgram,
    outputPath: '/nonexistent',
  };
}

const verdict = (o: InteractionOutcome) => interactionVerdict(0, TEST, o, null, TESTLIB);

describe('interactionVerdict: a program over its limit, and who ended first', () => {
  it.each([TLE, IDLENESS, MLE])('keeps the program’s $message when the interactor then saw the dialogue end', async (failure) => {
    const result = await verdict(outcome(failure, interactorSaid(1, 'wrong answer unexpected end of file'), false));
    expect(result).toMatchObject({ status: failure.status, message: failure.message, points: 0 });
  });

  it.each([TLE, IDLENESS, MLE])('gives the interactor’s rejection when it ended first, before the program’s $message', async (failure) => {
    const result = await verdict(outcome(failure, interactorSaid(1, 'wrong answer guessed 8, the number was 7'), true));
    expect(result).toMatchObject({ status: 'wrong_answer', message: 'wrong answer guessed 8, the number was 7', points: 0 });
  });

  it('keeps partial points the interactor gave first', async () => {
    const result = await verdict(outcome(TLE, interactorSaid(7, 'points 0.5 half'), true));
    expect(result).toMatchObject({ status: 'wrong_answer', points: 0.5 });
  });

  it('gives the program’s limit when the interactor that ended first had accepted', async () => {
    const result = await verdict(outcome(TLE, interactorSaid(0, 'ok guessed'), true));
    expect(result).toMatchObject({ status: 'tle', message: 'Time limit exceeded' });
  });

  it('ends failed, never a verdict, when the interactor that ended first failed', async () => {
    await expect(verdict(outcome(TLE, interactorSaid(3, 'bad input'), true))).rejects.toBeInstanceOf(InteractorFailure);
  });
});

describe('interactionVerdict: a program that crashed, and what the interactor judged on', () => {
  const CRASH: RunFailure = { status: 'rte', message: 'Exit code 42', cause: 'crash' };

  it('gives the runtime error when the interactor, once the program had ended, waited on it (problemtools’ guess_rte)', async () => {
    const result = await verdict(outcome(CRASH, interactorSaid(1, "Guess 1: couldn't read an integer"), false, true));
    expect(result).toMatchObject({ status: 'rte', message: 'Exit code 42' });
  });

  it('gives the interactor’s rejection when it had judged on what the program wrote, without waiting on it', async () => {
    const result = await verdict(outcome(CRASH, interactorSaid(1, 'wrong answer guessed 8, the number was 9'), false, false));
    expect(result).toMatchObject({ status: 'wrong_answer', message: 'wrong answer guessed 8, the number was 9' });
  });

  it('gives the runtime error when the interactor says it read past the end, busy as it was when the program ended', async () => {
    const result = await verdict(outcome(CRASH, interactorSaid(1, 'wrong answer Unexpected end of file'), false, false));
    expect(result).toMatchObject({ status: 'rte' });
  });

  it('gives the runtime error after an accepting interactor', async () => {
    const result = await verdict(outcome(CRASH, interactorSaid(0, 'ok'), true, false));
    expect(result).toMatchObject({ status: 'rte' });
  });
});
