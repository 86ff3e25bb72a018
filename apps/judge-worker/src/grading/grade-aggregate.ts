import {
  GradeResult,
  noTestResult,
  problemTotalPoints,
  RawPoints,
  SubmissionStatus,
  Subtask,
  subtaskPrerequisites,
  SubtaskResult,
  subtaskWorth,
  TestCaseData,
  TestCaseResult,
} from '@oj/contracts';

/**
 * Text fit for the database: results are stored as jsonb, which refuses \u0000, so a NUL a program or compiler
 * printed (Rust's `compile_error!("a\0b")`) would make the whole result unwritable. Every message of every engine
 * goes through the constructors below, which drop them.
 */
export function storableText(text: string): string {
  return text.includes('\0') ? text.split('\0').join('') : text;
}

/**
 * The submission's result from its tests: the raw points passed out of the problem's raw total, and score (a
 * percent) = round(100 × earned / total); accepted when all pass, else the status of the first failing test; runtime
 * and memory are the maxima over tests.
 */
export function aggregateResults(results: TestCaseResult[], totalPoints: RawPoints): GradeResult {
  return resultOf(
    results,
    results.reduce((sum, r) => sum + r.points, 0),
    totalPoints,
  );
}

/**
 * The same with the problem's subtasks: a `sum` subtask earns its passed tests' points, a `min` subtask its own
 * points only when every test of it passed (its tests' own points do not count), a test in no subtask its own
 * points; a subtask whose prerequisites (`dependsOn`, followed through) did not all pass in full earns nothing.
 * Skipped tests only follow a failure, so the status is still that of the first failing test.
 */
export function aggregateSubtaskResults(results: TestCaseResult[], tests: TestCaseData[], subtasks: Subtask[]): GradeResult {
  if (!subtasks.length) return aggregateResults(results, problemTotalPoints(tests, []));
  const isMin = (r: TestCaseResult) => r.subtask !== undefined && subtasks[r.subtask]?.scoring === 'min';
  const counted = results.map((r) => (isMin(r) ? { ...r, points: 0 } : r));
  const passedInFull = subtasks.map((_, index) => counted.every((r) => r.subtask !== index || r.status === 'accepted'));
  const summaries: SubtaskResult[] = subtasks.map((subtask, index) => {
    const own = counted.filter((r) => r.subtask === index);
    const earned = !subtaskPrerequisites(subtasks, index).every((p) => passedInFull[p])
      ? 0
      : subtask.scoring === 'min'
        ? passedInFull[index]
          ? subtask.points
          : 0
        : own.reduce((sum, r) => sum + r.points, 0);
    return {
      index,
      ...(subtask.name ? { name: subtask.name } : {}),
      scoring: subtask.scoring,
      points: subtaskWorth(subtask, index, tests),
      ...(subtask.dependsOn?.length ? { dependsOn: subtask.dependsOn } : {}),
      earned,
    };
  });
  const loose = counted.reduce((sum, r) => (r.subtask === undefined ? sum + r.points : sum), 0);
  const earned = summaries.reduce((sum, s) => sum + s.earned, loose);
  return { ...resultOf(counted, earned, problemTotalPoints(tests, subtasks)), subtasks: summaries };
}

function resultOf(results: TestCaseResult[], earnedPoints: RawPoints, totalPoints: RawPoints): GradeResult {
  const firstFailure = results.find(
    (r): r is TestCaseResult & { status: SubmissionStatus } => r.status !== 'accepted' && r.status !== 'skipped',
  );
  const max = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? Math.max(...known) : null;
  };
  return {
    status: firstFailure ? firstFailure.status : 'accepted',
    score: totalPoints > 0 ? Math.round((100 * earnedPoints) / totalPoints) : 0,
    earnedPoints,
    totalPoints,
    runtimeMs: max(results.map((r) => r.timeMs)),
    memoryKB: max(results.map((r) => r.memoryKB)),
    testCaseResults: results.map((r) => storableTestResult(r, r === firstFailure)),
    ...(firstFailure?.message ? { message: storableText(`Test ${firstFailure.index + 1}: ${firstFailure.message}`) } : {}),
  };
}

/**
 * A test's result fit for the database; a runtime error's stderr and a failed sample's output stay on the first
 * failing test only, so a program that prints 64 KiB on every test does not store that many times over.
 */
function storableTestResult(result: TestCaseResult, isFirstFailure: boolean): TestCaseResult {
  const { stderr, failedSample, ...stored } = result;
  if (stored.message !== undefined) stored.message = storableText(stored.message);
  if (!isFirstFailure) return stored;
  return {
    ...stored,
    ...(stderr === undefined ? {} : { stderr: storableText(stderr) }),
    ...(failedSample === undefined
      ? {}
      : {
          failedSample: {
            ...failedSample,
            input: storableText(failedSample.input),
            expected: storableText(failedSample.expected),
            output: storableText(failedSample.output),
          },
        }),
  };
}

/** A compile error: no test runs, every test scores nothing. */
export function compileErrorResult(compilerOutput: string): GradeResult {
  return noTestResult('ce', storableText(compilerOutput));
}

/** An engine or infrastructure failure, not the program's fault. */
export function failedResult(message: string): GradeResult {
  return noTestResult('failed', storableText(message));
}

/**
 * A failure no retry can fix: the problem's own checker or interactor failed (or the engine cannot run the
 * problem at all), so the submission ends `failed` at once.
 */
export interface DefinitiveFailure extends GradeResult {
  definitive: true;
}

export function isDefinitiveFailure(result: GradeResult): result is DefinitiveFailure {
  return (result as Partial<DefinitiveFailure>).definitive === true;
}

export function definitiveFailure(message: string): DefinitiveFailure {
  return { ...failedResult(message), definitive: true };
}

/** The problem's checker failed on a test (or did not compile): never a verdict on the submission. */
export function checkerFailedResult(message: string): DefinitiveFailure {
  return definitiveFailure(`Checker failure (the problem's, not the submission's): ${message}`);
}

/** The problem's interactor failed on a test (or did not compile): never a verdict on the submission. */
export function interactorFailedResult(message: string): DefinitiveFailure {
  return definitiveFailure(`Interactor failure (the problem's, not the submission's): ${message}`);
}
