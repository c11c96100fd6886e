/**
 * Speaker kinds beyond the three lists (issue 13 §3), each actor in their own browser: the operator gives the floor
 * to a list speaker, grants an aparte, a questão de ordem and a comunicação de liderança from the control room; the
 * public panel (no sign-in) shows each with its own clock, "Em aparte: X" under the speaker; a panel opened
 * mid-speech announces the speech under way with its time; a member absent in the current phase is not among the
 * "Próximos oradores" (the control room still lists them, marked "ausente").
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { apiLogin, bearer, endActiveSession, expect, oneLiveSessionAtATime, screenshotPath, sessionNumber, storeToken, test } from './helpers';
import { AXE_TAGS, TOASTS, noSeriousViolations } from './axe.ts';

// one plenary session runs at a time in a company
test.describe.configure({ mode: 'serial' });

// one running session at a time: no other spec that runs sessions meanwhile (helpers.ts)
oneLiveSessionAtATime('plenario-oradores.spec.ts');

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** Ends whatever session is in progress, then creates a fresh one for today. */
async function freshSession(request: APIRequestContext, token: string): Promise<{ id: number; titulo: string }> {
  const h = { headers: bearer(token) };
  await endActiveSession(request, token);
  const types = (await (await request.get('/api/types_of/sessions', h)).json()).data as { id: number; slug: string }[];
  const created = await request.post('/api/plenary_sessions', {
    ...h, data: { numero: sessionNumber(), type_id: types.find((t) => t.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio: '19:00' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data;
}

async function context(browser: Browser, contexts: BrowserContext[], viewport = { width: 1366, height: 800 }): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  contexts.push(ctx);
  return ctx.newPage();
}

/** Picks a present member in the intervention dialog and gives the floor. */
async function give(op: Page, button: string, dialogName: string | RegExp, member: string) {
  const bar = op.getByRole('region', { name: 'Palavra fora das listas' });
  await bar.getByRole('button', { name: button, exact: true }).click();
  const dialog = op.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('combobox', { name: 'Vereador presente' }).click();
  await op.getByRole('option', { name: new RegExp(`^${member}`) }).click();
  const answered = op.waitForResponse((r) => /\/intervencao$/.test(r.url()) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Dar a palavra' }).click();
  expect((await answered).status()).toBe(201);
  await expect(dialog).toBeHidden();
}

test('the operator gives the floor, an aparte, a questão de ordem and a liderança; the panel shows each with its clock and announces the speech under way', async ({ browser, request, tokenOf }) => {
  test.setTimeout(180_000);
  const opToken = (await apiLogin(request, 'operador@paco.demo')).token;
  const h = { headers: bearer(opToken) };
  const s = await freshSession(request, opToken);
  const pid = async (email: string) => (await (await request.get('/api/is-parliamentary', { headers: bearer(await tokenOf(email)) })).json()).data.parliamentary.id as number;
  const vera = await pid('vereador@paco.demo');
  const ze = await pid('vereador2@paco.demo');
  const ricardo = await pid('vereador3@paco.demo');
  const ana = await pid('vereador4@paco.demo');
  const beto = await pid('vereador11@paco.demo');
  const contexts: BrowserContext[] = [];
  try {
    // the operator starts the session and opens the ordem do dia presence list (the current phase from then on)
    const op = await context(browser, contexts);
    await storeToken(op, (await apiLogin(request, 'operador@paco.demo')).token);
    await op.goto(`/legislativo/newPainel/${s.id}`);
    await op.getByRole('button', { name: 'Iniciar sessão' }).click();
    await expect(op.getByText(/^Em andamento desde/)).toBeVisible();
    await op.getByRole('tab', { name: /^Presença/ }).click();
    await op.getByRole('button', { name: 'Abrir lista' }).nth(1).click();
    await expect(op.getByRole('button', { name: 'Encerrar lista' })).toBeVisible();
    // four members present; Beto Carvalho is not (made by the API: what the test is about is the floor)
    expect((await request.post(`/api/plenary_sessions/${s.id}/add_presences`, { ...h, data: { type: 'ordem_dia', parliamentary_ids: [vera, ze, ricardo, ana] } })).status()).toBe(201);
    expect((await request.post(`/api/plenary_sessions/${s.id}/add_speakers`, { ...h, data: { type: 'expediente', parliamentary_ids: [vera, beto, ze] } })).status()).toBe(201);

    // the public panel, no sign-in, full HD
    const panel = await context(browser, contexts, { width: 1920, height: 1080 });
    await panel.goto(`/legislativo/painel-eletronico/${s.id}`);
    await expect(panel.getByText(s.titulo).first()).toBeVisible();

    // the control room lists Beto, marked absent, so the operator can skip him
    await op.getByRole('tab', { name: 'Oradores' }).click();
    const oradores = op.getByRole('tabpanel', { name: 'Oradores' });
    await expect(oradores.getByRole('listitem', { name: '2º orador: Beto Carvalho (ausente)' })).toBeVisible();
    await oradores.getByRole('button', { name: 'Iniciar fala de Vera Lúcia' }).click();

    await expect(panel.getByTestId('orador-atual')).toHaveText('Vera Lúcia');
    await expect(panel.getByTestId('anuncio-orador')).toHaveText('Com a palavra: Vera Lúcia, Expediente.');
    // the next speakers leave out the absent member
    await expect(panel.getByTestId('proximos-oradores')).toHaveText('Próximos oradores: Zé do Mercado.');

    // a panel opened mid-speech announces the speech under way, with the time spoken
    const late = await context(browser, contexts, { width: 1280, height: 800 });
    await late.goto(`/legislativo/painel-eletronico/Oradores?sessao=${s.id}`);
    await expect(late.getByTestId('orador-atual')).toHaveText('Vera Lúcia');
    await expect(late.getByTestId('anuncio-orador')).toHaveText(/^Fala em curso: Vera Lúcia, Expediente; falou 00:\d\d de 05:00\.$/);
    await expect(late.getByTestId('cronometro')).toHaveText(/^04:\d\d$/);
    const next = late.getByRole('heading', { name: 'Próximos oradores · Expediente' }).locator('..');
    await expect(next.getByText('Zé do Mercado')).toBeVisible();
    await expect(next.getByText('Beto Carvalho')).toHaveCount(0);
    await expect(late.getByRole('region', { name: 'Lista de oradores: Expediente' }).getByText('Ausente')).toBeVisible();
    await late.screenshot({ path: screenshotPath('plenario-oradores-proximos.png') });
    await late.context().close();

    // an aparte: the speech pauses, the aparte runs its own clock, both on the panel
    await give(op, 'Conceder aparte', 'Conceder aparte na fala de Vera Lúcia', 'Ana Paula Rocha');
    const floor = op.getByRole('region', { name: 'Orador em fala' });
    await expect(floor.getByText('Fala pausada · Expediente')).toBeVisible();
    await expect(floor.getByTestId('controle-aparte')).toHaveText(/^Em aparte: Ana Paula Rocha/);
    await expect(panel.getByTestId('aparteante')).toHaveText('Em aparte: Ana Paula Rocha');
    await expect(panel.getByTestId('cronometro-aparte')).toHaveText(/^01:[45]\d$/);
    await expect(panel.getByTestId('anuncio-orador')).toHaveText('Em aparte: Ana Paula Rocha, na fala de Vera Lúcia.');
    await expect(panel.getByText('Tempo restante (pausado)')).toBeVisible();
    await noSeriousViolations(op, { tags: AXE_TAGS, exclude: TOASTS });
    await op.screenshot({ path: screenshotPath('plenario-oradores-controle-aparte.png'), fullPage: true });
    await panel.screenshot({ path: screenshotPath('plenario-oradores-painel-aparte.png') });

    // a panel opened during the aparte announces both, with their times
    const late2 = await context(browser, contexts, { width: 1280, height: 800 });
    await late2.goto(`/legislativo/painel-eletronico/Oradores?sessao=${s.id}`);
    await expect(late2.getByTestId('anuncio-orador')).toHaveText(/^Fala em curso: Vera Lúcia, Expediente, pausada; falou 00:\d\d de 05:00\. Em aparte: Ana Paula Rocha; falou 00:\d\d de 02:00\.$/);
    await expect(late2.getByTestId('aparteante')).toHaveText('Em aparte: Ana Paula Rocha');
    await noSeriousViolations(late2, { tags: AXE_TAGS, exclude: TOASTS });
    await late2.screenshot({ path: screenshotPath('plenario-oradores-painel-oradores-aparte.png') });
    await late2.context().close();

    // a second aparte is refused on the screen before the server would
    await expect(op.getByRole('region', { name: 'Palavra fora das listas' }).getByRole('button', { name: 'Conceder aparte' })).toBeDisabled();
    await expect(op.getByText('Já há um aparte em curso.')).toBeVisible();
    await floor.getByRole('button', { name: 'Encerrar aparte' }).click();
    await expect(panel.getByTestId('em-aparte')).toHaveCount(0);
    await expect(panel.getByTestId('anuncio-orador')).toHaveText('Aparte encerrado: Ana Paula Rocha. Com a palavra: Vera Lúcia, Expediente.');

    // a questão de ordem interrupts the speech with its own clock; ending it gives the floor back
    await give(op, 'Questão de ordem', 'Questão de ordem', 'Zé do Mercado');
    await expect(panel.getByRole('heading', { name: 'Com a palavra · Questão de ordem' })).toBeVisible();
    await expect(panel.getByTestId('orador-atual')).toHaveText('Zé do Mercado');
    await expect(panel.getByTestId('cronometro')).toHaveText(/^0[23]:\d\d$/);
    await expect(panel.getByTestId('anuncio-orador')).toHaveText('Com a palavra: Zé do Mercado, Questão de ordem.');
    await expect(panel.getByText('MDB · Falando · fala de Vera Lúcia pausada')).toBeVisible();
    await expect(floor.getByText('Em fala agora · Questão de ordem')).toBeVisible();
    await panel.screenshot({ path: screenshotPath('plenario-oradores-painel-questao-ordem.png') });
    await floor.getByRole('button', { name: 'Encerrar fala' }).click();
    await expect(panel.getByTestId('orador-atual')).toHaveText('Vera Lúcia');
    await expect(panel.getByTestId('anuncio-orador')).toHaveText('Fala encerrada: Zé do Mercado. Com a palavra: Vera Lúcia, Expediente.');

    // a comunicação de liderança, the same way (any present member: the data has no leaders)
    await op.getByRole('region', { name: 'Palavra fora das listas' }).getByRole('button', { name: 'Comunicação de liderança' }).click();
    const dialog = op.getByRole('dialog', { name: 'Comunicação de liderança' });
    await expect(dialog.getByText(/qualquer vereador presente pode fazer a comunicação de liderança/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Vereador presente' }).click();
    // only the present: Beto Carvalho is not offered
    await expect(op.getByRole('option', { name: /^Beto Carvalho/ })).toHaveCount(0);
    await op.getByRole('option', { name: /^Dr\. Ricardo Menezes/ }).click();
    await noSeriousViolations(op, { tags: AXE_TAGS, exclude: TOASTS });
    await dialog.getByRole('button', { name: 'Dar a palavra' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('heading', { name: 'Com a palavra · Comunicação de liderança' })).toBeVisible();
    await expect(panel.getByTestId('orador-atual')).toHaveText('Dr. Ricardo Menezes');
    await expect(panel.getByTestId('cronometro')).toHaveText(/^0[45]:\d\d$/);
    await noSeriousViolations(panel, { tags: AXE_TAGS, exclude: TOASTS });
    await floor.getByRole('button', { name: 'Encerrar fala' }).click();
    await expect(panel.getByTestId('orador-atual')).toHaveText('Vera Lúcia');

    // every intervention ended, each on its own clock
    const live = (await (await request.get(`/api/plenary_sessions/${s.id}/live`, h)).json()).data;
    expect(live.speakers.filter((x: { modalidade: string }) => x.modalidade !== 'lista').map((x: { modalidade: string; status: string }) => `${x.modalidade}:${x.status}`))
      .toEqual(['aparte:concluido', 'questao_ordem:concluido', 'lideranca:concluido']);
  } finally {
    for (const c of contexts) await c.close().catch(() => undefined);
  }
});
