/**
 * The citizen's Ouvidoria and e-SIC on the portal (issue 12 §2), on a phone, each actor in a browser context of
 * their own: a citizen files a LAI request (identified, identity restricted, with an attachment) and an anonymous
 * manifestação, and gets each protocol and code; the SIC officer and the ombudsman answer in the back office (the
 * Prefeitura's administrator, another role, does not see the restricted identity); the citizen follows both with
 * their codes and sees the answers; the same forms work with JavaScript disabled (errors by field keeping what was
 * typed, filing, following, appealing); axe on every page and state added; the statistics page and its CSV.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';
import { noViolations } from './axe.ts';

const PM = '/portal/prefeitura-vila-serena';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const PDF = { name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') };

test.use(PHONE);

async function staff(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
  await signInWithForm(page, email);
  return page;
}

/** The back office: opens a record from its list by its subject and runs an action from its dialog. */
async function answer(page: Page, list: string, grid: string, assunto: string, resposta: string): Promise<void> {
  await page.goto(list);
  const g = page.getByRole('grid', { name: grid });
  await expect(g).toBeVisible({ timeout: 20_000 });
  await g.getByRole('row').filter({ hasText: assunto }).getByRole('gridcell').filter({ hasText: assunto }).click();
  await page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Responder', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Responder' });
  await dialog.getByRole('textbox', { name: /Resposta/ }).fill(resposta);
  const done = page.waitForResponse((r) => r.request().method() === 'POST' && /\/responder$/.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: 'Responder', exact: true }).click();
  expect((await done).status()).toBe(200);
  await expect(page.getByText('Responder: feito.')).toBeVisible();
}

/** The protocol and code the page shows after filing. */
async function codes(page: Page): Promise<{ protocolo: string; codigo: string }> {
  return { protocolo: (await page.getByTestId('protocolo').textContent())!.trim(), codigo: (await page.getByTestId('codigo').textContent())!.trim() };
}

