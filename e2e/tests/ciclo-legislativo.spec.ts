/**
 * The legislative cycle after the plenary (issue 13 §2–3; docs/workflows/ciclo-legislativo.md), each actor in a
 * browser of their own: the operator (operador@) closes a nominal voting in the control room and the matter's
 * Tramitações tab shows the new step linked to the session and the voting; the staff (admin@) register the sanction
 * and the norm exists with the matter's text, linked both ways; a second norm "altera" the first, whose page then
 * says "Alterada por"; in the control room, an item gets a "pedido de vista" and shows its state.
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { apiLogin, bearer, endActiveSession, expect, oneLiveSessionAtATime, screenshotPath, sessionNumber, storeToken, test, uniq } from './helpers';
import { noSeriousViolations } from './axe.ts';

// one plenary session runs at a time in a company: these tests take turns (and with the other plenary specs)
test.describe.configure({ mode: 'serial' });

// one running session at a time: no other spec that runs sessions meanwhile (helpers.ts)
oneLiveSessionAtATime('ciclo-legislativo.spec.ts');

const OPERATOR = 'operador@paco.demo';
const STAFF = 'admin@paco.demo';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const br = (iso: string) => iso.split('-').reverse().join('/');
const TEXTO = 'Art. 1º Fica instituído o Programa Calçada Acessível.\nArt. 2º Esta lei entra em vigor na data de sua publicação.';

type Api = { get: (url: string) => Promise<any>; post: (url: string, data?: unknown, code?: number) => Promise<any> };
function apiOf(request: APIRequestContext, token: string): Api {
  const h = { headers: bearer(token) };
  return {
    get: async (url) => (await (await request.get(url, h)).json()).data,
    post: async (url, data = {}, code) => {
      const r = await request.post(url, { ...h, data });
      if (code) expect(r.status(), await r.text()).toBe(code);
      return (await r.json()).data;
    },
  };
}

/** Ends the session in progress (another spec or a retry may have left one) and makes a fresh one with the given matters on its ordem do dia. */
async function freshSession(request: APIRequestContext, api: Api, token: string, items: { matter: number; votacao: string; turno: string }[]) {
  await endActiveSession(request, token);
  const types = await api.get('/api/types_of/sessions');
  const session = await api.post('/api/plenary_sessions', {
    numero: sessionNumber(), type_id: types.find((x: { slug: string }) => x.slug === 'extraordinaria').id, abertura: today(), horarioInicio: '19:00',
  }, 201);
  const votation = await api.get('/api/types_of/votation');
  const turno = await api.get('/api/types_of/turno');
  const ids: number[] = [];
  for (const it of items) {
    ids.push((await api.post(`/api/plenary_matters/${session.id}/add_matter`, {
      kind: 'ordem_dia', matter_id: it.matter, tipo_votacao_id: votation.find((x: { slug: string }) => x.slug === it.votacao).id,
      turno_id: turno.find((x: { slug: string }) => x.slug === it.turno).id,
    }, 201)).id);
  }
  return { id: session.id as number, titulo: session.titulo as string, items: ids };
}

/** A bill presented today, with its text, ready for the pauta at the Plenário. */
async function bill(api: Api, ementa: string): Promise<{ id: number; identificacao: string }> {
  const types = await api.get('/api/types_of/matters');
  const m = await api.post('/api/matters', { type_id: types.find((x: { slug: string }) => x.slug === 'pl').id, dataApresentacao: today(), ementa, texto: TEXTO }, 201);
  const status = await api.get('/api/types_of/tramitation_status');
  const units = await api.get('/api/tramitation_unities?perPage=100');
  const unit = (d: string) => units.find((u: { descricao: string }) => u.descricao === d).id;
  await api.post(`/api/matters/${m.id}/tramitar`, {
    data: today(), status_id: status.find((x: { slug: string }) => x.slug === 'pronta_pauta').id, origem_id: unit('Secretaria Legislativa'), destino_id: unit('Plenário'),
  }, 200);
  return m;
}

