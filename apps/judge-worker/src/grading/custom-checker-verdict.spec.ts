import { CheckerFailure, checkerJudgement, CheckerRun } from './custom-checker-verdict';

const run = (exitCode: number | null, stderr = '', termination: CheckerRun['termination'] = 'exited'): CheckerRun => ({
  termination,
  exitCode,
  stderr: Buffer.from(stderr),
});

describe('custom checker verdicts (testlib convention)', () => {
  it('reads exit 0 as accepted, 1 and 2 as wrong answer, with the first line of stderr as the message', () => {
    expect(checkerJudgement(run(0, 'ok 3 numbers\nmore'))).toEqual({ status: 'accepted', fraction: 1, message: 'ok 3 numbers' });
    expect(checkerJudgement(run(1, 'wrong answer 2nd differs'))).toEqual({
      status: 'wrong_answer',
      fraction: 0,
      message: 'wrong answer 2nd differs',
    });
    expect(checkerJudgement(run(2, 'wrong output format Expected an integer'))).toMatchObject({ status: 'wrong_answer', fraction: 0 });
  });

  it('scales points by quitp fractions and _pc percentages', () => {
    expect(checkerJudgement(run(7, 'points 0.25 one of four\n'))).toEqual({
      status: 'wrong_answer',
      fraction: 0.25,
      message: 'one of four',
    });
    expect(checkerJudgement(run(7, 'points 1 all'))).toMatchObject({ status: 'accepted', fraction: 1 });
    expect(checkerJudgement(run(16 + 40, 'partially correct (40) close'))).toMatchObject({ status: 'wrong_answer', fraction: 0.4 });
  });

  it.each([
    [run(3, 'FAIL answer file is broken'), /checker failed: FAIL answer file is broken/],
    [run(null, '', 'signaled'), /crashed/],
    [run(139, 'Segmentation fault', 'signaled'), /crashed/],
    [run(null, '', 'cpu-limit'), /time limit/],
    [run(null, '', 'wall-limit'), /time limit/],
    [run(null, '', 'memory-limit'), /memory limit/],
    [run(7, 'points lots'), /outside 0..1/],
    [run(7, 'points 1.5'), /outside 0..1/],
    [run(7, 'no points here'), /without a points line/],
    [run(4, ''), /exited with code 4/],
    [run(117, ''), /exited with code 117/],
  ])('makes %j a checker failure, never a verdict', (ran, message) => {
    expect(() => checkerJudgement(ran)).toThrow(CheckerFailure);
    expect(() => checkerJudgement(ran)).toThrow(message);
  });
});
