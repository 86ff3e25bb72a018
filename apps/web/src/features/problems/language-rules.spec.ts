import { languageRules } from './language-rules';

describe('languageRules', () => {
  it('says the Java and Python rules where those languages are allowed (no list: every language)', () => {
    expect(languageRules([])).toEqual([
      expect.stringMatching(/^Java: .*public class.*package/),
      expect.stringMatching(/^Python: .*syntax error is a compile error/),
    ]);
    expect(languageRules([62, 54])).toEqual([expect.stringMatching(/^Java/)]);
    expect(languageRules([1001])).toEqual([expect.stringMatching(/^Python/)]);
    expect(languageRules([54, 50])).toEqual([]);
  });
});
