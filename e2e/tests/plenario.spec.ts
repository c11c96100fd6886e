/**
 * A live plenary session as people run it, each in their own browser: the operator in the control room, three
 * council members on their tablets, and the public electronic panel (no sign-in). Every screen follows the
 * server's push; the panel shows each vote within a second, without reload, and the computed result at the end.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { apiLogin, bearer, endActiveSession, expect, oneLiveSessionAtATime, screenshotPath, sessionNumber, storeToken, test, uniq } from './helpers';

// one plenary session runs at a time in a company: these tests take turns
test.describe.configure({ mode: 'serial' });

// one running session at a time: no other spec that runs sessions meanwhile (helpers.ts)
oneLiveSessionAtATime('plenario.spec.ts');

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** Ends whatever session is in progress (a retry or another run may have left one), then creates a fresh one with one nominal matter. */
async function freshSession(
  request: APIRequestContext, token: string,
  opts: { presidente?: number; items?: { kind: 'nominal' | 'secreta' | 'simbolica'; type?: 'pl' | 'plc' }[] } = {},
): Promise<{ id: number; titulo: string; matter: string; items: { id: number; identificacao: string }[] }> {
  const h = { headers: bearer(token) };
  await endActiveSession(request, token);
  const sessionTypes = (await (await request.get('/api/types_of/sessions', h)).json()).data as { id: number; slug: string }[];
  const votation = (await (await request.get('/api/types_of/votation', h)).json()).data as { id: number; slug: string }[];
  const created = await request.post('/api/plenary_sessions', {
    ...h,
    data: {
      numero: sessionNumber(), type_id: sessionTypes.find((t) => t.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio: '20:00',
      ...(opts.presidente ? { presidente_id: opts.presidente } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const session = (await created.json()).data;
  const matterTypes = (await (await request.get('/api/types_of/matters', h)).json()).data as { id: number; slug: string }[];
  const wanted = opts.items ?? [{ kind: 'nominal' as const }];
  const matters = (await (await request.get(`/api/matters?perPage=${wanted.length}&sort=-id`, h)).json()).data as { id: number; identificacao: string }[];
  const items: { id: number; identificacao: string }[] = [];
  for (const [i, it] of wanted.entries()) {
    const pm = await request.post(`/api/plenary_matters/${session.id}/add_matter`, {
      ...h,
      data: {
        kind: 'ordem_dia', matter_id: matters[i].id, tipo_votacao_id: votation.find((t) => t.slug === it.kind)!.id, obs: `e2e ${uniq()}`,
        ...(opts.items ? { tipo_meteria_id: matterTypes.find((t) => t.slug === (it.type ?? 'pl'))!.id } : {}),
      },
    });
    expect(pm.status(), await pm.text()).toBe(201);
    items.push({ id: (await pm.json()).data.id, identificacao: matters[i].identificacao });
  }
  return { id: session.id, titulo: session.titulo, matter: matters[0].identificacao, items };
}

/** The 11 council members (README): account, name; vereador3@ presides the Mesa. */
const MEMBERS = [
  ['vereador@paco.demo', 'Vera Lúcia'], ['vereador2@paco.demo', 'Zé do Mercado'], ['vereador3@paco.demo', 'Dr. Ricardo Menezes'],
  ['vereador4@paco.demo', 'Ana Paula Rocha'], ['vereador5@paco.demo', 'Sargento Almeida'], ['vereador6@paco.demo', 'Tânia Ribeiro'],
  ['vereador7@paco.demo', 'Joãozinho da Saúde'], ['vereador8@paco.demo', 'Professor Lucas'], ['vereador9@paco.demo', 'Cida Moreira'],
  ['vereador10@paco.demo', 'Pastor Edson'], ['vereador11@paco.demo', 'Beto Carvalho'],
] as const;

/** Each member's parliamentary id (through their own account). */
async function memberIds(request: APIRequestContext, tokenOf: (email: string) => Promise<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [email] of MEMBERS) {
    const me = await (await request.get('/api/is-parliamentary', { headers: bearer(await tokenOf(email)) })).json();
    out.set(email, me.data.parliamentary.id);
  }
  return out;
}

/** The operator starts the session in the control room and opens the ordem do dia presence list, as in the first test. */
async function startInControlRoom(op: Page) {
  await op.getByRole('button', { name: 'Iniciar sessão' }).click();
  await expect(op.getByText(/^Em andamento desde/)).toBeVisible();
  await op.getByRole('tab', { name: /^Presença/ }).click();
  await op.getByRole('button', { name: 'Abrir lista' }).nth(1).click();
  await expect(op.getByRole('button', { name: 'Encerrar lista' })).toBeVisible();
}

/** Members vote through the API from their own accounts (the ones not on a tablet in the test). */
async function apiVotes(request: APIRequestContext, tokenOf: (email: string) => Promise<string>, votingId: number, votes: [string, 'sim' | 'nao' | 'abstencao'][]) {
  for (const [email, voto] of votes) {
    const r = await request.post(`/api/vottings/${votingId}/vote`, { headers: bearer(await tokenOf(email)), data: { voto } });
    expect(r.status(), `${email}: ${await r.text()}`).toBe(200);
  }
}

/** On a tablet: select a choice (tap), then confirm. */
async function tabletVote(page: Page, choice: 'Sim' | 'Não' | 'Abstenção', secret = false) {
  await page.getByRole('button', { name: choice, exact: true }).click();
  const answered = page.waitForResponse((r) => /\/api\/vottings\/\d+\/vote$/.test(r.url()) && r.request().method() === 'POST');
  await page.getByRole('button', { name: `Confirmar ${secret ? 'voto secreto' : 'voto'}: ${choice}` }).click();
  expect((await answered).status()).toBe(200);
}

/** Font sizes (px) of the member names and vote chips on the panel. */
async function panelSizes(panel: Page): Promise<{ names: number[]; chips: number[] }> {
  return panel.evaluate(() => ({
    names: Array.from(document.querySelectorAll('[data-nome]')).map((e) => parseFloat(getComputedStyle(e).fontSize)),
    chips: Array.from(document.querySelectorAll('[data-voto], [data-votou]')).map((e) => parseFloat(getComputedStyle(e).fontSize)),
  }));
}

async function signedIn(browser: Browser, request: APIRequestContext, email: string, viewport = { width: 1366, height: 800 }, options: { serviceWorkers?: 'block' } = {}): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport, ...options });
  const page = await ctx.newPage();
  await storeToken(page, (await apiLogin(request, email)).token);
  return { ctx, page };
}

test('a nominal vote from the tablets reaches the public panel live, and closing shows the computed result; then a block of two items is voted once', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const opToken = (await apiLogin(request, 'operador@paco.demo')).token;
  // the first item is voted alone; the other three make the block (one of them destacado)
  const s = await freshSession(request, opToken, { items: [{ kind: 'nominal' }, { kind: 'nominal' }, { kind: 'nominal' }, { kind: 'nominal' }] });
  const contexts: BrowserContext[] = [];
  try {
    // the public panel: no sign-in
    const panelCtx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    contexts.push(panelCtx);
    const panel = await panelCtx.newPage();
    await panel.goto(`/legislativo/painel-eletronico/${s.id}`);
    // a marker that a reload would erase
    await panel.evaluate(() => { (window as unknown as { semRecarga: boolean }).semRecarga = true; });
    await expect(panel.getByText(s.titulo).first()).toBeVisible();
    await expect(panel.getByText('Aguardando início').first()).toBeVisible();

    // the operator starts the session and opens the ordem do dia presence list
    const op = await signedIn(browser, request, 'operador@paco.demo');
    contexts.push(op.ctx);
    await op.page.goto(`/legislativo/newPainel/${s.id}`);
    await op.page.getByRole('button', { name: 'Iniciar sessão' }).click();
    await expect(panel.getByText('Em andamento').first()).toBeVisible();
    await op.page.getByRole('tab', { name: /^Presença/ }).click();
    // the two phase cards: abertura, then ordem do dia
    await op.page.getByRole('button', { name: 'Abrir lista' }).nth(1).click();
    await expect(op.page.getByRole('button', { name: 'Encerrar lista' })).toBeVisible();
    await op.page.getByRole('group', { name: 'Fase da presença' }).getByRole('button', { name: 'Ordem do dia' }).click();

    // three council members check in from their tablets
    const members: Page[] = [];
    for (const email of ['vereador@paco.demo', 'vereador2@paco.demo', 'vereador4@paco.demo']) {
      const m = await signedIn(browser, request, email, { width: 1024, height: 768 });
      contexts.push(m.ctx);
      await m.page.goto('/legislativo/votar');
      await m.page.getByRole('button', { name: 'Registrar presença' }).click();
      await expect(m.page.getByText(/Presença registrada/).first()).toBeVisible();
      members.push(m.page);
    }
    // the operator marks three more present (quorum of the simple majority: 6 of 11)
    for (const nome of ['Tânia Ribeiro', 'Professor Lucas', 'Cida Moreira']) {
      const sw = op.page.getByLabel(`Presente: ${nome}`, { exact: true });
      await sw.click();
      await expect(sw).toBeChecked();
    }
    await expect(op.page.getByText('6 de 11 presentes').first()).toBeVisible();

    // the operator opens the nominal vote
    await op.page.getByRole('tab', { name: /^Pauta e votação/ }).click();
    await op.page.getByRole('button', { name: `Abrir votação: ${s.matter}` }).click();
    const openDialog = op.page.getByRole('dialog', { name: 'Abrir votação' });
    await openDialog.getByRole('button', { name: 'Abrir votação' }).click();
    await expect(openDialog).toBeHidden();
    await expect(panel.getByText(s.matter).first()).toBeVisible();

    // each vote shows on the panel within a second, without reload
    const announce = panel.getByTestId('anuncio-votacao');
    const vote = async (page: Page, how: () => Promise<void>, expected: RegExp) => {
      const answered = page.waitForResponse((r) => /\/api\/vottings\/\d+\/vote$/.test(r.url()) && r.request().method() === 'POST');
      await how();
      expect((await answered).status()).toBe(200);
      await expect(announce).toContainText(expected, { timeout: 1000 });
    };
    await members[0].getByRole('button', { name: 'Sim' }).waitFor();
    // a key (or a tap) only selects; Enter (or "Confirmar voto") casts
    await vote(members[0], async () => { await members[0].keyboard.press('s'); await members[0].keyboard.press('Enter'); }, /Sim: 1\b/);
    await expect(members[0].getByText(/^Voto registrado às \d\d:\d\d:\d\d: Sim — você pode mudar até o encerramento\.$/)).toBeVisible();
    await vote(members[1], async () => { await members[1].getByRole('button', { name: 'Não' }).click(); await members[1].getByRole('button', { name: 'Confirmar voto: Não' }).click(); }, /Não: 1\b/);
    await vote(members[2], async () => { await members[2].getByRole('button', { name: 'Sim' }).click(); await members[2].keyboard.press('Enter'); }, /Sim: 2\b/);
    // a member changes their mind: still one vote each
    await vote(members[1], async () => { await members[1].keyboard.press('a'); await members[1].keyboard.press('Enter'); }, /Abstenção: 1\b/);
    await expect(announce).toContainText(/Não: 0\b/);
    // the control room sees the same count
    await expect(op.page.locator('.MuiPaper-root').filter({ hasText: /^Votaram/ }).first()).toContainText('3');
    await panel.screenshot({ path: screenshotPath('plenario-painel-votacao.png') });

    // closing computes the result; every screen shows it
    await op.page.getByRole('button', { name: 'Encerrar votação' }).first().click();
    const closeDialog = op.page.getByRole('dialog', { name: 'Encerrar a votação?' });
    await closeDialog.getByRole('button', { name: 'Encerrar votação' }).click();
    const explanation = 'Aprovado: 2 Sim, 0 Não, 1 Abstenção; maioria simples (mais votos Sim que Não)';
    await expect(panel.getByText(explanation, { exact: true })).toBeVisible({ timeout: 2000 });
    await expect(announce).toContainText(explanation);
    await expect(panel.locator('[data-resultado="aprovado"]')).toBeVisible();
    for (const m of members) await expect(m.getByText(explanation, { exact: true })).toBeVisible();
    await expect(op.page.getByText(explanation, { exact: true }).first()).toBeVisible();
    await panel.screenshot({ path: screenshotPath('plenario-painel-resultado.png') });

    // a vote after closing is refused; nothing was lost or doubled
    const live = (await (await request.get(`/api/plenary_sessions/${s.id}/live`, { headers: bearer(opToken) })).json()).data;
    const detail = (await (await request.get(`/api/vottings/${live.voting.id}`, { headers: bearer(opToken) })).json()).data;
    expect(detail.votes.map((v: { voto: string }) => v.voto).sort()).toEqual(['abstencao', 'sim', 'sim']);
    const late = await members[0].evaluate(async (id) => {
      const r = await fetch(`/api/vottings/${id}/vote`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('paco.token')}` }, body: JSON.stringify({ voto: 'nao' }) });
      return { status: r.status, body: await r.json() };
    }, live.voting.id);
    expect(late).toEqual({ status: 409, body: expect.objectContaining({ message: 'A votação está encerrada.' }) });
    expect(await panel.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);

    // votação em bloco (decision 0056): the Mesa marks three items, takes one out at a member's request (destaque) and
    // opens one vote for the other two; the members vote once from their tablets; the result shows on both items
    const [, b1, b2, destacado] = s.items;
    for (const it of [b1, b2, destacado]) await op.page.getByRole('checkbox', { name: `Incluir no bloco: ${it.identificacao}` }).check();
    await op.page.getByRole('button', { name: 'Votar em bloco (3)…' }).click();
    const blockDialog = op.page.getByRole('dialog', { name: 'Votação em bloco' });
    await blockDialog.getByRole('button', { name: `Destacar: ${destacado.identificacao}` }).click();
    await blockDialog.getByRole('button', { name: 'Abrir votação em bloco' }).click();
    await expect(blockDialog).toBeHidden();
    await expect(panel.getByRole('heading', { name: 'Votação em bloco: 2 itens' })).toBeVisible();
    const blockItems = panel.getByTestId('itens-bloco');
    for (const it of [b1, b2]) await expect(blockItems).toContainText(it.identificacao);
    await expect(blockItems).not.toContainText(destacado.identificacao);
    await expect(members[0].getByRole('heading', { name: 'Votação em bloco: 2 itens' })).toBeVisible();
    await tabletVote(members[0], 'Sim');
    await tabletVote(members[1], 'Não');
    await tabletVote(members[2], 'Sim');
    await expect(announce).toContainText(/Sim: 2, Não: 1, Abstenção: 0/);
    await op.page.getByRole('button', { name: 'Encerrar votação' }).first().click();
    await op.page.getByRole('dialog', { name: 'Encerrar a votação?' }).getByRole('button', { name: 'Encerrar votação' }).click();
    await expect(panel.getByText(/^Aprovado: 2 Sim, 1 Não/)).toBeVisible({ timeout: 2000 });
    await expect(panel.locator('[data-resultado="aprovado"]')).toBeVisible();
    const exactly = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const agendaItem = (identificacao: string) => op.page.getByRole('listitem').filter({ has: op.page.getByText(new RegExp(`^\\d+\\. ${exactly(identificacao)}$`)) });
    for (const it of [b1, b2]) {
      await expect(agendaItem(it.identificacao)).toContainText('Aprovado');
      await expect(agendaItem(it.identificacao)).toContainText('Votada em bloco');
    }
    // the item taken out of the block stays to be voted alone
    await expect(op.page.getByRole('button', { name: `Abrir votação: ${destacado.identificacao}` })).toBeVisible();
    await panel.screenshot({ path: screenshotPath('plenario-painel-bloco.png') });
    await op.page.screenshot({ path: screenshotPath('plenario-controle-bloco.png') });

    await op.page.getByRole('button', { name: 'Finalizar sessão' }).click();
    await op.page.getByRole('dialog').getByRole('button', { name: /Finalizar/ }).click();
    await expect(panel.getByText('Encerrada').first()).toBeVisible();
  } finally {
    for (const c of contexts) await c.close();
  }
});

test('issue 16: the president\'s vote is shown apart and counted only to break a tie, live as at closing; history; annul and vote again only with a reason; no quorum, no decision', async ({ browser, request, tokenOf }) => {
  test.setTimeout(240_000);
  const opToken = (await apiLogin(request, 'operador@paco.demo')).token;
  const ids = await memberIds(request, tokenOf);
  const president = ids.get('vereador3@paco.demo')!;
  const s = await freshSession(request, opToken, { presidente: president, items: [{ kind: 'nominal' }, { kind: 'nominal', type: 'plc' }] });
  const [simple, plc] = s.items;
  const contexts: BrowserContext[] = [];
  try {
    const panelCtx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    contexts.push(panelCtx);
    const panel = await panelCtx.newPage();
    await panel.goto(`/legislativo/painel-eletronico/${s.id}`);
    await expect(panel.getByText(s.titulo).first()).toBeVisible();

    const op = await signedIn(browser, request, 'operador@paco.demo');
    contexts.push(op.ctx);
    await op.page.goto(`/legislativo/newPainel/${s.id}`);
    await startInControlRoom(op.page);
    // every member present (the switches are covered by the first test)
    const all = [...ids.values()];
    expect((await request.post(`/api/plenary_sessions/${s.id}/add_presences`, { headers: bearer(opToken), data: { type: 'ordem_dia', parliamentary_ids: all } })).status()).toBe(201);
    await expect(panel.getByText('11 de 11 presentes')).toBeVisible();

    // the president and Vera Lúcia on their tablets
    const pres = await signedIn(browser, request, 'vereador3@paco.demo', { width: 1024, height: 768 });
    const vera = await signedIn(browser, request, 'vereador@paco.demo', { width: 1024, height: 768 });
    contexts.push(pres.ctx, vera.ctx);
    await pres.page.goto('/legislativo/votar');
    await vera.page.goto('/legislativo/votar');

    await op.page.getByRole('tab', { name: /^Pauta e votação/ }).click();
    await op.page.getByRole('button', { name: `Abrir votação: ${simple.identificacao}` }).click();
    await op.page.getByRole('dialog', { name: 'Abrir votação' }).getByRole('button', { name: 'Abrir votação' }).click();
    await expect(pres.page.getByText('Você preside a sessão.')).toBeVisible();
    await expect(pres.page.getByText('Seu voto é computado só em caso de empate.', { exact: false })).toBeVisible();
    await pres.page.screenshot({ path: screenshotPath('plenario-tablet-presidente.png') });

    const voting = (await (await request.get(`/api/plenary_sessions/${s.id}/live`, { headers: bearer(opToken) })).json()).data.voting.id;
    await apiVotes(request, tokenOf, voting, [
      ['vereador2@paco.demo', 'sim'], ['vereador4@paco.demo', 'sim'], ['vereador5@paco.demo', 'sim'], ['vereador6@paco.demo', 'sim'], ['vereador7@paco.demo', 'sim'],
      ['vereador8@paco.demo', 'nao'], ['vereador9@paco.demo', 'nao'], ['vereador10@paco.demo', 'nao'], ['vereador11@paco.demo', 'nao'],
    ]);
    // Vera: N, then Enter → 5 × 5 (once her tablet shows the voting: keys pressed before that reach no voting)
    await vera.page.getByRole('group', { name: 'Seu voto' }).getByRole('button', { name: 'Não' }).waitFor();
    await vera.page.keyboard.press('n');
    await vera.page.keyboard.press('Enter');
    await expect(vera.page.getByText(/^Voto registrado às \d\d:\d\d:\d\d: Não/)).toBeVisible();
    const placar = panel.getByRole('list', { name: 'Placar' });
    await expect(placar.getByRole('listitem').nth(0)).toHaveText('Sim5');
    await expect(placar.getByRole('listitem').nth(1)).toHaveText('Não5');
    // the president breaks the tie: counted, and said so
    await tabletVote(pres.page, 'Sim');
    await expect(placar.getByRole('listitem').nth(0)).toHaveText('Sim6');
    await expect(panel.getByText('Voto do presidente: Sim — computado (desempate)', { exact: true })).toBeVisible();
    // Vera changes to Sim: no tie any more; the president's vote leaves the count, on every screen
    await tabletVote(vera.page, 'Sim');
    await expect(placar.getByRole('listitem').nth(0)).toHaveText('Sim6');
    await expect(placar.getByRole('listitem').nth(1)).toHaveText('Não4');
    const apart = 'Voto do presidente: Sim — computado só em caso de empate, não incluído na contagem';
    await expect(panel.getByText(apart, { exact: true })).toBeVisible();
    await expect(op.page.getByTestId('voto-presidente')).toHaveText(apart);
    const sizes = await panelSizes(panel);
    expect(Math.min(...sizes.names), `names ${sizes.names.join(',')}`).toBeGreaterThanOrEqual(36);
    expect(Math.min(...sizes.chips), `chips ${sizes.chips.join(',')}`).toBeGreaterThanOrEqual(28);
    await panel.screenshot({ path: screenshotPath('plenario-painel-1080p-presidente.png') });

    // the history of every cast and change
    await op.page.getByRole('button', { name: 'Histórico de votos' }).click();
    const history = op.page.getByRole('dialog', { name: 'Histórico de votos' });
    await expect(history.getByRole('row').filter({ hasText: 'Vera Lúcia' }).filter({ hasText: 'Sim (mudou de Não)' })).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(13); // header, 11 first casts, Vera's change
    await op.page.screenshot({ path: screenshotPath('plenario-controle-historico.png') });
    await history.getByRole('button', { name: 'Fechar' }).click();

    // closing says what the panel showed
    await op.page.getByRole('button', { name: 'Encerrar votação' }).first().click();
    await op.page.getByRole('dialog', { name: 'Encerrar a votação?' }).getByRole('button', { name: 'Encerrar votação' }).click();
    const explanation = 'Aprovado: 6 Sim, 4 Não, 0 Abstenções; maioria simples (mais votos Sim que Não); voto do presidente não computado (vota só para desempatar)';
    await expect(panel.getByText(explanation, { exact: true })).toBeVisible();
    await expect(placar.getByRole('listitem').nth(0)).toHaveText('Sim6');
    await expect(placar.getByRole('listitem').nth(1)).toHaveText('Não4');

    // a decided matter: no "Votar novamente"; annulling needs a reason, which every screen shows
    await expect(op.page.getByText(/Votar novamente/i)).toHaveCount(0);
    await expect(op.page.getByRole('button', { name: `Nova votação: ${simple.identificacao}` })).toBeVisible();
    await op.page.getByRole('button', { name: `Anular resultado: ${simple.identificacao}` }).click();
    const annul = op.page.getByRole('dialog', { name: 'Anular o resultado?' });
    await annul.getByRole('button', { name: 'Anular resultado' }).click();
    await expect(annul.getByText('Informe o motivo (ao menos 3 caracteres).')).toBeVisible();
    await annul.getByRole('textbox', { name: 'Motivo' }).fill('Painel desligado durante a votação');
    await annul.getByRole('button', { name: 'Anular resultado' }).click();
    await expect(panel.getByText('Resultado anulado: Painel desligado durante a votação', { exact: true })).toBeVisible();
    await expect(vera.page.getByText(/O resultado da votação de .* foi anulado pela Mesa: Painel desligado durante a votação/)).toBeVisible();
    await expect(op.page.getByText('Resultado anulado: Painel desligado durante a votação').first()).toBeVisible();
    await expect(op.page.getByRole('button', { name: `Abrir votação: ${simple.identificacao}` })).toBeVisible();

    // 5 of 11 present: a maioria absoluta vote decides nothing ("Sem quórum", not "Rejeitado")
    const out = [...ids.entries()].filter(([e]) => !['vereador@paco.demo', 'vereador2@paco.demo', 'vereador3@paco.demo', 'vereador4@paco.demo', 'vereador5@paco.demo'].includes(e)).map(([, id]) => id);
    expect((await request.post(`/api/plenary_sessions/${s.id}/remove_presences`, { headers: bearer(opToken), data: { type: 'ordem_dia', parliamentary_ids: out } })).status()).toBe(200);
    await expect(panel.getByText('5 de 11 presentes')).toBeVisible();
    await op.page.getByRole('button', { name: `Abrir votação: ${plc.identificacao}` }).click();
    await op.page.getByRole('dialog', { name: 'Abrir votação' }).getByRole('button', { name: 'Abrir votação' }).click();
    await expect(op.page.getByText('Sem quórum de presença: 5 presentes, a regra exige 6. Encerrada agora, a votação terá resultado “Sem quórum”.')).toBeVisible();
    await expect(panel.getByText('Sem quórum de presença: 5 presentes, a regra exige 6', { exact: true })).toBeVisible();
    const plcVoting = (await (await request.get(`/api/plenary_sessions/${s.id}/live`, { headers: bearer(opToken) })).json()).data.voting.id;
    await apiVotes(request, tokenOf, plcVoting, [['vereador2@paco.demo', 'sim'], ['vereador4@paco.demo', 'sim'], ['vereador5@paco.demo', 'sim']]);
    await tabletVote(vera.page, 'Sim');
    await op.page.getByRole('button', { name: 'Encerrar votação' }).first().click();
    await op.page.getByRole('dialog', { name: 'Encerrar a votação?' }).getByRole('button', { name: 'Encerrar votação' }).click();
    await expect(panel.locator('[data-resultado="sem_quorum"]')).toBeVisible();
    await expect(panel.getByText('Sem quórum: 5 presentes; maioria absoluta exige a presença de 6 de 11 membros', { exact: true })).toBeVisible();

    // "Nova votação" once the quorum is back: the previous result is annulled, with the reason on the panel
    expect((await request.post(`/api/plenary_sessions/${s.id}/add_presences`, { headers: bearer(opToken), data: { type: 'ordem_dia', parliamentary_ids: out } })).status()).toBe(201);
    await op.page.getByRole('button', { name: `Nova votação: ${plc.identificacao}` }).click();
    const again = op.page.getByRole('dialog', { name: 'Nova votação' });
    await expect(again).toContainText('Esta matéria já foi votada (Sem quórum).');
    await again.getByRole('textbox', { name: 'Motivo da nova votação' }).fill('Quórum recomposto');
    await again.getByRole('button', { name: 'Anular o resultado e votar de novo' }).click();
    // while it fades out, the dialog still names the result it annulled (it went blank: "já foi votada ()")
    await expect(op.page.getByText('Esta matéria já foi votada ().')).toHaveCount(0);
    await expect(panel.getByText('Nova votação: Quórum recomposto', { exact: true })).toBeVisible();
    await expect(panel.getByText('Em votação', { exact: true }).first()).toBeVisible();
    await expect(again).toBeHidden();
    // the control room's agenda drops the annulled result at once (it kept showing "Sem quórum" beside "Em votação")
    await expect(op.page.getByText('Resultado anulado: Nova votação: Quórum recomposto')).toBeVisible();
    await op.page.screenshot({ path: screenshotPath('plenario-controle-nova-votacao.png') });
    // and cancelling the open voting asks for its reason too
    await op.page.getByRole('button', { name: 'Cancelar votação…' }).click();
    const cancel = op.page.getByRole('dialog', { name: 'Cancelar a votação?' });
    await cancel.getByRole('textbox', { name: 'Motivo' }).fill('Matéria retirada de pauta');
    await cancel.getByRole('button', { name: 'Cancelar votação' }).click();
    await expect(panel.getByText('Votação cancelada: Matéria retirada de pauta', { exact: true })).toBeVisible();
  } finally {
    for (const c of contexts) await c.close();
  }
});

test('issue 16: a secret ballot is cast from the members\' devices and keeps no choice; a vote that cannot reach the server is retried and sent when the connection returns', async ({ browser, request, tokenOf }) => {
  test.setTimeout(240_000);
  const opToken = (await apiLogin(request, 'operador@paco.demo')).token;
  const ids = await memberIds(request, tokenOf);
  const s = await freshSession(request, opToken, { presidente: ids.get('vereador3@paco.demo'), items: [{ kind: 'secreta' }, { kind: 'nominal' }] });
  const [secret, nominal] = s.items;
  const contexts: BrowserContext[] = [];
  try {
    const panelCtx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    contexts.push(panelCtx);
    const panel = await panelCtx.newPage();
    await panel.goto(`/legislativo/painel-eletronico/${s.id}`);
    const op = await signedIn(browser, request, 'operador@paco.demo');
    contexts.push(op.ctx);
    await op.page.goto(`/legislativo/newPainel/${s.id}`);
    await startInControlRoom(op.page);
    expect((await request.post(`/api/plenary_sessions/${s.id}/add_presences`, { headers: bearer(opToken), data: { type: 'ordem_dia', parliamentary_ids: [...ids.values()] } })).status()).toBe(201);
    const pres = await signedIn(browser, request, 'vereador3@paco.demo', { width: 1024, height: 768 });
    // Vera's requests are cut below with page.route, which Playwright does not promise for a page a service worker
    // controls (once in some thirty runs her vote went through): her tablet runs without the app's service worker
    const vera = await signedIn(browser, request, 'vereador@paco.demo', { width: 1024, height: 768 }, { serviceWorkers: 'block' });
    contexts.push(pres.ctx, vera.ctx);
    await pres.page.goto('/legislativo/votar');
    await vera.page.goto('/legislativo/votar');

    await op.page.getByRole('tab', { name: /^Pauta e votação/ }).click();
    await op.page.getByRole('button', { name: `Abrir votação: ${secret.identificacao}` }).click();
    const openDialog = op.page.getByRole('dialog', { name: 'Abrir votação' });
    await expect(openDialog.getByRole('combobox', { name: 'Tipo de votação' })).toHaveText('Secreta');
    await openDialog.getByRole('button', { name: 'Abrir votação' }).click();
    // no counts to type, no "voto do presidente"
    await expect(op.page.getByText('Quem votou (a escolha de cada um não é guardada)')).toBeVisible();
    await expect(op.page.getByRole('combobox', { name: /Voto do presidente/ })).toHaveCount(0);

    await expect(vera.page.getByText('Votação secreta.')).toBeVisible();
    await tabletVote(vera.page, 'Não', true);
    const done = vera.page.getByText(/^Seu voto secreto foi registrado às \d\d:\d\d:\d\d\./);
    await expect(done).toBeVisible();
    await expect(done).not.toContainText(/Não|Sim/);
    await expect(vera.page.getByRole('button', { name: 'Não', exact: true })).toHaveCount(0);
    await expect(pres.page.getByText(/na votação secreta o seu voto entra na urna como o dos demais/i)).toBeVisible();
    await tabletVote(pres.page, 'Sim', true);
    await vera.page.screenshot({ path: screenshotPath('plenario-tablet-secreta.png') });

    const voting = (await (await request.get(`/api/plenary_sessions/${s.id}/live`, { headers: bearer(opToken) })).json()).data.voting.id;
    await apiVotes(request, tokenOf, voting, [
      ['vereador2@paco.demo', 'sim'], ['vereador4@paco.demo', 'sim'], ['vereador5@paco.demo', 'sim'], ['vereador6@paco.demo', 'sim'], ['vereador7@paco.demo', 'sim'],
      ['vereador8@paco.demo', 'nao'], ['vereador9@paco.demo', 'nao'], ['vereador10@paco.demo', 'nao'], ['vereador11@paco.demo', 'nao'],
    ]);
    await expect(panel.getByText('Votaram 11 de 11 presentes · votação secreta: a contagem aparece ao encerrar', { exact: true })).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Placar' })).toHaveCount(0);
    await expect(panel.locator('[data-votou]')).toHaveCount(11);
    await expect(panel.locator('[data-voto]')).toHaveCount(0);
    await panel.screenshot({ path: screenshotPath('plenario-painel-1080p-secreta.png') });

    await op.page.getByRole('button', { name: 'Encerrar votação' }).first().click();
    await op.page.getByRole('dialog', { name: 'Encerrar a votação?' }).getByRole('button', { name: 'Encerrar votação' }).click();
    const result = 'Aprovado: 6 Sim, 5 Não, 0 Abstenções; maioria simples (mais votos Sim que Não)';
    await expect(panel.getByText(result, { exact: true })).toBeVisible();
    await expect(panel.locator('[data-voto]')).toHaveCount(0);
    // nothing of the presiding officer's vote: the voting and what is read aloud never mention it
    await expect(panel.locator('section[aria-label^="Votação"]')).not.toContainText(/presidente/i);
    await expect(panel.getByTestId('anuncio-votacao')).not.toContainText(/presidente/i);
    // the API has no individual choice to give, not even to the Mesa
    const detail = (await (await request.get(`/api/vottings/${voting}`, { headers: bearer(opToken) })).json()).data;
    expect(detail.votes).toBeUndefined();
    expect(detail.voto_presidente).toBeUndefined();
    expect((await request.get(`/api/vottings/${voting}/history`, { headers: bearer(opToken) })).status()).toBe(409);

    // a nominal vote tapped while the server is out of Vera's reach: the tablet keeps trying and says so; the
    // device then goes offline altogether (the app's offline screen); when the connection returns the vote is sent
    await op.page.getByRole('button', { name: `Abrir votação: ${nominal.identificacao}` }).click();
    await op.page.getByRole('dialog', { name: 'Abrir votação' }).getByRole('button', { name: 'Abrir votação' }).click();
    await expect(vera.page.getByRole('button', { name: 'Sim', exact: true })).toBeEnabled();
    const unreachable = '**/api/vottings/*/vote';
    await vera.page.route(unreachable, (r) => r.abort('connectionrefused'));
    await vera.page.keyboard.press('s');
    await vera.page.keyboard.press('Enter');
    await expect(vera.page.getByText(/^Registrando seu voto: Sim… \(tentativa \d+: o servidor ainda não confirmou\)$/)).toBeVisible({ timeout: 15_000 });
    await vera.page.screenshot({ path: screenshotPath('plenario-tablet-registrando.png') });
    await vera.ctx.setOffline(true);
    await expect(vera.page.getByText('Você está offline!! Verifique sua conexão com a internet.')).toBeVisible();
    await vera.page.unroute(unreachable);
    await vera.ctx.setOffline(false);
    await expect(vera.page.getByText(/^Voto registrado às \d\d:\d\d:\d\d: Sim/)).toBeVisible({ timeout: 20_000 });
    await expect(panel.locator('[data-member] [data-voto="sim"]')).toHaveCount(1);
    await op.page.getByRole('button', { name: 'Cancelar votação…' }).click();
    const cancel = op.page.getByRole('dialog', { name: 'Cancelar a votação?' });
    await cancel.getByRole('textbox', { name: 'Motivo' }).fill('Fim do teste');
    await cancel.getByRole('button', { name: 'Cancelar votação' }).click();
    await expect(panel.getByText('Votação cancelada: Fim do teste', { exact: true })).toBeVisible();
  } finally {
    for (const c of contexts) await c.close();
  }
});

test('issue 16: the control room switches the panel\'s screen (complete, members, voting, message); both clocks read the server\'s time', async ({ browser, request, tokenOf }) => {
  test.setTimeout(180_000);
  const opToken = (await apiLogin(request, 'operador@paco.demo')).token;
  const ids = await memberIds(request, tokenOf);
  const s = await freshSession(request, opToken, { presidente: ids.get('vereador3@paco.demo'), items: [{ kind: 'nominal' }] });
  const contexts: BrowserContext[] = [];
  try {
    const panelCtx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    contexts.push(panelCtx);
    const panel = await panelCtx.newPage();
    await panel.goto(`/legislativo/painel-eletronico/${s.id}`);
    const op = await signedIn(browser, request, 'operador@paco.demo');
    contexts.push(op.ctx);
    await op.page.goto(`/legislativo/newPainel/${s.id}`);
    await startInControlRoom(op.page);
    expect((await request.post(`/api/plenary_sessions/${s.id}/add_presences`, { headers: bearer(opToken), data: { type: 'ordem_dia', parliamentary_ids: [...ids.values()] } })).status()).toBe(201);
    await op.page.getByRole('tab', { name: /^Pauta e votação/ }).click();
    await op.page.getByRole('button', { name: `Abrir votação: ${s.matter}` }).click();
    await op.page.getByRole('dialog', { name: 'Abrir votação' }).getByRole('button', { name: 'Abrir votação' }).click();
    // the click's request may still be on its way (CI read the session before the voting was open once)
    const liveVoting = async () => (await (await request.get(`/api/plenary_sessions/${s.id}/live`, { headers: bearer(opToken) })).json()).data.voting?.id as number | undefined;
    await expect.poll(liveVoting).toBeTruthy();
    const voting = (await liveVoting())!;
    await apiVotes(request, tokenOf, voting, [
      ['vereador@paco.demo', 'sim'], ['vereador2@paco.demo', 'nao'], ['vereador4@paco.demo', 'abstencao'], ['vereador7@paco.demo', 'sim'], ['vereador11@paco.demo', 'sim'],
    ]);
    await expect(panel.getByRole('list', { name: 'Placar' }).getByRole('listitem').nth(0)).toHaveText('Sim3');

    // complete: everything on one 1920×1080 screen, names and chips sized for the room
    let sizes = await panelSizes(panel);
    expect(sizes.names).toHaveLength(11);
    expect(Math.min(...sizes.names), `names ${sizes.names.join(',')}`).toBeGreaterThanOrEqual(36);
    expect(Math.min(...sizes.chips), `chips ${sizes.chips.join(',')}`).toBeGreaterThanOrEqual(28);
    const fits = await panel.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1);
    expect(fits, 'the complete panel fits 1080 px without scrolling').toBe(true);
    await panel.screenshot({ path: screenshotPath('plenario-painel-1080p-completo.png') });

    const layouts = op.page.getByRole('group', { name: 'Tela do painel:' });
    await layouts.getByRole('button', { name: 'Parlamentares' }).click();
    await expect(panel.getByRole('list', { name: 'Placar' })).toHaveCount(0);
    sizes = await panelSizes(panel);
    expect(Math.min(...sizes.names)).toBeGreaterThanOrEqual(36);
    await panel.screenshot({ path: screenshotPath('plenario-painel-1080p-parlamentares.png') });

    await layouts.getByRole('button', { name: 'Votação' }).click();
    await expect(panel.getByRole('list', { name: 'Votos dos parlamentares' })).toBeVisible();
    await panel.screenshot({ path: screenshotPath('plenario-painel-1080p-votacao.png') });

    await layouts.getByRole('button', { name: 'Mensagem' }).click();
    const dialog = op.page.getByRole('dialog', { name: 'Mensagem no painel' });
    await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Intervalo de 15 minutos');
    await dialog.getByRole('button', { name: 'Mostrar no painel' }).click();
    await expect(panel.getByTestId('mensagem-painel')).toHaveText('Intervalo de 15 minutos');
    await panel.screenshot({ path: screenshotPath('plenario-painel-1080p-mensagem.png') });
    await op.page.screenshot({ path: screenshotPath('plenario-controle-tela-painel.png') });

    await layouts.getByRole('button', { name: 'Completo' }).click();
    await expect(panel.getByRole('list', { name: 'Placar' })).toBeVisible();

    // the panel's and the control room's clocks, read together, say the same second
    let same = false;
    for (let i = 0; i < 10 && !same; i++) {
      const [a, b] = await Promise.all([panel.getByTestId('relogio').textContent(), op.page.getByTestId('relogio').textContent()]);
      same = a === b && /^\d\d:\d\d:\d\d$/.test(a ?? '');
      if (!same) await panel.waitForTimeout(137);
    }
    expect(same).toBe(true);

    await op.page.getByRole('button', { name: 'Cancelar votação…' }).click();
    const cancel = op.page.getByRole('dialog', { name: 'Cancelar a votação?' });
    await cancel.getByRole('textbox', { name: 'Motivo' }).fill('Fim do teste');
    await cancel.getByRole('button', { name: 'Cancelar votação' }).click();
    await expect(panel.getByText('Votação cancelada: Fim do teste', { exact: true })).toBeVisible();
  } finally {
    for (const c of contexts) await c.close();
  }
});
