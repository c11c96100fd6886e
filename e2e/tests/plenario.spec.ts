/**
 * A live plenary session as people run it, each in their own browser: the operator in the control room, three
 * council members on their tablets, and the public electronic panel (no sign-in). Every screen follows the
 * server's push; the panel shows each vote within a second, without reload, and the computed result at the end.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { apiLogin, bearer, expect, screenshotPath, storeToken, test, uniq } from './helpers';

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** Ends whatever session is in progress (a retry or another run may have left one), then creates a fresh one with one nominal matter. */
async function freshSession(request: APIRequestContext, token: string): Promise<{ id: number; titulo: string; matter: string }> {
  const h = { headers: bearer(token) };
  const active = (await (await request.get('/api/status/active', h)).json()).data;
  if (active) {
    const live = (await (await request.get(`/api/plenary_sessions/${active.id}/live`, h)).json()).data;
    if (live.voting?.status === 'aberta') {
      await request.put(`/api/plenary_matters/${live.voting.plenary_matter_id}/cancel_votting`, { ...h, data: { motivo: 'Teste interrompido' } });
    }
    expect((await request.post(`/api/plenary_sessions/${active.id}/finalizar`, h)).status()).toBe(200);
  }
  const sessionTypes = (await (await request.get('/api/types_of/sessions', h)).json()).data as { id: number; slug: string }[];
  const votation = (await (await request.get('/api/types_of/votation', h)).json()).data as { id: number; slug: string }[];
  const created = await request.post('/api/plenary_sessions', {
    ...h, data: { numero: 500 + Math.floor(Math.random() * 400), type_id: sessionTypes.find((t) => t.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio: '20:00' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const session = (await created.json()).data;
  const matter = (await (await request.get('/api/matters?perPage=1&sort=-id', h)).json()).data[0];
  const pm = await request.post(`/api/plenary_matters/${session.id}/add_matter`, {
    ...h, data: { kind: 'ordem_dia', matter_id: matter.id, tipo_votacao_id: votation.find((t) => t.slug === 'nominal')!.id, obs: `e2e ${uniq()}` },
  });
  expect(pm.status(), await pm.text()).toBe(201);
  return { id: session.id, titulo: session.titulo, matter: matter.identificacao };
}

async function signedIn(browser: Browser, request: APIRequestContext, email: string, viewport = { width: 1366, height: 800 }): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await storeToken(page, (await apiLogin(request, email)).token);
  return { ctx, page };
}

test('a nominal vote from the tablets reaches the public panel live, and closing shows the computed result', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const opToken = (await apiLogin(request, 'operador@paco.demo')).token;
  const s = await freshSession(request, opToken);
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
    await vote(members[0], () => members[0].keyboard.press('s'), /Sim: 1\b/);
    await expect(members[0].getByText('Seu voto: Sim — você pode mudar até o encerramento')).toBeVisible();
    await vote(members[1], () => members[1].getByRole('button', { name: 'Não' }).click(), /Não: 1\b/);
    await vote(members[2], () => members[2].getByRole('button', { name: 'Sim' }).click(), /Sim: 2\b/);
    // a member changes their mind: still one vote each
    await vote(members[1], () => members[1].keyboard.press('a'), /Abstenção: 1\b/);
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

    await op.page.getByRole('button', { name: 'Finalizar sessão' }).click();
    await op.page.getByRole('dialog').getByRole('button', { name: /Finalizar/ }).click();
    await expect(panel.getByText('Encerrada').first()).toBeVisible();
  } finally {
    for (const c of contexts) await c.close();
  }
});
