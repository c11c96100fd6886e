/** (f) Accessibility: axe-core finds no serious or critical violation on the login screen. */
import { expect, test } from './helpers.ts';
import { AXE_TAGS, noSeriousViolations } from './axe.ts';

test('login sem violações sérias ou críticas de acessibilidade (axe, WCAG 2.2 AA)', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: /^Entrar$/i })).toBeVisible();
  await noSeriousViolations(page, { tags: AXE_TAGS });
  await expect(page).toHaveTitle(/- Paço$/);
  expect(await page.getAttribute('html', 'lang')).toMatch(/^pt/i);
});
