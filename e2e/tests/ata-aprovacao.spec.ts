/**
 * The ata approved by the plenary (issue 13 §2; docs/legislativo.md): the operator puts the previous session's ata on
 * a new session's pauta ("Incluir ata para aprovação"), runs the session, votes it (symbolic) in the control room, and
 * the ata's screen says it was approved in that session; then publishes it.
 */
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, bearer, endActiveSession, expect, holdLiveSessionLock, screenshotPath, sessionNumber, signInWithForm, test } from './helpers';

// one running session at a time: no other spec that runs sessions meanwhile (helpers.ts)
test.describe.configure({ mode: 'serial' });
let releaseLive: (() => void) | undefined;
let opToken = '';
let running: number | undefined;

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** Ends whatever session is in progress (another spec or a retry may have left one). */
const endActive = (request: APIRequestContext): Promise<void> => endActiveSession(request, opToken);

async function newSession(request: APIRequestContext, horarioInicio: string): Promise<{ id: number; titulo: string }> {
  const h = { headers: bearer(opToken) };
  const sessionTypes = (await (await request.get('/api/types_of/sessions', h)).json()).data as { id: number; slug: string }[];
  const created = await request.post('/api/plenary_sessions', {
    ...h, data: { numero: sessionNumber(), type_id: sessionTypes.find((t) => t.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data;
}

test.beforeAll(async ({ request }, testInfo) => {
  testInfo.setTimeout(900_000);
  releaseLive = await holdLiveSessionLock('ata-aprovacao.spec.ts');
  opToken = (await apiLogin(request, 'operador@paco.demo')).token;
});
test.afterAll(async ({ request }) => {
  try {
    if (running) await endActive(request);
  } finally {
    releaseLive?.();
  }
});

test('o operador põe a ata da sessão anterior na pauta, a sessão a aprova em votação simbólica e a ata é publicada', async ({ page, request }) => {
  test.setTimeout(180_000);
  const h = { headers: bearer(opToken) };
  // the previous session, held and finalized: its ata is generated as a draft
  await endActive(request);
  const prev = await newSession(request, '08:00');
  expect((await request.post(`/api/plenary_sessions/${prev.id}/iniciar`, h)).status()).toBe(200);
  expect((await request.post(`/api/plenary_sessions/${prev.id}/finalizar`, h)).status()).toBe(200);
  const ata = ((await (await request.get(`/api/plenary_sessions/${prev.id}/atas`, h)).json()).data as { id: number; situacao: string }[])[0];
  expect(ata.situacao).toBe('rascunho');
  const s = await newSession(request, '21:00');
  const ataName = `Ata da ${prev.titulo}`;

  // the operator signs in and puts the ata on the new session's pauta
  await signInWithForm(page, 'operador@paco.demo', 'paco-demo');
  await page.goto(`/legislativo/plenarySessions/${s.id}`);
  const actions = page.getByRole('group', { name: 'Ações do registro' });
  await actions.getByRole('button', { name: 'Incluir ata para aprovação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Incluir ata para aprovação' });
  await dialog.getByRole('combobox', { name: /^Ata/ }).click();
  await page.getByRole('option', { name: ataName }).click();
  await expect(dialog.getByRole('combobox', { name: /^Fase/ })).toContainText('Expediente');
  await page.screenshot({ path: screenshotPath('ata-aprovacao-incluir.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Incluir ata para aprovação' }).click();
  await expect(page.getByText(`Ata incluída na pauta da ${s.titulo} para aprovação.`)).toBeVisible();

  // the pauta lists it first in the expediente
  await page.goto(`/legislativo/pauta?sessao=${s.id}`);
  await expect(page.getByRole('heading', { name: s.titulo })).toBeVisible();
  await expect(page.getByText(ataName).first()).toBeVisible();
  await expect(page.getByText('Aprovação da ata').first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('ata-aprovacao-pauta.png'), fullPage: true });

  // the session runs: started in the control room, every member present in the expediente
  await page.goto(`/legislativo/newPainel/${s.id}`);
  await page.getByRole('button', { name: 'Iniciar sessão' }).click();
  await expect(page.getByText(/^Em andamento desde/)).toBeVisible();
  running = s.id;
  await page.getByRole('tab', { name: /^Presença/ }).click();
  await page.getByRole('button', { name: 'Abrir lista' }).first().click();
  await expect(page.getByRole('button', { name: 'Encerrar lista' })).toBeVisible();
  const members = ((await (await request.get(`/api/plenary_sessions/${s.id}/live`, h)).json()).data.members as { id: number }[]).map((m) => m.id);
  expect((await request.post(`/api/plenary_sessions/${s.id}/add_presences`, { ...h, data: { type: 'abertura', parliamentary_ids: members } })).status()).toBe(201);
  await expect(page.getByText(`${members.length} de ${members.length} presentes`).first()).toBeVisible();

  // the ata is voted like any item: symbolic, the Mesa gives the count
  await page.getByRole('tab', { name: /^Pauta e votação/ }).click();
  await expect(page.getByText('Aprovação da ata').first()).toBeVisible();
  await page.getByRole('button', { name: `Abrir votação: ${ataName}` }).click();
  const open = page.getByRole('dialog', { name: 'Abrir votação' });
  await open.getByRole('button', { name: 'Abrir votação' }).click();
  await expect(open).toBeHidden();
  await page.getByRole('spinbutton', { name: 'Sim' }).fill(String(members.length - 2));
  await page.getByRole('spinbutton', { name: 'Não' }).fill('1');
  await page.getByRole('spinbutton', { name: 'Abstenção' }).fill('0');
  await page.getByRole('button', { name: 'Encerrar votação' }).first().click();
  await page.getByRole('dialog', { name: 'Encerrar a votação?' }).getByRole('button', { name: 'Encerrar votação' }).click();
  await expect(page.getByText(/^Aprovado: /).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('ata-aprovacao-votada.png'), fullPage: true });

  // the ata's screen: approved in this session; published
  await page.goto(`/legislativo/ata/${ata.id}`);
  await expect(page.getByText(`Aprovada na ${s.titulo}`).first()).toBeVisible();
  await expect(page.getByText('O texto da ata não pode mais ser alterado depois da aprovação (situação: Aprovada).').first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('ata-aprovacao-aprovada.png'), fullPage: true });
  const ataActions = page.getByRole('group', { name: 'Ações do registro' });
  await ataActions.getByRole('button', { name: 'Publicar ata' }).click();
  await page.getByRole('dialog', { name: 'Publicar ata' }).getByRole('button', { name: 'Publicar ata' }).click();
  await expect(page.getByText('Ata publicada.')).toBeVisible();
  await expect(page.getByText('Publicada', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('ata-aprovacao-publicada.png'), fullPage: true });

  // a published ata's approval is not annulled: the control room says why
  await page.goto(`/legislativo/newPainel/${s.id}`);
  await page.getByRole('tab', { name: /^Pauta e votação/ }).click();
  await page.getByRole('button', { name: `Anular resultado: ${ataName}` }).click();
  const annul = page.getByRole('dialog', { name: 'Anular o resultado?' });
  await annul.getByRole('textbox', { name: 'Motivo' }).fill('Contagem conferida de novo');
  await annul.getByRole('button', { name: 'Anular resultado' }).click();
  await expect(page.getByText('A ata aprovada nesta votação já foi publicada: a aprovação de uma ata publicada não pode ser anulada.').first()).toBeVisible();
});
