import type { components } from '@oj/api-client';
import {
  CPU_TIME_LIMIT,
  Difficulty,
  MEMORY_LIMIT_MB,
  OUTPUT_LIMIT_MB,
  problemTotalPoints,
  SUBTASK_POINTS,
  subtaskInCycle,
  SubtaskScoring,
  TEST_CASE_POINTS,
  WORTHLESS_PROBLEM_MESSAGE,
} from '@oj/contracts';

import { checkerBody, checkerError, CheckerFormValues, checkerValuesFrom, emptyChecker } from './checker-values';
import { interactorBody, interactorError, InteractorFormValues, interactorValuesFrom, standardProblem } from './interactor-values';
import { CaseData, normalizePoints } from './test-data';

type ProblemDto = components['schemas']['ProblemDto'];
export type ProblemBody = components['schemas']['UpdateProblemDto'];

/** A subtask as its inputs hold it. */
export interface SubtaskValues {
  name: string;
  scoring: SubtaskScoring;
  points: string;
  /** The subtasks it needs in full, by index. */
  dependsOn: number[];
}

/** Everything the problem form edits, as its inputs hold it. */
export interface ProblemFormValues {
  title: string;
  difficulty: Difficulty;
  isPublic: boolean;
  statement: string;
  inputFormat: string;
  outputFormat: string;
  constraints: string;
  cpuTimeLimit: string;
  memoryLimit: string;
  /** Megabytes of standard output per test. */
  outputLimit: string;
  tags: string[];
  algorithms: string[];
  judge0LanguageIds: number[];
  samples: CaseData[];
  /** Starter code per language, which the similarity check does not count as shared. */
  templates: { languageId: number; sourceCode: string }[];
  testCases: CaseData[];
  /**
   * Whether the test cases above are the problem's: false when editing a problem whose tests the user may not
   * read (a non-admin author, SPEC 6). Saving then keeps the stored tests unless new ones were added.
   */
  testCasesKnown: boolean;
  /** None: every test scores on its own. */
  subtasks: SubtaskValues[];
  checker: CheckerFormValues;
  /** The problem type, and an interactive problem's interactor. */
  interactor: InteractorFormValues;
}

export type FormErrors = Partial<
  Record<
    | 'title'
    | 'statement'
    | 'cpuTimeLimit'
    | 'memoryLimit'
    | 'outputLimit'
    | 'testCases'
    | 'judge0LanguageIds'
    | 'subtasks'
    | 'checker'
    | 'interactor',
    string
  >
>;

export function emptyValues(): ProblemFormValues {
  return {
    title: '',
    difficulty: 'EASY',
    isPublic: false,
    statement: '',
    inputFormat: '',
    outputFormat: '',
    constraints: '',
    cpuTimeLimit: String(CPU_TIME_LIMIT.default),
    memoryLimit: String(MEMORY_LIMIT_MB.default),
    outputLimit: String(OUTPUT_LIMIT_MB.default),
    tags: [],
    algorithms: [],
    judge0LanguageIds: [],
    samples: [],
    templates: [],
    testCases: [],
    testCasesKnown: true,
    subtasks: [],
    checker: emptyChecker(),
    interactor: standardProblem(),
  };
}

export function newSubtask(): SubtaskValues {
  return { name: '', scoring: 'min', points: '10', dependsOn: [] };
}

/** A subtask's label in selects and tables: "Subtask 2: n ≤ 1000". */
export function subtaskLabel(s: SubtaskValues, index: number): string {
  return `Subtask ${index + 1}${s.name.trim() ? `: ${s.name.trim()}` : ''}`;
}

/**
 * Removes subtask `index`: its tests join no subtask, no subtask needs it any more, and the tests and dependencies
 * naming later subtasks follow them down.
 */
