import { ValidatorFeedback } from '../engines/judge-engine';
import { CheckerFailure, checkerJudgement, CheckerRun, icpcJudgement, InteractorFailure } from './custom-checker-verdict';

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

  it('reads quitp points above 1 as absolute points of the test (Polygon), capped at what the test is worth', () => {
    expect(checkerJudgement(run(7, 'points 3 three of ten'), 'checker', 10)).toEqual({
      status: 'wrong_answer',
      fraction: 0.3,
      message: 'three of ten',
    });
    expect(checkerJudgement(run(7, 'points 10 all'), 'checker', 10)).toMatchObject({ status: 'accepted', fraction: 1 });
    expect(checkerJudgement(run(7, 'points 25 more than the test'), 'checker', 10)).toMatchObject({ status: 'accepted', fraction: 1 });
    expect(checkerJudgement(run(7, 'points 1.5'), 'checker', 3)).toMatchObject({ status: 'wrong_answer', fraction: 0.5 });
    // From 0 to 1 the points stay the fraction, whatever the test is worth.
    expect(checkerJudgement(run(7, 'points 0.5 half'), 'checker', 10)).toMatchObject({ fraction: 0.5 });
    expect(checkerJudgement(run(7, 'points 1 all'), 'checker', 10)).toMatchObject({ status: 'accepted', fraction: 1 });
  });

  it('reads quitp points always as absolute points from a checker built with its own (upstream) testlib.h', () => {
    expect(checkerJudgement(run(7, 'points 0.5 half a point'), 'checker', 10, true)).toMatchObject({
      status: 'wrong_answer',
      fraction: 0.05,
    });
    expect(checkerJudgement(run(7, 'points 1'), 'checker', 10, true)).toMatchObject({ fraction: 0.1 });
    expect(checkerJudgement(run(7, 'points 10'), 'checker', 10, true)).toMatchObject({ status: 'accepted', fraction: 1 });
    // A test worth 1 point: quitp(0.64) is 0.64 of it, quitp(2.16) all of it, in order at least.
    expect(checkerJudgement(run(7, 'points 0.64'), 'checker', 1, true)).toMatchObject({ fraction: 0.64 });
  });

  it.each([
    [run(3, 'FAIL answer file is broken'), /checker failed: FAIL answer file is broken/],
    [run(null, '', 'signaled'), /crashed/],
    [run(139, 'Segmentation fault', 'signaled'), /crashed/],
    [run(null, '', 'cpu-limit'), /time limit/],
    [run(null, '', 'wall-limit'), /time limit/],
    [run(null, '', 'memory-limit'), /memory limit/],
    [run(7, 'points lots'), /invalid points/],
    [run(7, 'points -0.5'), /invalid points/],
    [run(7, 'no points here'), /without a points line/],
    [run(4, ''), /exited with code 4/],
    [run(117, ''), /exited with code 117/],
  ])('makes %j a checker failure, never a verdict', (ran, message) => {
    expect(() => checkerJudgement(ran)).toThrow(CheckerFailure);
    expect(() => checkerJudgement(ran)).toThrow(message);
  });
});

const feedback = (files: Partial<ValidatorFeedback> = {}): ValidatorFeedback => ({
  judgeMessage: null,
  teamMessage: null,
  score: null,
  scoreMultiplier: null,
  ...files,
});
const validatorRun = (
  exitCode: number | null,
  files: Partial<ValidatorFeedback> = {},
  termination: CheckerRun['termination'] = 'exited',
) => ({
  ...run(exitCode, 'debug output', termination),
  feedback: feedback(files),
});

describe('ICPC output validator verdicts', () => {
  it('reads 42 as accepted and 43 as wrong answer, judgemessage.txt (else teammessage.txt) as the message', () => {
    expect(icpcJudgement(validatorRun(42), 'checker', 5)).toEqual({ status: 'accepted', fraction: 1, message: '' });
    expect(icpcJudgement(validatorRun(43, { judgeMessage: '  line 3 differs\n', teamMessage: 'no' }), 'checker', 5)).toEqual({
      status: 'wrong_answer',
      fraction: 0,
      message: 'line 3 differs',
    });
    expect(icpcJudgement(validatorRun(43, { teamMessage: 'try again' }), 'checker', 5)).toMatchObject({ message: 'try again' });
    // A rejection scores nothing, whatever score file it left.
    expect(icpcJudgement(validatorRun(43, { score: '5' }), 'checker', 5)).toMatchObject({ status: 'wrong_answer', fraction: 0 });
  });

  it('scores an accepted test by score.txt (its points) or score_multiplier.txt (its share)', () => {
    expect(icpcJudgement(validatorRun(42, { score: '2.5\n' }), 'checker', 10)).toMatchObject({ status: 'wrong_answer', fraction: 0.25 });
    expect(icpcJudgement(validatorRun(42, { score: '10' }), 'checker', 10)).toMatchObject({ status: 'accepted', fraction: 1 });
    expect(icpcJudgement(validatorRun(42, { scoreMultiplier: '0.75' }), 'checker', 10)).toMatchObject({ fraction: 0.75 });
    expect(icpcJudgement(validatorRun(42, { score: '0' }), 'checker', 0)).toMatchObject({ status: 'accepted', fraction: 1 });
  });

  it.each([
    [validatorRun(0), /exited with code 0 \(an ICPC validator exits with 42 or 43\): debug output/],
    [validatorRun(1, { judgeMessage: 'bad answer file' }), /exited with code 1 .*: bad answer file/],
    [validatorRun(null, {}, 'signaled'), /crashed/],
    [validatorRun(null, {}, 'cpu-limit'), /time limit/],
    [validatorRun(42, { score: '1', scoreMultiplier: '1' }), /both score.txt and score_multiplier.txt/],
    [validatorRun(42, { scoreMultiplier: '1.5' }), /outside 0..1/],
    [validatorRun(42, { score: 'lots' }), /invalid score.txt: lots/],
    [validatorRun(42, { score: '-1' }), /invalid score.txt/],
    [validatorRun(42, { score: '11' }), /scored 11, more than the test's 10 points/],
  ])('makes %j the validator’s failure, never a verdict', (ran, message) => {
    expect(() => icpcJudgement(ran, 'checker', 10)).toThrow(CheckerFailure);
    expect(() => icpcJudgement(ran, 'checker', 10)).toThrow(message);
    expect(() => icpcJudgement(ran, 'interactor', 10)).toThrow(InteractorFailure);
  });
});
