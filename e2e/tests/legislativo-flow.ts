/**
 * Pieces of the legislative specs that click through a matter's life: actors in their own browsers, a record action
 * run through its dialog, a reference picked, the axe check, the record's state, dates and a PDF's text.
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { apiLogin, bearer, createUser, expect, storeToken } from './helpers';
import { TOASTS, noSeriousViolations } from './axe.ts';

/** Today in the câmara's time zone (yyyy-mm-dd). */
export const today = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
export const addDays = (iso: string, n: number): string => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** dd/mm/aaaa */
export const br = (iso: string): string => iso.split('-').reverse().join('/');

export interface Actor { ctx: BrowserContext; page: Page }

/** A person in a browser of their own, signed in (the token stored as the app keeps it). */
export async function actor(browser: Browser, request: APIRequestContext, email: string, password?: string, viewport = { width: 1366, height: 900 }): Promise<Actor> {
  const ctx = await browser.newContext({ viewport, locale: 'pt-BR' });
  const page = await ctx.newPage();
  const { token } = await apiLogin(request, email, password);
  await storeToken(page, token);
  return { ctx, page };
}

export const recordActions = (page: Page): Locator => page.getByRole('group', { name: 'Ações do registro' });

/** Runs a record action from the record's buttons, through its dialog (filled by `fill`), and waits for its message. */
export async function runAction(page: Page, label: string, said: string | RegExp, fill?: (dialog: Locator) => Promise<void>): Promise<void> {
  await recordActions(page).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(said).first()).toBeVisible();
}

/** Picks an option of a searchable reference: types, waits for the option wanted among the answers, clicks it. */
export async function pick(page: Page, scope: Locator, label: RegExp, typed: string, option: RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).fill(typed);
  const wanted = page.getByRole('listbox').getByRole('option', { name: option }).first();
  await expect(wanted).toBeVisible();
  await wanted.click();
}

/** No serious or critical axe violation on the screen as it is now (the actions' toasts left out). */
export const screenIsClean = (page: Page): Promise<void> => noSeriousViolations(page, { exclude: TOASTS });

/** The value shown under a label of the record's state (above the form). */
export const summaryOf = (page: Page, field: string): Locator => page.locator(`[data-summary="${field}"]`);

/** The text of a PDF the API answers (with the user's token): what a reader of the document sees. */
export async function pdfText(request: APIRequestContext, url: string, token: string): Promise<string> {
  const res = await request.get(url, { headers: bearer(token) });
  expect(res.status(), url).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(new Uint8Array(await res.body()), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * A commission made for the test (by the admin), with a composition in force whose members are the given
 * councillors, and a user with the commissions' operator role to work it.
 */
export async function commissionFor(request: APIRequestContext, tag: string, memberNames: string[]): Promise<{ sigla: string; nome: string; operator: { email: string; password: string } }> {
  const { token: admin } = await apiLogin(request, 'admin@paco.demo');
  const get = async (url: string) => ((await (await request.get(url, { headers: bearer(admin) })).json()) as { data: any }).data;
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { headers: bearer(admin), data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  const sigla = `CE${tag.slice(-4).toUpperCase()}`;
  const nome = `Comissão Especial ${tag}`;
  const commission = await post('/api/commissions', { nome, sigla, type_id: (await get('/api/types_of/commissions'))[0].id, criacao: '2020-01-01' });
  const period = await post('/api/composition_periods', { inicio: addDays(today(), -30), fim: addDays(today(), 700) });
  const composition = await post('/api/compositions', { comission_id: commission.id, composition_period_id: period.id });
  const members = (await get('/api/parliamentaries?perPage=100')) as { id: number; nome: string }[];
  const cargo = (await get('/api/types_of/cargos_comissao'))[0].id;
  for (const n of memberNames) {
    await post('/api/participants', { composition_id: composition.id, parliamentary_id: members.find((m) => m.nome === n)!.id, cargo_id: cargo, designacao: addDays(today(), -30) });
  }
  const operator = await createUser(request, admin, ['cm_operador_comissao']);
  return { sigla, nome, operator };
}