export function withoutSubtask(v: ProblemFormValues, index: number): Pick<ProblemFormValues, 'subtasks' | 'testCases'> {
  const moved = (subtask: number | undefined) =>
    subtask === undefined || subtask === index ? undefined : subtask > index ? subtask - 1 : subtask;
  return {
    subtasks: v.subtasks
      .filter((_, i) => i !== index)
      .map((s) => ({ ...s, dependsOn: s.dependsOn.flatMap((d) => (d === index ? [] : [d > index ? d - 1 : d])) })),
    testCases: v.testCases.map(({ subtask, ...test }) => (moved(subtask) === undefined ? test : { ...test, subtask: moved(subtask) })),
  };
}

/** The form's values for a problem being edited (SPEC 4: edit mode starts from the problem). */
export function valuesFromProblem(p: ProblemDto): ProblemFormValues {
  return {
    title: p.title,
    difficulty: p.difficulty,
    isPublic: p.isPublic,
    statement: p.statement,
    inputFormat: p.inputFormat ?? '',
    outputFormat: p.outputFormat ?? '',
    constraints: p.constraints ?? '',
    cpuTimeLimit: String(p.cpuTimeLimit),
    memoryLimit: String(p.memoryLimit),
    outputLimit: String(p.outputLimit),
    tags: [...p.tags],
    algorithms: [...p.algorithms],
    judge0LanguageIds: [...p.judge0LanguageIds],
    samples: p.samples.map((s) => ({ input: s.input, output: s.output, explanation: s.explanation ?? '' })),
    templates: p.templates.map((t) => ({ languageId: t.languageId, sourceCode: t.sourceCode })),
    testCases: (p.testCases ?? []).map((t) => ({
      input: t.input,
      output: t.output,
      points: t.points,
      ...(t.subtask === undefined ? {} : { subtask: t.subtask }),
    })),
    testCasesKnown: p.testCases !== undefined && p.testCases !== null,
    subtasks: (p.subtasks ?? []).map((s) => ({
      name: s.name ?? '',
      scoring: s.scoring,
      points: String(s.points),
      dependsOn: s.dependsOn ?? [],
    })),
    checker: checkerValuesFrom(p.checker),
    interactor: interactorValuesFrom(p),
  };
}

const inRange = (raw: string, min: number, max: number) => raw.trim() !== '' && Number(raw) >= min && Number(raw) <= max;

/** SPEC 5's checks before saving; an empty object when the form may be sent. */
export function validateValues(v: ProblemFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!v.title.trim()) errors.title = 'Title is required.';
  if (!v.statement.trim()) errors.statement = 'Statement is required.';
  if (!inRange(v.cpuTimeLimit, CPU_TIME_LIMIT.min, CPU_TIME_LIMIT.max))
    errors.cpuTimeLimit = `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.`;
  if (!inRange(v.memoryLimit, MEMORY_LIMIT_MB.min, MEMORY_LIMIT_MB.max))
    errors.memoryLimit = `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.`;
  if (!inRange(v.outputLimit, OUTPUT_LIMIT_MB.min, OUTPUT_LIMIT_MB.max) || !Number.isInteger(Number(v.outputLimit)))
    errors.outputLimit = `Output limit must be a whole number between ${OUTPUT_LIMIT_MB.min} and ${OUTPUT_LIMIT_MB.max} MB.`;
  if (v.testCasesKnown && !v.testCases.length) errors.testCases = 'At least one test case is required.';
  if (!v.judge0LanguageIds.length) errors.judge0LanguageIds = 'Select at least one Judge0 language.';
  const subtasksError = subtaskError(v);
  if (subtasksError) errors.subtasks = subtasksError;
  const checker = checkerError(v.checker);
  if (checker) errors.checker = checker;
  const interactor = interactorError(v.interactor);
  if (interactor) errors.interactor = interactor;
  return errors;
}

/** The values each error is about. */
const ERROR_SOURCES: Record<keyof FormErrors, (keyof ProblemFormValues)[]> = {
  title: ['title'],
  statement: ['statement'],
  cpuTimeLimit: ['cpuTimeLimit'],
  memoryLimit: ['memoryLimit'],
  outputLimit: ['outputLimit'],
  testCases: ['testCases', 'testCasesKnown'],
  judge0LanguageIds: ['judge0LanguageIds'],
  subtasks: ['subtasks', 'testCases', 'testCasesKnown'],
  checker: ['checker'],
  interactor: ['interactor'],
};

