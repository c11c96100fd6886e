/**
 * axe-core on the page as it is, without @axe-core/playwright's per-call set-up (it injects the script into every
 * frame and re-reads it each time: about 4 s a page on a slow machine, against well under 1 s here). The script goes
 * into the document once (in-app navigation keeps the document) and only the violations come back.
 */
import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** WCAG 2.2 AA and the best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export type Violation = Pick<axe.Result, 'id' | 'impact' | 'help' | 'nodes'>;

export async function axeViolations(page: Page, tags: string[] = AXE_TAGS): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (t) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: t }, resultTypes: ['violations'] }).then((r) => r.violations),
    tags,
  );
}
