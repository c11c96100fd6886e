/** (f) Accessibility: axe-core finds no serious or critical violation on the login screen. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './helpers.ts';

test('login sem violações sérias ou críticas de acessibilidade (axe, WCAG 2.2 AA)', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: /^Entrar$/i })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  expect(bad, report).toEqual([]);
  await expect(page).toHaveTitle(/- Paço$/);
  expect(await page.getAttribute('html', 'lang')).toMatch(/^pt/i);
});
