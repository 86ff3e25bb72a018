import { JudgeEngine } from '../../src/engines/judge-engine';
import { Grader } from '../../src/grading/grader';

/** The test loop on `engine`, without language time factors (every language gets the problem's limit). */
export function graderOf(engine: JudgeEngine): Grader {
  return new Grader(engine, {});
}
