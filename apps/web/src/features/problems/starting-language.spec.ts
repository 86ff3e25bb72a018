import { startingLanguage } from './starting-language';

describe('startingLanguage', () => {
  it('takes the first candidate the problem allows, skipping unset ones', () => {
    expect(startingLanguage([null, undefined, 54, 71], [54, 71])).toBe(54);
    expect(startingLanguage([null, 62, 54, 71], [54, 71])).toBe(54);
  });

  it("falls back to the problem's first language when it allows none of them", () => {
    expect(startingLanguage([62, 71], [50, 54])).toBe(50);
  });

  it('takes the first candidate unchecked while the languages load', () => {
    expect(startingLanguage([null, 62, 71], null)).toBe(62);
  });

  it('keeps the first candidate when the judge offers nothing the problem allows', () => {
    expect(startingLanguage([62, 71], [])).toBe(62);
  });
});