/**
 * The errors found on `foundFor` (by the checks above or by the server) as they stand now: an error whose values
 * have not changed stays; once they change, it follows the checks above: gone when they pass, their new text if
 * not. A server's error thus stays until its field is edited, and a fixed field loses its error at once.
 */
export function standingErrors(errors: FormErrors, foundFor: ProblemFormValues, now: ProblemFormValues): FormErrors {
  const current = validateValues(now);
  const standing: FormErrors = {};
  for (const [field, message] of Object.entries(errors) as [keyof FormErrors, string][]) {
    const changed = ERROR_SOURCES[field].some((key) => now[key] !== foundFor[key]);
    const text = changed ? current[field] : message;
    if (text) standing[field] = text;
  }
  return standing;
}

/**
 * The first thing wrong with the subtasks: points out of range, (when the tests are known) one without tests,
 * dependencies that go round in a circle, or (tests known) every test in subtasks worth 0.
 */
function subtaskError(v: ProblemFormValues): string | null {
  const { min, max } = SUBTASK_POINTS;
  const badPoints = v.subtasks.findIndex(
    (s) => s.scoring === 'min' && !(Number.isInteger(Number(s.points)) && inRange(s.points, min, max)),
  );
  if (badPoints >= 0) return `Subtask ${badPoints + 1}: points must be a whole number between ${min} and ${max}.`;
  const empty = v.testCasesKnown ? v.subtasks.findIndex((_, i) => !v.testCases.some((t) => t.subtask === i)) : -1;
  if (empty >= 0) return `Subtask ${empty + 1} has no test cases: assign some, or remove it.`;
  const subtasks = v.subtasks.map((s) => ({ scoring: s.scoring, points: Number(s.points), dependsOn: s.dependsOn }));
  const circular = subtaskInCycle(subtasks);
  if (circular !== null) return `Subtask ${circular + 1} depends on itself through other subtasks.`;
  const tests = v.testCases.map((t) => ({ points: normalizePoints(t.points), subtask: t.subtask }));
  if (v.testCasesKnown && subtasks.length && problemTotalPoints(tests, subtasks) < 1) return WORTHLESS_PROBLEM_MESSAGE;
  return null;
}

/** The request body: title trimmed, blank explanations left out, points normalised; unknown tests not sent (kept). */
export function bodyFromValues(v: ProblemFormValues): ProblemBody {
  return {
    title: v.title.trim(),
    statement: v.statement,
    difficulty: v.difficulty,
    isPublic: v.isPublic,
    inputFormat: v.inputFormat,
    outputFormat: v.outputFormat,
    constraints: v.constraints,
    cpuTimeLimit: Number(v.cpuTimeLimit),
    memoryLimit: Number(v.memoryLimit),
    outputLimit: Number(v.outputLimit),
    tags: v.tags,
    algorithms: v.algorithms,
    judge0LanguageIds: v.judge0LanguageIds,
    samples: v.samples.map((s) => ({ input: s.input, output: s.output, ...(s.explanation?.trim() ? { explanation: s.explanation } : {}) })),
    templates: v.templates,
    ...(v.testCasesKnown
      ? {
          testCases: v.testCases.map((t) => ({
            input: t.input,
            output: t.output,
            points: normalizePoints(t.points),
            ...(t.subtask === undefined ? {} : { subtask: t.subtask }),
          })),
        }
      : {}),
    // A sum subtask's points are its tests' (the server counts them); the field only has to be valid.
    subtasks: v.subtasks.map((s) => ({
      ...(s.name.trim() ? { name: s.name.trim() } : {}),
      scoring: s.scoring,
      points: s.scoring === 'min' ? Number(s.points) : TEST_CASE_POINTS.default,
      ...(s.dependsOn.length ? { dependsOn: [...s.dependsOn].sort((a, b) => a - b) } : {}),
    })),
    ...checkerBody(v.checker),
    ...interactorBody(v.interactor),
  };
}
