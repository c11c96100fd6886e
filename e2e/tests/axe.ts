/**
 * axe-core on the page as it is, without @axe-core/playwright's per-call set-up (it injects the script into every
 * frame and re-reads it each time: about 4 s a page on a slow machine, against well under 1 s here). The script goes
 * into the document once (in-app navigation keeps the document) and only the violations come back.
 */
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './helpers.ts';

/** WCAG 2.2 AA. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** WCAG 2.2 AA and the best practices. */
export const AXE_TAGS = [...WCAG, 'best-practice'];
/** The actions' toasts (notistack's own colours, the same on every screen, and gone a moment later). */
export const TOASTS = '.notistack-SnackbarContainer';

export type Violation = Pick<axe.Result, 'id' | 'impact' | 'help' | 'nodes'>;

export interface AxeScope {
  /** only this part of the page (a selector) */
  include?: string;
  /** leave this out (a selector) */
  exclude?: string;
  tags?: string[];
}

/**
 * Colours blend while a dialog or a menu (MUI's modals: a select's options too) fades in or out, and axe would read
 * them mid-fade (CI caught a closing menu's options so): the modals' transitions end first. Endless animations (a
 * spinner in a dialog) are not waited for.
 */
async function modalsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations()
    .filter((a) => {
      const effect = a.effect as KeyframeEffect | null;
      return !!(effect?.target as Element | null)?.closest?.('.MuiModal-root') && effect!.getComputedTiming().iterations !== Infinity;
    })
    .every((a) => a.playState !== 'running'));
}

/**
 * MUI's DataGrid draws its rows before it has measured itself (an empty render context: rows without cells) and their
 * cells a frame later; axe, run in between on a busy machine, saw rows with no cell (CI caught it once on
 * /site/events). A row shown is checked once it has its cells, as a person sees it (a hidden grid is never measured).
 */
async function gridsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.MuiDataGrid-row[role="row"]'))
    .every((r) => r.offsetParent === null || r.querySelector('[role="gridcell"]')));
}

export async function axeViolations(page: Page, { tags = AXE_TAGS, include, exclude }: AxeScope = {}): Promise<Violation[]> {
  await modalsSettled(page);
  await gridsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    ({ t, inc, exc }) => {
      const context = inc || exc ? { ...(inc ? { include: [inc] } : {}), ...(exc ? { exclude: [exc] } : {}) } : document;
      return (window as unknown as { axe: typeof axe }).axe
        .run(context as axe.ElementContext, { runOnly: { type: 'tag', values: t }, resultTypes: ['violations'] })
        .then((r) => r.violations);
    },
    { t: tags, inc: include, exc: exclude },
  );
}

const report = (vs: Violation[], where = ''): string =>
  vs.map((v) => `${where}${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');

/** No serious or critical violation (WCAG 2.2 AA unless `tags` say otherwise) in the page or the part named. */
export async function noSeriousViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  const bad = (await axeViolations(page, { tags: WCAG, ...scope })).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad, report(bad)).toEqual([]);
}

/** No violation at all, of any impact (the portal's pages), WCAG 2.2 AA and best practices. */
export async function noViolations(page: Page, where = page.url()): Promise<void> {
  const found = await axeViolations(page);
  expect(found.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), report(found, `${where} `)).toEqual([]);
}
