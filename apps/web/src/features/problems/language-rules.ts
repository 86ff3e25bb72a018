/** Judge0 CE ids of the languages with a rule of their own (the worker's language catalog uses the same ids). */
const JAVA = 62;
const PYTHON_IDS = [71, 1001];

/**
 * What a contestant must know about how a language is built, for the problem's allowed languages (none listed: all
 * of them). The worker applies these rules (engines/java-entry.ts, the Python syntax check): keep them in step.
 */
export function languageRules(allowed: readonly number[]): string[] {
  const allows = (id: number) => !allowed.length || allowed.includes(id);
  const rules: string[] = [];
  if (allows(JAVA))
    rules.push(
      'Java: submit one file; its public class (or, without one, the class with public static void main) is compiled and run, in its package if it declares one.',
    );
  if (PYTHON_IDS.some(allows)) rules.push('Python: the whole file is compiled before the tests, so a syntax error is a compile error.');
  return rules;
}
