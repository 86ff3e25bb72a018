import { interactorBody, interactorError, interactorOf, interactorValuesFrom, standardProblem } from './interactor-values';

describe('interactor form values', () => {
  const source = '#include "testlib.h"\nint main(int argc, char *argv[]) { registerInteraction(argc, argv); }';

  it('starts standard, and sends the type with the interactor only when interactive', () => {
    expect(interactorBody(standardProblem())).toEqual({ type: 'standard' });
    expect(interactorBody({ ...standardProblem(), source })).toEqual({ type: 'standard' });
    expect(interactorBody({ ...standardProblem(), type: 'interactive', source, languageId: 50 })).toEqual({
      type: 'interactive',
      interactor: { source, languageId: 50 },
    });
  });

  it('sends an ICPC interactor back with its protocol and flags', () => {
    const interactor = { languageId: 71 as const, source: 'import sys\nsys.exit(42)\n', protocol: 'icpc' as const, validatorFlags: ['5'] };
    const values = interactorValuesFrom({ type: 'interactive', interactor });
    expect(interactorError(values)).toBeNull();
    expect(interactorBody(values)).toEqual({ type: 'interactive', interactor });
    expect(interactorError({ ...values, protocol: { ...values.protocol, protocol: 'testlib' } })).toMatch(
      /Python 3 \(71\) only with protocol "icpc"/,
    );
  });

  it('keeps an interactor whose source was not shown by leaving type and interactor out', () => {
    const unseen = interactorValuesFrom({ type: 'interactive', interactor: { languageId: 54 } });
    expect(unseen).toMatchObject({ type: 'interactive', known: false });
    expect(interactorBody(unseen)).toEqual({});
    expect(interactorOf(unseen)).toBeUndefined();
    expect(interactorError(unseen)).toBeNull();
    expect(interactorValuesFrom({ type: 'standard' })).toEqual(standardProblem());
    expect(interactorValuesFrom({ type: 'interactive', interactor: { languageId: 54, source } })).toMatchObject({ known: true, source });
  });

  it('needs an interactive problem’s interactor, of at most 64 KiB', () => {
    expect(interactorError({ ...standardProblem(), type: 'interactive' })).toBe('An interactive problem needs its interactor.');
    expect(interactorError({ ...standardProblem(), type: 'interactive', source: 'x'.repeat(64 * 1024 + 1) })).toBe(
      'Interactor source must be at most 64 KiB.',
    );
    expect(interactorError(standardProblem())).toBeNull();
  });
});
