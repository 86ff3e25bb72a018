import { indentUnitFor } from './editor-indent';

describe('indentUnitFor (issue 33, defect 12)', () => {
  it.each([
    [71, 'Python', '    '],
    [54, 'C++', '    '],
    [50, 'C', '    '],
    [62, 'Java', '    '],
    [73, 'Rust', '    '],
    [63, 'JavaScript', '  '],
    [74, 'TypeScript', '  '],
    [60, 'Go', '\t'],
  ])('indents language %i (%s) by its style guide’s unit', (id, _name, unit) => {
    expect(indentUnitFor(id)).toBe(unit);
  });

  it('gives four spaces to a language it does not know, or none chosen', () => {
    expect(indentUnitFor(999)).toBe('    ');
    expect(indentUnitFor(undefined)).toBe('    ');
  });
});
