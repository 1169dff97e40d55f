/**
 * axe-core in the e2e tests: the WCAG 2.2 A/AA rules and axe's best practices, run in the page
 * as a reader's browser has it. axe's source is evaluated in the page, not added as a script
 * element: the site's Content-Security-Policy, which the tests keep, allows no inline script.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's violations on the page as it is now, one line each: `where  rule (impact)  target  what
 * to fix`. axe is loaded into the document once; a client navigation keeps it.
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } };
    interface AxeViolation { id: string; impact: string | null; nodes: Array<{ target: unknown[]; failureSummary?: string }> }
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })) }));
  }, AXE_TAGS);
  return violations.flatMap(({ id, impact, nodes }) => nodes.map((node) => `${where}  ${id} (${impact})  ${node.target}  ${node.summary.replace(/\s+/g, ' ').trim()}`));
}

/** The rule ids among violation lines. */
export const ruleIds = (lines: readonly string[]): string[] => [...new Set(lines.map((line) => line.split('  ')[1]!.split(' ')[0]!))].sort();