async function signedIn(browser: Browser, request: APIRequestContext, email: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await storeToken(page, (await apiLogin(request, email)).token);
  return { ctx, page };
}

const VOTERS = ['vereador@paco.demo', 'vereador2@paco.demo', 'vereador3@paco.demo', 'vereador4@paco.demo', 'vereador5@paco.demo'] as const;

/** The operator starts the session in the control room and opens the ordem do dia's presence list; six members (the voters first) are marked present. */
async function startSession(page: Page, api: Api, sessionId: number, tokenOf: (email: string) => Promise<string>) {
  await page.goto(`/legislativo/newPainel/${sessionId}`);
  await page.getByRole('button', { name: 'Iniciar sessão' }).click();
  await expect(page.getByText(/^Em andamento desde/)).toBeVisible();
  await page.getByRole('tab', { name: /^Presença/ }).click();
  await page.getByRole('button', { name: 'Abrir lista' }).nth(1).click();
  await expect(page.getByRole('button', { name: 'Encerrar lista' })).toBeVisible();
  const voters: number[] = [];
  for (const email of VOTERS) voters.push((await apiOf(page.request, await tokenOf(email)).get('/api/is-parliamentary')).parliamentary.id);
  const others = (await api.get('/api/parliamentaries?perPage=50')).map((p: { id: number }) => p.id).filter((id: number) => !voters.includes(id));
  await api.post(`/api/plenary_sessions/${sessionId}/add_presences`, { type: 'ordem_dia', parliamentary_ids: [...voters, others[0]] }, 201);
  await expect(page.getByText('6 de 11 presentes').first()).toBeVisible();
}

/** Picks an option of a reference (a searchable list) in a dialog. */
async function pick(page: Page, dialog: Locator, label: RegExp, typed: string, option: RegExp) {
  await dialog.getByRole('combobox', { name: label }).fill(typed);
  // the search's answer replaces the first options shown: wait until it leads with the one wanted
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(option);
  await page.getByRole('listbox').getByRole('option').first().click();
}

