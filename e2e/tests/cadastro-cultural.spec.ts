/**
 * The culture registry's review (issue 11; docs/workflows/cadastro-cultural.md), each actor in their own browser:
 * the culture officer puts an artist under analysis and activates it, and refuses another with a reason (the
 * buttons say why when a step is not possible yet); the artists see the result on "Meu Cadastro", and the refused
 * one corrects the registration, which goes back to the review.
 */
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, PREFEITURA, apiLogin, bearer, expect, screenshotPath, signInWithForm, test, uniq, randomCpf as cpf } from './helpers.ts';
import { noSeriousViolations } from './axe.ts';

async function signedIn(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page, email, password);
  return page;
}

/** Runs a record action from its button: its dialog (filled by `fill`), the answer, the toast. */
async function run(page: Page, label: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/artists\/\d+\//.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: label, exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${label}: feito.`)).toBeVisible();
}

async function openArtist(page: Page, name: string) {
  await page.goto(`/culture/artist?q=${encodeURIComponent(name)}`);
  const cell = page.getByRole('grid', { name: 'Artistas' }).getByRole('gridcell').filter({ hasText: name }).first();
  // the list's screen is loaded the first time it is opened: give it the time of a slow machine
  await expect(cell).toBeVisible({ timeout: 20_000 });
  await cell.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
}

test('a equipe da Cultura analisa e ativa um artista, recusa outro com motivo; cada artista vê o resultado em Meu Cadastro', async ({ browser, request }) => {
  test.setTimeout(150_000);
  // a second artist, self-registered (sign-up and "Meu Cadastro" through the API: the sign-up screen has its own spec)
  const { user } = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  expect(user.company?.name).toBe(PREFEITURA);
  const id = uniq();
  const second = { name: `Tereza Viola ${id}`, email: `tereza.${id}@exemplo.com.br`, password: `viola-${id}-caipira` };
  const reg = await request.post('/api/register', { data: { name: second.name, email: second.email, password: second.password, password_confirmation: second.password, company_id: user.company!.id } });
  expect(reg.status(), await reg.text()).toBe(202);
  const secondToken = (await apiLogin(request, second.email, second.password)).token;
  const nomeCompleto = `Tereza Cristina Barbosa ${id}`;
  const mine = await request.post('/api/artists/mine', { headers: bearer(secondToken), data: { nomeCompleto, cpf: cpf(), bairro: 'Centro', declaracaoAutentico: true } });
  expect(mine.status(), await mine.text()).toBe(201);

  // the culture officer
  const officer = await signedIn(browser, ACCOUNTS.cultura.email);
  await openArtist(officer, 'Ana Luíza Ferreira Costa');
  const summary = officer.getByRole('region', { name: 'Situação do artista' });
  await expect(summary).toContainText('Pendente');
  const activate = officer.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Ativar', exact: true });
  await expect(activate).toHaveAttribute('aria-disabled', 'true');
  await expect(officer.getByText('Ativar: Situação do cadastro: Pendente. Só cadastros em análise (ou inativos) podem ser ativados.')).toBeVisible();
  await run(officer, 'Iniciar análise', async (d) => { await expect(d).toContainText('O cadastro passa a "Em análise".'); });
  await expect(summary).toContainText('Em análise');
  await expect(activate).not.toHaveAttribute('aria-disabled', 'true');
  await run(officer, 'Ativar');
  await expect(summary).toContainText('Ativo');
  await expect(officer.getByText('Iniciar análise: Situação do cadastro: Ativo. Só cadastros pendentes ou recusados entram em análise.')).toBeVisible();
  await officer.screenshot({ path: screenshotPath('cultura-artista-ativado.png'), fullPage: true });

  // refuse the other, with the reason the dialog asks for
  await openArtist(officer, nomeCompleto);
  await officer.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Recusar', exact: true }).click();
  const refuse = officer.getByRole('dialog', { name: 'Recusar' });
  await refuse.getByRole('button', { name: 'Recusar', exact: true }).click();
  await expect(refuse).toContainText('O campo Motivo da recusa é obrigatório.');
  await refuse.getByRole('button', { name: 'Cancelar' }).click();
  await run(officer, 'Recusar', async (d) => {
    await d.getByRole('textbox', { name: /Motivo da recusa/ }).fill('Falta o comprovante de residência no município.');
  });
  const refused = officer.getByRole('region', { name: 'Situação do artista' });
  await expect(refused).toContainText('Recusado');
  await expect(refused).toContainText('Falta o comprovante de residência no município.');
  await noSeriousViolations(officer, { include: 'main' });
  await officer.screenshot({ path: screenshotPath('cultura-artista-recusado.png'), fullPage: true });

  // the activated artist, on "Meu Cadastro"
  const artist = await signedIn(browser, 'artista@paco.demo');
  await artist.goto('/culture/profile');
  await expect(artist.getByRole('heading', { name: 'Meu Cadastro' })).toBeVisible();
  await expect(artist.getByText('Seu cadastro está ativo.')).toBeVisible();
  await expect(artist.locator('.MuiChip-root').filter({ hasText: 'Ativo' })).toBeVisible();
  await artist.screenshot({ path: screenshotPath('cultura-meu-cadastro-ativo.png'), fullPage: true });

  // the refused one sees why, corrects it, and it goes back to the review
  const refusedArtist = await signedIn(browser, second.email, second.password);
  await refusedArtist.goto('/culture/profile');
  // told on the bell (and by e-mail: people outside the staff)
  const bell = refusedArtist.getByRole('button', { name: 'Notificações: 1 não lida' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(refusedArtist.getByRole('region', { name: 'Notificações' }).getByRole('link', { name: new RegExp(`Seu cadastro foi recusado: ${nomeCompleto}`) })).toBeVisible();
  await refusedArtist.keyboard.press('Escape');
  const main = refusedArtist.getByRole('main');
  await expect(main.getByText('Seu cadastro foi recusado. Corrija os dados e salve: ele volta para a análise.')).toBeVisible();
  await expect(main.getByText('Falta o comprovante de residência no município.')).toBeVisible();
  await noSeriousViolations(refusedArtist, { include: 'main' });
  await refusedArtist.screenshot({ path: screenshotPath('cultura-meu-cadastro-recusado.png'), fullPage: true });
  await refusedArtist.getByRole('textbox', { name: 'Endereço' }).fill('Rua das Acácias');
  const saved = refusedArtist.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/artists/mine');
  await refusedArtist.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(200);
  await expect(refusedArtist.getByText('Seu cadastro aguarda a análise da equipe da Cultura.')).toBeVisible();
  await expect(refusedArtist.locator('.MuiChip-root').filter({ hasText: 'Pendente' })).toBeVisible();

  // and only their own: the other artist's registration is not there for them
  const other = (await (await request.get('/api/artists/mine', { headers: bearer((await apiLogin(request, 'artista@paco.demo')).token) })).json()) as { data: { id: number } };
  expect((await request.get(`/api/artists/${other.data.id}`, { headers: bearer(secondToken) })).status()).toBe(404);

  // the officer sees it back in the review
  await openArtist(officer, nomeCompleto);
  await expect(officer.getByRole('region', { name: 'Situação do artista' })).toContainText('Pendente');
  await expect(officer.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Iniciar análise', exact: true })).not.toHaveAttribute('aria-disabled', 'true');
});
