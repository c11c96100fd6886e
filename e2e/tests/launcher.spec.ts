/**
 * (a) Each demo account signs in through the form and sees, on the launcher "/", the modules its roles
 * allow (spec 1 §6) and the greeting for the hour with its name.
 */
import { ACCOUNTS, expect, greetingFor, screenshotPath, signInWithForm, test, type DemoAccount } from './helpers.ts';
import type { Page } from '@playwright/test';
import { visibleModules } from '@paco/domain/modules';

/** Module titles on the launcher (spec 1 §1) that each account must and must not see. */
const ALL_ADMIN = ['Legislativo', 'Ouvidoria', 'Administrativo', 'Configurações', 'Protocolo', 'Cultural', 'Licitação', 'Executivo', 'GED'];
const EXPECTED: Record<keyof typeof ACCOUNTS, { sees: string[]; doesNotSee: string[] }> = {
  superadmin: { sees: ALL_ADMIN, doesNotSee: [] },
  admin: { sees: ALL_ADMIN, doesNotSee: [] },
  adminPrefeitura: { sees: ALL_ADMIN, doesNotSee: [] },
  operador: { sees: ['Legislativo', 'Configurações'], doesNotSee: ['Administrativo', 'Protocolo', 'Cultural', 'Ouvidoria', 'Licitação', 'GED'] },
  vereador: { sees: ['Legislativo'], doesNotSee: ['Administrativo', 'Configurações', 'Protocolo', 'Cultural', 'Ouvidoria', 'GED'] },
  protocolo: { sees: ['Protocolo', 'Configurações'], doesNotSee: ['Administrativo', 'Legislativo', 'Cultural', 'Ouvidoria', 'GED'] },
  cultura: { sees: ['Cultural'], doesNotSee: ['Administrativo', 'Configurações', 'Protocolo', 'Legislativo', 'Ouvidoria', 'GED'] },
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A module entry of the launcher, by its title. */
const launcherItem = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Módulos disponíveis' }).getByRole('link', { name: new RegExp(`^\\s*${escape(title)}(\\s|$)`) });

/** The titles of the launcher's module entries, in page order. */
const launcherTitles = (page: Page) => page.getByRole('list', { name: 'Módulos disponíveis' }).getByRole('heading', { level: 3 });

// São Paulo time (the browser's time zone is America/Sao_Paulo, see playwright.config.ts)
const HOURS = [9, 15, 21];

const entries = Object.entries(ACCOUNTS) as [keyof typeof ACCOUNTS, DemoAccount][];
entries.forEach(([key, account], i) => {
  test(`launcher de ${account.email}: módulos permitidos e saudação`, async ({ page }) => {
    const hour = HOURS[i % HOURS.length];
    const now = new Date(`2026-03-10T${String(hour).padStart(2, '0')}:30:00-03:00`);
    await page.clock.setFixedTime(now);
    const { user } = await signInWithForm(page, account.email);
    expect(user.company?.name).toBe(account.company);
    expect(user.roles.map((r) => r.name).sort()).toEqual([...account.roles].sort());

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${greetingFor(hour)}\\b.*${escape(user.name)}`));
    // exactly the modules spec 1 §6 allows (the rules written once in packages/domain), in title order
    const expected = visibleModules({ roles: account.roles, permissions: user.permissions }).map((m) => m.title);
    await expect(launcherTitles(page)).toHaveText(expected);
    for (const m of EXPECTED[key].sees) await expect(launcherItem(page, m), `${account.email} vê ${m}`).toBeVisible();
    for (const m of EXPECTED[key].doesNotSee) await expect(launcherItem(page, m), `${account.email} não vê ${m}`).toHaveCount(0);
    // footer: year, build and the user's company
    const footer = page.locator('footer');
    await expect(footer).toContainText(String(now.getFullYear()));
    await expect(footer).toContainText('BUILD 2.0');
    await expect(footer).toContainText(account.company);

    if (key === 'admin') {
      await page.screenshot({ path: screenshotPath('launcher-admin.png'), fullPage: true });
    }
    if (key === 'vereador') {
      await page.screenshot({ path: screenshotPath('launcher-vereador.png'), fullPage: true });
    }
  });
});