async function follow(page: Page, service: 'sic' | 'ouvidoria', p: { protocolo: string; codigo: string }): Promise<void> {
  await page.goto(`${PM}/${service}`);
  const form = page.locator('form.follow-form');
  await form.getByLabel(/^Protocolo/).fill(p.protocolo);
  await form.getByLabel(/^Código de acompanhamento/).fill(p.codigo);
  await form.getByRole('button', { name: 'Acompanhar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Protocolo ${p.protocolo}` })).toBeVisible();
}

test('a citizen files a restricted LAI request and an anonymous manifestação; staff answer; the citizen sees the answers', async ({ browser }) => {
  test.setTimeout(180_000);
  const citizen = await (await browser.newContext(PHONE)).newPage();
  const tag = uniq();
  const assuntoLai = `Contratos de transporte escolar ${tag}`;
  const assuntoManif = `Lixo acumulado na praça ${tag}`;

  // the LAI request: identified, identity restricted, with an attachment; no reason asked
  await citizen.goto(`${PM}/sic`);
  await expect(citizen.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(citizen.getByRole('heading', { level: 1, name: 'Acesso à informação (e-SIC)' })).toBeVisible();
  await expect(citizen.getByText('Nenhum motivo é pedido')).toBeVisible();
  await noViolations(citizen, 'sic');
  await citizen.screenshot({ path: screenshotPath('portal-sic-form-phone.png'), fullPage: true });
  await citizen.getByLabel(/^Nome/).fill('Regina Sigilosa');
  await citizen.getByLabel(/^E-mail/).fill('regina.sigilosa@exemplo.com.br');
  await citizen.getByLabel('Manter minha identidade restrita').check();
  await citizen.getByLabel(/^Tema/).selectOption('educacao');
  await citizen.getByLabel(/^Assunto/).fill(assuntoLai);
  await citizen.getByLabel(/^Informação solicitada/).fill('Peço os contratos de transporte escolar vigentes, com os valores por rota.');
  await citizen.getByLabel(/^Anexos/).setInputFiles(PDF);
  await citizen.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(citizen.getByRole('heading', { level: 2, name: 'Pedido registrado' })).toBeVisible();
  const lai = await codes(citizen);
  expect(lai.protocolo).toMatch(/^\d{6}\/\d{4}$/);
  expect(lai.codigo).toMatch(/^[A-Z2-9]{10}$/);
  await expect(citizen.getByText('Guarde o protocolo e o código', { exact: true })).toBeVisible();
  await noViolations(citizen, 'sic registrado');
  await citizen.screenshot({ path: screenshotPath('portal-sic-registrado-phone.png'), fullPage: true });

  // the anonymous manifestação: with JavaScript, "anônima" hides the identification
  await citizen.goto(`${PM}/ouvidoria`);
  await expect(citizen.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await noViolations(citizen, 'ouvidoria');
  await citizen.getByRole('radio', { name: 'Denúncia' }).check();
  await citizen.getByLabel(/^Assunto/).fill(assuntoManif);
  await citizen.getByLabel(/^Relato/).fill('Há lixo acumulado na Praça da Matriz há uma semana, atraindo ratos.');
  await expect(citizen.getByLabel(/^Nome/)).toBeVisible();
  await citizen.getByLabel(/sem me identificar/).check();
  await expect(citizen.getByLabel(/^Nome/)).toBeHidden();
  await citizen.screenshot({ path: screenshotPath('portal-ouvidoria-form-phone.png'), fullPage: true });
  await citizen.getByRole('button', { name: 'Registrar manifestação' }).click();
  await expect(citizen.getByRole('heading', { level: 2, name: 'Manifestação registrada' })).toBeVisible();
  const manif = await codes(citizen);
  await noViolations(citizen, 'ouvidoria registrada');

  // following before the answer
  await follow(citizen, 'sic', lai);
  await expect(citizen.getByTestId('situacao')).toHaveText('Recebido');
  await expect(citizen.getByText('comprovante.pdf')).toBeVisible();
  await expect(citizen.locator('main')).not.toContainText('Regina');

  // the SIC officer sees the identity and answers
  const officer = await staff(browser, 'sic@paco.demo');
  await answer(officer, '/sic/pedidos', 'Pedidos de informação', assuntoLai, 'Os contratos de transporte escolar estão anexos ao processo 12/2026 e publicados em Transparência › Contratos.');
  await expect(officer.getByRole('textbox', { name: /Nome do requerente/ })).toHaveValue('Regina Sigilosa');
  await officer.screenshot({ path: screenshotPath('portal-sic-respondido-backoffice.png'), fullPage: true });

  // the administrator (another role) does not
  const admin = await staff(browser, 'admin.prefeitura@paco.demo');
  await admin.goto('/sic/pedidos');
  const g = admin.getByRole('grid', { name: 'Pedidos de informação' });
  await g.getByRole('row').filter({ hasText: assuntoLai }).getByRole('gridcell').filter({ hasText: assuntoLai }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(lai.protocolo);
  await expect(admin.getByText('Os contratos de transporte escolar estão anexos')).toBeVisible();
  await expect(admin.locator('body')).not.toContainText('Regina');
  await expect(admin.getByRole('textbox', { name: /Nome do requerente/ })).not.toHaveValue('Regina Sigilosa');

  // the ombudsman answers the manifestação
  const ombudsman = await staff(browser, 'ouvidoria@paco.demo');
  await answer(ombudsman, '/ouvidoria/manifestacoes', 'Manifestações', assuntoManif, 'A limpeza da Praça da Matriz foi feita nesta manhã e a coleta passa a ser diária.');

  // the citizen sees both answers
  await follow(citizen, 'sic', lai);
  await expect(citizen.getByTestId('situacao')).toHaveText('Respondido');
  await expect(citizen.getByText('Os contratos de transporte escolar estão anexos ao processo 12/2026')).toBeVisible();
  await expect(citizen.getByRole('heading', { name: /Recorrer \(1ª instância\)/ })).toBeVisible();
  await noViolations(citizen, 'sic acompanhamento');
  await citizen.screenshot({ path: screenshotPath('portal-sic-acompanhar-phone.png'), fullPage: true });
  await follow(citizen, 'ouvidoria', manif);
  await expect(citizen.getByTestId('situacao')).toHaveText('Respondida');
  await expect(citizen.getByText('A limpeza da Praça da Matriz foi feita nesta manhã')).toBeVisible();
  await noViolations(citizen, 'ouvidoria acompanhamento');
  await citizen.screenshot({ path: screenshotPath('portal-ouvidoria-acompanhar-phone.png'), fullPage: true });

  // a wrong code says so, by the field
  await follow(citizen, 'ouvidoria', manif);
  await citizen.goto(`${PM}/ouvidoria`);
  const form = citizen.locator('form.follow-form');
  await form.getByLabel(/^Protocolo/).fill(manif.protocolo);
  await form.getByLabel(/^Código de acompanhamento/).fill('ERRADO2345');
  await form.getByRole('button', { name: 'Acompanhar' }).click();
  await expect(citizen.getByLabel(/^Código de acompanhamento/)).toHaveAttribute('aria-invalid', 'true');
  await expect(citizen.getByText('Protocolo ou código não conferem').first()).toBeVisible();
  await noViolations(citizen, 'acompanhar com erro');
});

test('the forms work with JavaScript disabled: errors by field keeping what was typed, filing, following and appealing', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  const assunto = `Merenda escolar ${uniq()}`;
  await page.goto(`${PM}/sic`);
  await page.getByLabel(/^Assunto/).fill(assunto);
  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  // the rendered answer: a summary of the errors, each field's message, what was typed kept
  await expect(page.getByRole('alert')).toContainText('Corrija');
  await expect(page.getByLabel(/^Nome/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/^Assunto/)).toHaveValue(assunto);
  await expect(page.locator('#p-texto-erro')).not.toBeEmpty();
  await page.screenshot({ path: screenshotPath('portal-sic-erros-nojs-phone.png'), fullPage: true });
  await page.getByLabel(/^Nome/).fill('Tomás Requerente');
  await page.getByLabel(/^E-mail/).fill('tomas.requerente@exemplo.com.br');
  await page.getByLabel(/^Informação solicitada/).fill('Peço o cardápio da merenda escolar e o valor pago por refeição.');
  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pedido registrado' })).toBeVisible();
  const p = await codes(page);
  await page.getByRole('button', { name: 'Acompanhar agora' }).click();
  await expect(page.getByTestId('situacao')).toHaveText('Recebido');

  // an anonymous manifestação without JavaScript
  await page.goto(`${PM}/ouvidoria`);
  await page.getByRole('radio', { name: 'Sugestão' }).check();
  await page.getByLabel(/^Assunto/).fill(`Bicicletário na rodoviária ${uniq()}`);
  await page.getByLabel(/^Relato/).fill('Sugiro instalar um bicicletário coberto na rodoviária.');
  await page.getByLabel(/sem me identificar/).check();
  await page.getByRole('button', { name: 'Registrar manifestação' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Manifestação registrada' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-ouvidoria-registrada-nojs-phone.png'), fullPage: true });

  // the SIC answers (through the API, as in the back office above); the requester appeals on the page
  const token = (await (await page.request.post('/api/login', { data: { email: 'sic@paco.demo', password: 'paco-demo' } })).json() as { token: string }).token;
  const auth = { Authorization: `Bearer ${token}` };
  const found = await (await page.request.get(`/api/pedidos_informacao?q=${encodeURIComponent(p.protocolo)}`, { headers: auth })).json() as { data: { id: number }[] };
  expect((await page.request.post(`/api/pedidos_informacao/${found.data[0]!.id}/negar`, { headers: auth, data: {
    fundamento: 'trabalho_adicional', justificativa: 'O valor por refeição exige consolidação de várias notas fiscais do ano.',
  } })).status()).toBe(200);
  await page.goto(`${PM}/sic`);
  await page.locator('form.follow-form').getByLabel(/^Protocolo/).fill(p.protocolo);
  await page.locator('form.follow-form').getByLabel(/^Código de acompanhamento/).fill(p.codigo);
  await page.locator('form.follow-form').getByRole('button', { name: 'Acompanhar' }).click();
  await expect(page.getByTestId('situacao')).toHaveText('Acesso negado');
  await page.getByRole('button', { name: 'Enviar recurso' }).click();
  await expect(page.getByLabel(/^Razões do recurso/)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/^Razões do recurso/).fill('As notas fiscais já estão digitalizadas; basta somar.');
  await page.getByRole('button', { name: 'Enviar recurso' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recurso registrado' })).toBeVisible();
  await expect(page.getByTestId('situacao')).toHaveText('Em recurso (1ª instância)');
  await page.screenshot({ path: screenshotPath('portal-sic-recurso-nojs-phone.png'), fullPage: true });
  await context.close();
});

test('the statistics page: a table, accessible bars and the CSV', async ({ page }) => {
  await page.goto(`${PM}/sic/estatisticas`);
  await expect(page.getByRole('heading', { level: 1, name: /Estatísticas de \d{4}/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /Pedidos por mês/ })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Pedidos recebidos por mês' })).toBeVisible();
  await noViolations(page, 'estatisticas');
  await page.screenshot({ path: screenshotPath('portal-sic-estatisticas-phone.png'), fullPage: true });
  const csv = await page.request.get((await page.getByRole('link', { name: 'CSV' }).getAttribute('href'))!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('secao;agrupamento;grupo;recebidos');
});

test('the administrator sees and sets the appeal instances under E-SIC › Instâncias de recurso', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await staff(browser, 'admin.prefeitura@paco.demo');
  await admin.goto('/sic/instancias');
  const grid = admin.getByRole('grid', { name: 'Instâncias de recurso' });
  await expect(grid).toBeVisible({ timeout: 20_000 });
  await expect(grid.getByRole('row').filter({ hasText: 'Secretário Municipal de Administração' })).toContainText('Paulo Administrador');
  await expect(grid.getByRole('row').filter({ hasText: 'Prefeito Municipal' })).toContainText('Renato Prefeito');
  await noViolations(admin, 'instancias');
  await admin.screenshot({ path: screenshotPath('sic-instancias.png'), fullPage: true });
  // a substitute of the 2nd instance: created on the screen, then removed
  await admin.getByRole('button', { name: 'Novo' }).click();
  await admin.waitForURL((u) => u.pathname === '/sic/instancias/new');
  await admin.getByRole('combobox', { name: /^Instância/ }).click();
  await admin.getByRole('option', { name: /^2ª instância/ }).click();
  await admin.getByRole('combobox', { name: /^Autoridade/ }).click();
  await admin.getByRole('option', { name: 'Paulo Administrador' }).click();
  await admin.getByRole('textbox', { name: /^Cargo/ }).fill('Vice-prefeito (substituto)');
  const created = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/sic_instancias' && r.request().method() === 'POST');
  await admin.getByRole('button', { name: 'Salvar' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await admin.goto('/sic/instancias');
  await expect(grid.getByRole('row').filter({ hasText: 'Vice-prefeito (substituto)' })).toContainText('Paulo Administrador');
  const token = (await (await admin.request.post('/api/login', { data: { email: 'admin.prefeitura@paco.demo', password: 'paco-demo' } })).json() as { token: string }).token;
  expect((await admin.request.delete(`/api/sic_instancias/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
});
