import { bodyFromValues, emptyValues, standingErrors, validateValues, withoutSubtask } from './problem-form-values';
import { normalizePoints, previewOf, sizeLabel } from './test-data';

const valid = () => ({
  ...emptyValues(),
  title: '  A + B ',
  statement: 'Add.',
  judge0LanguageIds: [71],
  testCases: [{ input: '1 2', output: '3', points: 2.6 }],
  samples: [
    { input: '1 1', output: '2', explanation: '   ' },
    { input: '2 2', output: '4', explanation: 'Because.' },
  ],
});

describe('problem form values', () => {
  it('clears an error once its field is fixed, keeps the others, and keeps a server error until its field changes', () => {
    const sent = { ...emptyValues(), judge0LanguageIds: [71] };
    const found = validateValues(sent);
    const titled = { ...sent, title: 'A + B' };
    expect(standingErrors(found, sent, titled)).toEqual({
      statement: 'Statement is required.',
      testCases: 'At least one test case is required.',
    });
    const imported = { ...titled, testCases: [{ input: '1', output: '1', points: 1 }] };
    expect(standingErrors(found, sent, imported)).toEqual({ statement: 'Statement is required.' });
    // Changed but still wrong: the error says what is wrong now.
    expect(standingErrors({ cpuTimeLimit: 'x' }, sent, { ...sent, cpuTimeLimit: '99' }).cpuTimeLimit).toMatch(/between/);

    const server = { title: 'A problem with this title exists.' };
    expect(standingErrors(server, valid(), { ...valid(), statement: 'Other.' })).toEqual(server);
    expect(standingErrors(server, valid(), { ...valid(), title: 'Another' })).toEqual({});
  });

  it('asks for title, statement, limits in range, a test case and a language, with the spec texts', () => {
    const errors = validateValues({ ...emptyValues(), cpuTimeLimit: '31', memoryLimit: '8', outputLimit: '2000' });
    expect(errors).toEqual({
      title: 'Title is required.',
      statement: 'Statement is required.',
      cpuTimeLimit: 'CPU time limit must be between 0.1 and 30 seconds.',
      memoryLimit: 'Memory limit must be between 16 and 1024 MB.',
      outputLimit: 'Output limit must be a whole number between 1 and 1024 MB.',
      testCases: 'At least one test case is required.',
      judge0LanguageIds: 'Select at least one Judge0 language.',
    });
    expect(validateValues(valid())).toEqual({});
    expect(validateValues({ ...valid(), cpuTimeLimit: '' }).cpuTimeLimit).toBeDefined();
    expect(validateValues({ ...valid(), outputLimit: '2.5' }).outputLimit).toBeDefined();
    expect(emptyValues().outputLimit).toBe('8');
  });

  it('sends the title trimmed, numbers as numbers, blank explanations left out and points normalised', () => {
    expect(bodyFromValues(valid())).toMatchObject({
      title: 'A + B',
      cpuTimeLimit: 2,
      memoryLimit: 128,
      outputLimit: 8,
      samples: [
        { input: '1 1', output: '2' },
        { input: '2 2', output: '4', explanation: 'Because.' },
      ],
      testCases: [{ input: '1 2', output: '3', points: 3 }],
    });
  });

  it('leaves the test cases out when the user cannot see them, so the stored ones are kept', () => {
    const body = bodyFromValues({ ...valid(), testCases: [], testCasesKnown: false });
    expect('testCases' in body).toBe(false);
    expect(validateValues({ ...valid(), testCases: [], testCasesKnown: false })).toEqual({});
  });

  it('checks subtasks: points of an all-or-nothing subtask in range, and tests in every subtask', () => {
    const withSubtasks = { ...valid(), subtasks: [{ name: '', scoring: 'min' as const, points: '-1', dependsOn: [] }] };
    expect(validateValues(withSubtasks).subtasks).toBe('Subtask 1: points must be a whole number between 0 and 1000.');
    // Worth 0 is a gate; but a problem whose every test is in one is worth nothing.
    const gate = { ...withSubtasks, subtasks: [{ ...withSubtasks.subtasks[0], points: '0' }] };
    const gated = { ...gate, testCases: [{ ...gate.testCases[0], subtask: 0 }] };
    expect(validateValues(gated).subtasks).toBe(
      'The problem is worth no points: give a subtask or a test case outside the 0-point subtasks some points.',
    );
    expect(validateValues({ ...gated, testCases: [...gated.testCases, { input: '2', output: '2', points: 1 }] })).toEqual({});
    const ok = { ...withSubtasks, subtasks: [{ name: '', scoring: 'min' as const, points: '40', dependsOn: [] }] };
    expect(validateValues(ok).subtasks).toBe('Subtask 1 has no test cases: assign some, or remove it.');
    expect(validateValues({ ...ok, testCases: [{ ...ok.testCases[0], subtask: 0 }] })).toEqual({});
    expect(bodyFromValues({ ...ok, testCases: [{ ...ok.testCases[0], subtask: 0 }] })).toMatchObject({
      testCases: [{ subtask: 0 }],
      subtasks: [{ scoring: 'min', points: 40 }],
    });
  });

  it('removing a subtask frees its tests and moves later subtasks’ tests down', () => {
    const v = {
      ...valid(),
      subtasks: ['a', 'b', 'c'].map((name, i) => ({ name, scoring: 'sum' as const, points: '1', dependsOn: i === 2 ? [0, 1] : [] })),
      testCases: [0, 1, 2, undefined].map((subtask) => ({
        input: '1',
        output: '1',
        points: 1,
        ...(subtask === undefined ? {} : { subtask }),
      })),
    };
    const after = withoutSubtask(v, 1);
    expect(after.subtasks.map((s) => s.name)).toEqual(['a', 'c']);
    expect(after.testCases.map((t) => t.subtask)).toEqual([0, undefined, 1, undefined]);
    // c needed a and b: it still needs a, now as the first of two.
    expect(after.subtasks.map((s) => s.dependsOn)).toEqual([[], [0]]);
  });

  it('sends what a subtask depends on, in order, and refuses dependencies in a circle', () => {
    const tests = [0, 1].map((subtask) => ({ input: '1', output: '1', points: 1, subtask }));
    const v = {
      ...valid(),
      testCases: tests,
      subtasks: [
        { name: '', scoring: 'min' as const, points: '5', dependsOn: [] },
        { name: '', scoring: 'sum' as const, points: '1', dependsOn: [0] },
      ],
    };
    expect(validateValues(v)).toEqual({});
    expect(bodyFromValues(v).subtasks).toEqual([
      { scoring: 'min', points: 5 },
      { scoring: 'sum', points: 1, dependsOn: [0] },
    ]);
    const circle = { ...v, subtasks: [{ ...v.subtasks[0], dependsOn: [1] }, v.subtasks[1]] };
    expect(validateValues(circle).subtasks).toBe('Subtask 1 depends on itself through other subtasks.');
  });

  it('rounds and clamps points to 1–1000, 1 when not a number', () => {
    expect([normalizePoints(0), normalizePoints(1001), normalizePoints('7.4'), normalizePoints('x'), normalizePoints(undefined)]).toEqual([
      1, 1000, 7, 1, 1,
    ]);
  });

  it('labels big test data by size and previews its head only', () => {
    const big = 'x'.repeat(20 * 1024 * 1024);
    expect(sizeLabel(big)).toBe('20.0 MB');
    expect(previewOf(big)).toHaveLength(81);
    expect(previewOf('1 2\n3 4\n')).toBe('1 2 3 4');
    expect(sizeLabel('abc')).toBe('3 B');
  });
});
