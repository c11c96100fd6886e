/**
 * "Meus dados (LGPD)" (docs/decisions/0049): a staff member on "Perfil" and a self-registered artist on "Meu Cadastro"
 * each press "Baixar meus dados" and get a JSON file (the browser's download) with their own e-mail and data, and
 * nobody else's; the section passes axe (WCAG 2.2 AA) on both screens.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { noSeriousViolations } from './axe.ts';
import { ACCOUNTS, apiLogin, bearer, createUser, expect, screenshotPath, signInWithForm, test, uniq, randomCpf as cpf } from './helpers.ts';

/** Presses the button on the screen and answers the downloaded file's name and text. */
async function download(page: Page): Promise<{ name: string; text: string }> {
  const section = page.getByRole('region', { name: 'Meus dados (LGPD)' });
  await expect(section).toBeVisible();
  const started = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Baixar meus dados' }).click();
  const file = await started;
  const path = await file.path();
  await expect(page.getByText('Arquivo com os seus dados baixado.')).toBeVisible();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('Perfil: a servidora baixa os próprios dados, com o próprio e-mail e sem os de outra pessoa', async ({ page, request, tokenOf }) => {
  const me = await createUser(request, await tokenOf(ACCOUNTS.adminPrefeitura.email), ['protocolo']);
  const other = await createUser(request, await tokenOf(ACCOUNTS.adminPrefeitura.email), ['protocolo']);
  await apiLogin(request, other.email, other.password); // the other person has a session and an activity log too
  await signInWithForm(page, me.email, me.password);
  await page.getByRole('button', { name: 'Conta do usuário' }).click();
  await page.getByRole('link', { name: 'Gerenciar Perfil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Meus dados (LGPD)' });
  // the demo prefeitura publishes its service e-mail: whom to ask for correction or deletion
  await expect(section).toContainText('Para pedir a correção, a atualização ou a exclusão dos seus dados');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('meus-dados-perfil.png'), fullPage: true });
  await noSeriousViolations(page, { include: 'main' });

  const { name, text } = await download(page);
  expect(name).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(text) as { conta: { email: string; nome: string }; explicacao: { partes: Record<string, string> }; papeis: { nome: string }[] };
  expect(data.conta).toMatchObject({ email: me.email, nome: me.name });
  expect(data.papeis.map((p) => p.nome)).toEqual(['protocolo']);
  expect(Object.keys(data.explicacao.partes).length).toBeGreaterThan(5);
  expect(text).toContain(me.email);
  for (const s of [other.email, other.name, ACCOUNTS.adminPrefeitura.email, 'artista@paco.demo']) expect(text).not.toContain(s);
  expect(text).not.toMatch(/"(password|token_hash|secret)"/);
});

test('Meu Cadastro: a artista que se cadastrou pela internet baixa os próprios dados, sem os de outro artista', async ({ page, request, tokenOf }) => {
  const { user } = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  const id = uniq();
  const me = { name: `Joana Rabeca ${id}`, email: `joana.${id}@exemplo.com.br`, password: `rabeca-${id}-forte` };
  const reg = await request.post('/api/register', { data: { name: me.name, email: me.email, password: me.password, password_confirmation: me.password, company_id: user.company!.id } });
  expect(reg.status(), await reg.text()).toBe(202);
  const nomeCompleto = `Joana Rabeca da Silva ${id}`;
  const mine = await request.post('/api/artists/mine', {
    headers: bearer((await apiLogin(request, me.email, me.password)).token), data: { nomeCompleto, cpf: cpf(), bairro: 'Centro', declaracaoAutentico: true },
  });
  expect(mine.status(), await mine.text()).toBe(201);
  // another artist of the same prefeitura, with a registration of their own (the demo artist)
  const theirs = (await (await request.get('/api/artists/mine', { headers: bearer(await tokenOf('artista@paco.demo')) })).json()) as { data: { nomeCompleto: string; cpf: string } };

  await signInWithForm(page, me.email, me.password);
  await page.goto('/culture/profile');
  await expect(page.getByRole('heading', { name: 'Meu Cadastro' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Meus dados (LGPD)' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: 'Baixar meus dados' })).toBeEnabled();
  await page.screenshot({ path: screenshotPath('meus-dados-meu-cadastro.png'), fullPage: true });
  await noSeriousViolations(page, { include: 'main' });

  const { name, text } = await download(page);
  expect(name).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(text) as { conta: { email: string }; cadastroCultural: { artista: { nomeCompleto: string }[] } };
  expect(data.conta.email).toBe(me.email);
  expect(data.cadastroCultural.artista.map((a) => a.nomeCompleto)).toEqual([nomeCompleto]);
  for (const s of ['artista@paco.demo', theirs.data.nomeCompleto, theirs.data.cpf]) expect(text).not.toContain(s);
  expect(text).not.toMatch(/"(password|token_hash|secret)"/);
});
