import { readFileSync } from 'fs';
import { Page } from 'playwright-core';

/** axe-core's browser build, evaluated in the page (not a script tag, which the app's Content-Security-Policy refuses). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a journey: serious and critical, as issue 22 asks; moderate and minor ones are allowed… */
const FAILING_IMPACTS = ['serious', 'critical'];
/** …except the heading order (moderate), which the issue names: screen-reader users navigate by headings. */
const FAILING_RULES = ['heading-order'];

/**
 * Runs axe on the page as it stands (dialogs open included) and returns one line per failing violation,
 * naming the screen, the rule and the elements, so a failing journey says what to fix.
 */
export async function failingViolations(page: Page, screen: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ([impacts, rules]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return results.violations
        .filter((v) => impacts.includes(v.impact ?? '') || rules.includes(v.id))
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
        }));
    },
    [FAILING_IMPACTS, FAILING_RULES],
  );
  return violations.map((v) => `${screen}: ${v.id} (${v.impact}) on ${v.targets.join(' | ')}`);
}
