/**
 * Culture funding calls with quotas (decision 0053; docs/workflows/editais-de-fomento.md), each actor in their own
 * browser: the culture officer drafts a call on the form and opens it; two artists with active registrations apply
 * from the call's page (one in the quota for Black applicants, which her self-declaration admits; the other is not
 * offered it); the officer closes the applications, qualifies and scores them, sees the preview, publishes the
 * preliminary result; the Black artist, with the lower score, takes the reserved place and is told; the other appeals,
 * the officer judges the appeal, and the final result waits for the end of the appeal period.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, bearer, expect, randomCpf, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';
import { noSeriousViolations } from './axe.ts';

const br = (iso: string): string => iso.split('-').reverse().join('/');
const shift = (days: number): string => {
  const d = new Date(Date.now() - 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function signedIn(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page, email, password);
  return page;
}

/** A self-registered artist with an active registration (sign-up and review through the API: they have their own specs). */
async function activeArtist(request: APIRequestContext, officer: string, nome: string, racaCor: string): Promise<{ email: string; password: string }> {
  const { user } = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  const id = uniq();
  const account = { email: `artista.${id}@exemplo.com.br`, password: `senha-${id}-forte` };
  const reg = await request.post('/api/register', { data: { name: nome, email: account.email, password: account.password, password_confirmation: account.password, company_id: user.company!.id } });
  expect(reg.status(), await reg.text()).toBe(202);
  const token = (await apiLogin(request, account.email, account.password)).token;
  const made = await request.post('/api/artists/mine', { headers: bearer(token), data: { nomeCompleto: nome, cpf: randomCpf(), racaCor, bairro: 'Centro', declaracaoAutentico: true } });
  expect(made.status(), await made.text()).toBe(201);
  const artistId = (await made.json()).data.id as number;
  for (const step of ['analisar', 'ativar']) expect((await request.post(`/api/artists/${artistId}/${step}`, { headers: bearer(officer) })).status()).toBe(200);
  return account;
}