test('o resultado da votação volta à matéria; a sanção gera a norma com o texto aprovado', async ({ browser, request, tokenOf }) => {
  test.setTimeout(180_000);
  const opToken = (await apiLogin(request, OPERATOR)).token;
  const op = apiOf(request, opToken);
  const ementa = `Institui o Programa Calçada Acessível ${uniq()}.`;
  const m = await bill(op, ementa);
  const s = await freshSession(request, op, opToken, [{ matter: m.id, votacao: 'nominal', turno: 'unico' }]);
  const contexts: BrowserContext[] = [];
  try {
    // the operator runs the voting in the control room; five members vote from their own accounts
    const operator = await signedIn(browser, request, OPERATOR);
    contexts.push(operator.ctx);
    const room = operator.page;
    await startSession(room, op, s.id, tokenOf);
    await room.getByRole('tab', { name: /^Pauta e votação/ }).click();
    await room.getByRole('button', { name: `Abrir votação: ${m.identificacao}` }).click();
    const openDialog = room.getByRole('dialog', { name: 'Abrir votação' });
    await openDialog.getByRole('button', { name: 'Abrir votação' }).click();
    await expect(openDialog).toBeHidden();
    const voting = (await op.get(`/api/plenary_sessions/${s.id}/live`)).voting;
    for (const [email, voto] of VOTERS.map((e, i) => [e, i < 4 ? 'sim' : 'nao'] as const)) {
      const r = await request.post(`/api/vottings/${voting.id}/vote`, { headers: bearer(await tokenOf(email)), data: { voto } });
      expect(r.status(), `${email}: ${await r.text()}`).toBe(200);
    }
    await room.getByRole('button', { name: 'Encerrar votação' }).first().click();
    const closeDialog = room.getByRole('dialog', { name: 'Encerrar a votação?' });
    await closeDialog.getByRole('button', { name: 'Encerrar votação' }).click();
    const explanation = /^Aprovado: 4 Sim, 1 Não/;
    await expect(room.getByText(explanation).first()).toBeVisible();

    // the matter's tramitação has the step its result implies, linked to the session and the voting
    await room.goto(`/legislativo/matters/${m.id}`);
    const summary = room.getByRole('region', { name: 'Situação da matéria' });
    await expect(summary).toContainText('Remetida à sanção');
    await room.getByRole('tab', { name: 'Tramitações' }).click();
    const steps = room.getByRole('tabpanel', { name: 'Tramitações' });
    const step = steps.getByRole('row').filter({ hasText: 'Remetida à sanção' });
    await expect(step).toContainText(br(today()));
    await expect(step).toContainText(/Aprovado: 4 Sim, 1 Não/);
    const sessionLink = step.getByRole('link', { name: s.titulo });
    await expect(sessionLink).toHaveAttribute('href', `/legislativo/plenarySessions/${s.id}`);
    await step.getByRole('button', { name: br(today()), exact: true }).click();
    const stepDialog = room.getByRole('dialog');
    await expect(stepDialog.getByRole('textbox', { name: /Ação/ })).toHaveValue(new RegExp(`^Aprovada em turno único na ${s.titulo} \\(votação nominal\\): Aprovado: 4 Sim, 1 Não.*Ao Executivo para sanção\\.$`));
    await room.keyboard.press('Escape');
    await expect(stepDialog).toBeHidden();
    await noSeriousViolations(room, { include: 'main' });
    await room.screenshot({ path: screenshotPath('ciclo-tramitacao-resultado.png'), fullPage: true });

    // the staff register the sanction: the norm is numbered, takes the matter's text, and the two link to each other
    const staff = await signedIn(browser, request, STAFF);
    contexts.push(staff.ctx);
    const page = staff.page;
    await page.goto(`/legislativo/matters/${m.id}`);
    await page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Registrar sanção / gerar norma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar sanção / gerar norma' });
    await expect(dialog.getByRole('combobox', { name: /^Sanção/ })).toContainText('Sancionada');
    await expect(dialog.getByRole('combobox', { name: /Tipo de norma/ })).toHaveValue('Lei Ordinária');
    await expect(dialog.getByRole('textbox', { name: /Data da sanção/ })).toHaveValue(br(today()));
    const next = dialog.getByRole('textbox', { name: 'Próximo número do tipo no ano' });
    await expect(next).toHaveValue(new RegExp(`^[\\d.]+/${today().slice(0, 4)}$`));
    const numero = (await next.inputValue()).split('/')[0];
    await dialog.getByRole('textbox', { name: /Data de publicação/ }).fill(br(today()));
    await noSeriousViolations(page, { include: 'main' });
    await page.screenshot({ path: screenshotPath('ciclo-sancao-dialogo.png') });
    await dialog.getByRole('button', { name: 'Registrar sanção / gerar norma' }).click();
    const ident = `Lei Ordinária nº ${numero}/${today().slice(0, 4)}`;
    await expect(page.getByText(`Sancionada: ${ident} criada com o texto da matéria.`)).toBeVisible();
    const matterSummary = page.getByRole('region', { name: 'Situação da matéria' });
    await expect(matterSummary).toContainText('Transformada em norma jurídica');
    await matterSummary.getByRole('link', { name: ident }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ident);
    await page.getByRole('tab', { name: 'Texto compilado' }).click();
    const compiled = page.getByRole('tabpanel', { name: 'Texto compilado' });
    await expect(compiled.getByTestId('texto-norma')).toHaveText(TEXTO);
    await expect(compiled).toContainText(ementa);
    await noSeriousViolations(page, { include: 'main' });
    await page.screenshot({ path: screenshotPath('ciclo-norma-texto.png'), fullPage: true });
    await compiled.getByRole('link', { name: m.identificacao }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(m.identificacao);
  } finally {
    for (const c of contexts) await c.close();
  }
});

test('uma segunda norma altera a primeira, cuja página passa a dizer “Alterada por”', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const staffToken = (await apiLogin(request, STAFF)).token;
  const api = apiOf(request, staffToken);
  const types = await api.get('/api/types_of/norms');
  const lei = types.find((x: { slug: string }) => x.slug === 'lei_ordinaria').id;
  const n = Math.floor(Math.random() * 800) + 100;
  const first = await api.post('/api/norms', { type_id: lei, numero: String(n), ano: 2021, data: '2021-04-01', dataPublicacao: '2021-04-02', ementa: `Dispõe sobre a arborização urbana ${uniq()}.`, texto: 'Art. 1º O plantio de árvores em calçadas segue o Plano Municipal de Arborização.' }, 201);
  const second = await api.post('/api/norms', { type_id: lei, numero: String(n + 1), ano: 2026, data: today(), dataPublicacao: today(), ementa: `Altera a lei da arborização urbana ${uniq()}.`, texto: 'Art. 1º O art. 1º passa a vigorar com nova redação.' }, 201);
  const { ctx, page } = await signedIn(browser, request, STAFF);
  try {
    // on the second norm: its relations tab, "Adicionar": Altera the first
    await page.goto(`/legislativo/norms/${second.id}`);
    await page.getByRole('tab', { name: 'Relações com outras normas' }).click();
    const tab = page.getByRole('tabpanel', { name: 'Relações com outras normas' });
    await tab.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog', { name: /Adicionar/ });
    await dialog.getByRole('combobox', { name: /^Relação/ }).click();
    await page.getByRole('option', { name: 'Altera', exact: true }).click();
    await pick(page, dialog, /Norma relacionada/, String(n), new RegExp(first.identificacao.replace(/[.]/g, '\\.')));
    await dialog.getByRole('textbox', { name: /Observações/ }).fill('Dá nova redação ao art. 1º.');
    await dialog.getByRole('button', { name: /Salvar|Criar|Adicionar/ }).last().click();
    await expect(tab.getByRole('row').filter({ hasText: first.identificacao })).toContainText('Altera');

    // the first norm: "Alterada por" above, in its tab read from its side, and at the top of its compiled text
    await page.goto(`/legislativo/norms/${first.id}`);
    const summary = page.getByRole('region', { name: 'Situação da norma jurídica' });
    await expect(summary).toContainText(`Alterada por ${second.identificacao}`);
    await page.getByRole('tab', { name: 'Alterada ou revogada por' }).click();
    const received = page.getByRole('tabpanel', { name: 'Alterada ou revogada por' });
    await expect(received.getByRole('row').filter({ hasText: second.identificacao })).toContainText('Alterada por');
    await page.getByRole('tab', { name: 'Texto compilado' }).click();
    const compiled = page.getByRole('tabpanel', { name: 'Texto compilado' });
    const note = compiled.locator('[data-nota="altera"]');
    await expect(note).toContainText(`Alterada por ${second.identificacao}`);
    await expect(note).toContainText('Dá nova redação ao art. 1º.');
    await noSeriousViolations(page, { include: 'main' });
    await page.screenshot({ path: screenshotPath('ciclo-norma-alterada.png'), fullPage: true });
    await note.getByRole('link', { name: second.identificacao }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(second.identificacao);
    // in the list too
    await page.goto(`/legislativo/norms?q=${n}`);
    await expect(page.getByRole('grid', { name: 'Normas jurídicas' }).getByRole('row').filter({ hasText: first.identificacao })).toContainText(`Alterada por ${second.identificacao}`);
    // the rules that say what a voting adds, by matter type (Configurações › Efeitos da votação)
    await page.goto('/settings/voteEffects');
    const rules = page.getByRole('grid', { name: 'Efeitos da votação' });
    await expect(rules.getByRole('row').filter({ hasText: 'Projeto de Lei (PL)' }).filter({ hasText: 'Primeiro turno' })).toContainText('Aprovada em 1º turno');
    await expect(rules.getByRole('row').filter({ hasText: 'Projeto de Resolução (PR)' }).filter({ hasText: 'Aprovado' }).last()).toContainText(/Aprovada, à promulgação|Aprovada em 1º turno/);
    await noSeriousViolations(page, { include: 'main' });
    await page.screenshot({ path: screenshotPath('ciclo-efeitos-da-votacao.png'), fullPage: true });
  } finally {
    await ctx.close();
  }
});

test('na sala de controle, um pedido de vista tira a matéria da pauta e mostra a situação', async ({ browser, request, tokenOf }) => {
  test.setTimeout(150_000);
  const opToken = (await apiLogin(request, OPERATOR)).token;
  const op = apiOf(request, opToken);
  const m = await bill(op, `Cria o Conselho Municipal da Juventude ${uniq()}.`);
  const s = await freshSession(request, op, opToken, [{ matter: m.id, votacao: 'nominal', turno: 'primeiro' }]);
  const { ctx, page } = await signedIn(browser, request, OPERATOR);
  try {
    await startSession(page, op, s.id, tokenOf);
    await page.getByRole('tab', { name: /^Pauta e votação/ }).click();
    await page.getByRole('button', { name: `Ações da matéria: ${m.identificacao}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Retirar de pauta/ })).toContainText('A matéria não tem autores cadastrados');
    await page.screenshot({ path: screenshotPath('ciclo-acoes-do-item.png') });
    await menu.getByRole('menuitem', { name: /Pedido de vista/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pedido de vista' });
    await pick(page, dialog, /Vereador\(a\) que pediu vista/, 'Tânia', /Tânia Ribeiro/);
    await expect(dialog.getByRole('textbox', { name: /Prazo da vista/ })).toHaveValue('5');
    await dialog.getByRole('button', { name: 'Pedido de vista' }).click();
    await expect(page.getByText(/^Pedido de vista registrado: Vista a Tânia Ribeiro até \d\d\/\d\d\/\d{4}\. A matéria saiu da pauta desta sessão\.$/)).toBeVisible();
    // pushed: the item says why it left, and offers no vote
    const item = page.getByRole('listitem').filter({ hasText: m.identificacao });
    await expect(item.getByText('Com pedido de vista')).toBeVisible();
    await expect(item).toContainText(/Vista a Tânia Ribeiro até \d\d\/\d\d\/\d{4}/);
    await expect(page.getByRole('button', { name: `Abrir votação: ${m.identificacao}` })).toHaveCount(0);
    await noSeriousViolations(page, { include: 'main' });
    await page.screenshot({ path: screenshotPath('ciclo-pedido-de-vista.png'), fullPage: true });
    // the session's record lists the item's state; the matter has the step, with its deadline
    await page.goto(`/legislativo/plenarySessions/${s.id}`);
    await page.getByRole('tab', { name: 'Matérias da sessão' }).click();
    const row = page.getByRole('tabpanel', { name: 'Matérias da sessão' }).getByRole('row').filter({ hasText: m.identificacao });
    await expect(row).toContainText('Com pedido de vista');
    // the item's dialog offers its actions too, unavailable now with the reason
    await row.getByRole('button').first().click();
    const itemDialog = page.getByRole('dialog');
    const actions = itemDialog.getByRole('group', { name: 'Ações do registro' });
    await expect(actions.getByRole('button', { name: 'Pedido de vista' })).toHaveAttribute('aria-disabled', 'true');
    await expect(actions).toContainText('Pedido de vista: A matéria já saiu da pauta desta sessão (Com pedido de vista).');
    await expect(itemDialog.getByRole('region', { name: 'Situação da matéria da sessão' })).toContainText(/Vista a Tânia Ribeiro até \d\d\/\d\d\/\d{4}/);
    await noSeriousViolations(page, { include: 'main' });
    await page.screenshot({ path: screenshotPath('ciclo-item-da-sessao.png') });
    await page.keyboard.press('Escape');
    await page.goto(`/legislativo/matters/${m.id}`);
    await expect(page.getByRole('region', { name: 'Situação da matéria' })).toContainText('Com pedido de vista');
  } finally {
    await ctx.close();
  }
});