/** Runs a record action from its button: its dialog (filled by `fill`), the answer, the dialog gone. */
async function run(page: Page, label: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>, confirmLabel = label) {
  await page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/${actionOf(label)}`));
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(dialog).toBeHidden();
}
const ACTIONS: Record<string, string> = {
  'Abrir inscrições': 'abrir', 'Encerrar inscrições': 'encerrar_inscricoes', 'Publicar resultado preliminar': 'publicar_preliminar', 'Inscrever-se': 'inscrever',
  Habilitar: 'habilitar', Avaliar: 'avaliar', 'Recorrer do resultado': 'recorrer', 'Julgar recurso': 'julgar_recurso',
};
const actionOf = (label: string): string => ACTIONS[label];

test('um edital com cotas, do rascunho ao resultado: a equipe publica, as artistas se inscrevem e veem o resultado', async ({ browser, request, tokenOf }) => {
  test.setTimeout(240_000);
  const officerToken = await tokenOf(ACCOUNTS.cultura.email);
  const id = uniq();
  const joana = `Joana Batista ${id}`;
  const helena = `Helena Prado ${id}`;
  const [negra, branca] = await Promise.all([activeArtist(request, officerToken, joana, 'parda'), activeArtist(request, officerToken, helena, 'branca')]);

  // the officer drafts the call on the form
  const officer = await signedIn(browser, ACCOUNTS.cultura.email);
  await officer.goto('/culture');
  await officer.getByRole('navigation', { name: /Menu do módulo/ }).getByRole('link', { name: 'Editais de Fomento' }).click();
  await expect(officer.getByRole('main').getByRole('heading', { name: 'Editais de fomento', level: 1 })).toBeVisible();
  await officer.getByRole('link', { name: 'Novo' }).or(officer.getByRole('button', { name: 'Novo' })).first().click();
  const titulo = `Prêmio Culturas Populares ${id}`;
  await officer.getByRole('textbox', { name: /^Número/ }).fill(`E-${id}`.slice(0, 30));
  await officer.getByRole('textbox', { name: /^Título/ }).fill(titulo);
  await officer.getByRole('combobox', { name: /Fonte dos recursos/ }).click();
  await officer.getByRole('option', { name: 'Lei Paulo Gustavo (LC 195/2022)' }).click();
  await officer.getByRole('textbox', { name: /^Inscrições de/ }).fill(br(shift(-1)));
  await officer.getByRole('textbox', { name: /^Inscrições até/ }).fill(br(shift(20)));
  await officer.getByRole('textbox', { name: /^Vagas \(projetos/ }).fill('2');
  await officer.getByRole('textbox', { name: /^Valor por projeto/ }).fill('800000');
  // a quota below the law's minimum is refused on the field
  await officer.getByRole('textbox', { name: /pessoas negras/ }).fill('10');
  const refused = officer.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/culture_calls');
  await officer.getByRole('button', { name: 'Salvar' }).click();
  const early = await Promise.race([refused.then((r) => r.status()), officer.getByText(/no mínimo 20/i).first().waitFor().then(() => 0)]);
  expect([0, 422]).toContain(early);
  await officer.getByRole('textbox', { name: /pessoas negras/ }).fill('50');
  const saved = officer.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/culture_calls');
  await officer.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(201);
  await expect(officer.getByRole('heading', { level: 1 })).toContainText(titulo);
  const summary = officer.getByRole('region', { name: /Situação/ }).first();
  await expect(summary).toContainText('Rascunho');
  await expect(summary).toContainText('2 vagas: 1 de ampla concorrência, 1 reservada a pessoas negras e 0 a pessoas indígenas');
  await run(officer, 'Abrir inscrições');
  await expect(summary).toContainText('Inscrições abertas');
  const callUrl = new URL(officer.url()).pathname;
  await officer.screenshot({ path: screenshotPath('edital-aberto.png'), fullPage: true });

  // Joana applies in the quota; the dialog offers it to her
  const joanaPage = await signedIn(browser, negra.email, negra.password);
  await joanaPage.goto('/culture');
  await joanaPage.getByRole('navigation', { name: /Menu do módulo/ }).getByRole('link', { name: 'Editais de Fomento' }).click();
  const callRow = joanaPage.getByRole('grid').getByRole('row').filter({ hasText: titulo });
  await expect(callRow).toBeVisible();
  await callRow.getByRole('gridcell').filter({ hasText: titulo }).click();
  await expect(joanaPage.getByRole('heading', { level: 1 })).toContainText(titulo);
  await run(joanaPage, 'Inscrever-se', async (d) => {
    await d.getByRole('textbox', { name: /^Título do projeto/ }).fill('Roda de samba nos bairros');
    await d.getByRole('textbox', { name: /^Resumo do projeto/ }).fill('Doze rodas de samba abertas ao público nos bairros, com oficinas de percussão para jovens.');
    await expect(d.getByRole('textbox', { name: /^Valor solicitado/ })).toHaveValue(/8\.000,00/);
    await d.getByRole('combobox', { name: /^Concorrência/ }).click();
    await expect(joanaPage.getByRole('option', { name: 'Cota para pessoas indígenas' })).toHaveCount(0);
    await joanaPage.getByRole('option', { name: 'Cota para pessoas negras (pretas e pardas)' }).click();
    await d.getByRole('switch', { name: /Declaro que as informações são verdadeiras/ }).check();
  });
  await joanaPage.screenshot({ path: screenshotPath('edital-inscricao-feita.png'), fullPage: true });
  // "Minhas Inscrições" lists it, and only hers
  await joanaPage.getByRole('navigation', { name: /Menu do módulo/ }).getByRole('link', { name: 'Minhas Inscrições' }).click();
  const mine = joanaPage.getByRole('grid').getByRole('row').filter({ hasText: 'Roda de samba nos bairros' });
  await expect(mine).toBeVisible();
  await expect(joanaPage.getByRole('grid').getByText(helena)).toHaveCount(0);

  // Helena applies too; the quota is not offered to her
  const helenaPage = await signedIn(browser, branca.email, branca.password);
  await helenaPage.goto(callUrl);
  await run(helenaPage, 'Inscrever-se', async (d) => {
    await d.getByRole('textbox', { name: /^Título do projeto/ }).fill('Viola caipira nas escolas');
    await d.getByRole('textbox', { name: /^Resumo do projeto/ }).fill('Oficinas de viola caipira em quatro escolas municipais, com apresentação final.');
    await d.getByRole('combobox', { name: /^Concorrência/ }).click();
    await expect(helenaPage.getByRole('option', { name: /Cota/ })).toHaveCount(0);
    await helenaPage.getByRole('option', { name: 'Ampla concorrência' }).click();
    await d.getByRole('switch', { name: /Declaro que as informações são verdadeiras/ }).check();
  });
  // applied once: the button says why
  await expect(helenaPage.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Inscrever-se', exact: true })).toHaveAttribute('aria-disabled', 'true');

  // the officer closes, qualifies and scores: Helena 90, Joana 70
  await officer.goto(callUrl);
  await run(officer, 'Encerrar inscrições');
  await expect(summary).toContainText('Em avaliação');
  for (const [projeto, nota] of [['Viola caipira nas escolas', '90'], ['Roda de samba nos bairros', '70']] as const) {
    await officer.goto(callUrl);
    await officer.getByRole('tab', { name: /^Inscrições/ }).click();
    await officer.getByRole('tabpanel').getByRole('row').filter({ hasText: projeto }).getByRole('cell').filter({ hasText: projeto }).click();
    await expect(officer.getByRole('heading', { level: 1 })).toContainText(projeto);
    await run(officer, 'Habilitar');
    await run(officer, 'Avaliar', async (d) => {
      await d.getByRole('textbox', { name: /^Nota/ }).fill(nota);
      await d.getByRole('textbox', { name: /^Parecer/ }).fill(`Parecer da comissão: projeto consistente, nota ${nota}.`);
    });
    await expect(officer.getByRole('region', { name: /Situação/ }).first()).toContainText(nota);
  }
  await officer.goto(callUrl);
  await officer.getByRole('tab', { name: 'Resultado' }).click();
  await expect(officer.getByText(/^Prévia: o resultado ainda não foi publicado/)).toBeVisible();
  await officer.screenshot({ path: screenshotPath('edital-previa.png'), fullPage: true });
  await run(officer, 'Publicar resultado preliminar');
  await expect(summary).toContainText('Resultado preliminar');
  await expect(summary).toContainText('Recursos até');
  await officer.getByRole('tab', { name: 'Resultado' }).click();
  const result = officer.getByRole('tabpanel');
  await expect(result.getByText(/^Resultado preliminar: os proponentes podem recorrer até/)).toBeVisible();
  await expect(result.getByRole('row').filter({ hasText: 'Roda de samba nos bairros' })).toContainText('Selecionada');
  await expect(result.getByRole('row').filter({ hasText: 'Viola caipira nas escolas' })).toContainText('Selecionada');
  await noSeriousViolations(officer, { include: 'main' });
  await officer.screenshot({ path: screenshotPath('edital-resultado.png'), fullPage: true });

  // Joana is told, and sees her place on her application
  await joanaPage.reload();
  const bell = joanaPage.getByRole('button', { name: /^Notificações: \d+ não lida/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await joanaPage.getByRole('region', { name: 'Notificações' }).getByRole('link', { name: /Resultado preliminar: projeto selecionado/ }).first().click();
  await expect(joanaPage.getByRole('heading', { level: 1 })).toContainText('Roda de samba nos bairros');
  const hers = joanaPage.getByRole('region', { name: /Situação/ }).first();
  await expect(hers).toContainText('Selecionada');
  await expect(hers).toContainText('Cota para pessoas negras');
  await noSeriousViolations(joanaPage, { include: 'main' });
  await joanaPage.screenshot({ path: screenshotPath('edital-minha-inscricao-selecionada.png'), fullPage: true });

  // Helena appeals from her application, within the period
  await helenaPage.goto('/culture/inscricoes');
  await helenaPage.getByRole('grid').getByRole('gridcell').filter({ hasText: 'Viola caipira nas escolas' }).click();
  await expect(helenaPage.getByRole('heading', { level: 1 })).toContainText('Viola caipira nas escolas');
  await run(helenaPage, 'Recorrer do resultado', async (d) => {
    await d.getByRole('textbox', { name: /^Razões do recurso/ }).fill('A oficina final nas escolas não foi pontuada no critério de contrapartida.');
  });
  await expect(helenaPage.getByRole('region', { name: /Situação/ }).first()).toContainText('Aguardando julgamento');

  // the officer judges it; the final result waits for the end of the period, and the button says so
  await officer.goto(callUrl);
  await officer.getByRole('tab', { name: /^Inscrições/ }).click();
  await officer.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Viola caipira nas escolas' }).getByRole('cell').filter({ hasText: 'Viola caipira nas escolas' }).click();
  await run(officer, 'Julgar recurso', async (d) => {
    await d.getByRole('combobox', { name: /^Decisão/ }).click();
    await officer.getByRole('option', { name: 'Indeferido' }).click();
    await d.getByRole('textbox', { name: /^Resposta ao proponente/ }).fill('Recurso indeferido: a contrapartida foi pontuada no item 3 do parecer.');
  });
  await expect(officer.getByRole('region', { name: /Situação/ }).first()).toContainText('Indeferido');
  await officer.screenshot({ path: screenshotPath('edital-recurso-julgado.png'), fullPage: true });
  await officer.goto(callUrl);
  await expect(officer.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Publicar resultado final', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(officer.getByText(/^Publicar resultado final: Os proponentes podem recorrer até/)).toBeVisible();
  for (const p of [officer, joanaPage, helenaPage]) await p.context().close();
});

test('a lista de editais pagina para a frente e para trás', async ({ browser, tokenOf }) => {
  const token = await tokenOf(ACCOUNTS.cultura.email);
  const id = uniq();
  const page = await signedIn(browser, ACCOUNTS.cultura.email);
  for (let i = 0; i < 16; i++) {
    const r = await page.request.post('/api/culture_calls', { headers: bearer(token), data: {
      numero: `P${i}-${id}`.slice(0, 30), titulo: `Edital de paginação ${id} ${String(i).padStart(2, '0')}`, fonte: 'municipal', inscricoesInicio: shift(1), inscricoesFim: shift(30 + i),
      vagas: 5, valorPorProjeto: 1000, notaMinima: 50, cotaNegros: 20, cotaIndigenas: 10,
    } });
    expect(r.status(), await r.text()).toBe(201);
  }
  await page.goto(`/culture/editais?q=${encodeURIComponent(`paginação ${id}`)}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').filter({ hasText: `Edital de paginação ${id}` })).toHaveCount(15);
  await page.getByRole('button', { name: 'Ir para a próxima página' }).click();
  await expect(grid.getByRole('row').filter({ hasText: `Edital de paginação ${id}` })).toHaveCount(1);
  await page.getByRole('button', { name: 'Ir para a página anterior' }).click();
  await expect(grid.getByRole('row').filter({ hasText: `Edital de paginação ${id}` })).toHaveCount(15);
  await page.context().close();
});
