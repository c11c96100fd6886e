/**
 * The record tabs served by the server's own calls (packages/domain: children `calls`, links `create`), each clicked
 * by its user: an event's photos (upload with its caption, thumbnail, delete after confirming), the contacts of a
 * person and of a secretaria (add from the tab, listed, unlinked after confirming), a parliamentarian's matters and
 * propositions, and the matters in tramitação at a commission.
 */
import { deflateSync } from 'node:zlib';
import type { Browser, Locator, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, bearer, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';
import { TOASTS, noSeriousViolations } from './axe.ts';

/** A solid-colour PNG of `size`×`size` with a darker frame: something to see in the thumbnail. */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const x of buf) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const edge = x < 6 || y < 6 || x >= size - 6 || y >= size - 6;
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = edge ? r / 2 : r;
      raw[o + 1] = edge ? g / 2 : g;
      raw[o + 2] = edge ? b / 2 : b;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page, email);
  return page;
}

/** Opens a record's screen and one of its tabs; answers the tab's panel. */
async function openTab(page: Page, url: string, heading: string, tab: string): Promise<Locator> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(heading, { timeout: 20_000 });
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: tab, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

test('evento: a equipe do site envia uma foto com legenda, vê a miniatura e a exclui depois de confirmar', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { token } = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  const title = `Feira de Ciências ${uniq()}`;
  const created = await request.post('/api/events', { headers: bearer(token), data: { title, dataInicio: '2026-12-10T09:00:00-03:00', local: 'Escola Municipal Dona Zica' } });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()).data as { id: number };

  const page = await signedIn(browser, ACCOUNTS.adminPrefeitura.email);
  const panel = await openTab(page, `/site/events/${event.id}`, title, 'Fotos');
  await expect(panel).toContainText('Nenhum registro de fotos.');
  await panel.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar foto' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Legenda' }).fill('Abertura da feira no pátio');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'abertura.png', mimeType: 'image/png', buffer: png(160, [46, 125, 50]) });
  await expect(dialog.getByRole('img', { name: 'Prévia de Foto' })).toBeVisible();
  await noSeriousViolations(page, { include: '[role="dialog"]' });
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/events/${event.id}/add_photo`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await sent).status()).toBe(201);
  await expect(dialog).toBeHidden();

  const row = panel.getByRole('row').filter({ hasText: 'Abertura da feira no pátio' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('img')).toBeVisible();
  await expect(row.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await row.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // the public portal's call sees it too
  const photos = await request.get(`/api/events/${event.id}/get_photos`, { headers: bearer(token) });
  expect(((await photos.json()).data as { description: string }[]).map((p) => p.description)).toEqual(['Abertura da feira no pátio']);
  await page.screenshot({ path: screenshotPath('abas-evento-fotos.png'), fullPage: true });
  await noSeriousViolations(page, { include: 'main', exclude: TOASTS });

  await row.getByRole('button', { name: 'Remover Abertura da feira no pátio' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover esta foto?' });
  await expect(confirm).toContainText('Foto: Abertura da feira no pátio');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Remover Abertura da feira no pátio' }).click();
  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/events\/\d+\/delete_photos\/\d+$/.test(new URL(r.url()).pathname));
  await confirm.getByRole('button', { name: 'Remover' }).click();
  expect((await removed).status()).toBe(204);
  await expect(panel).toContainText('Nenhum registro de fotos.');
  await expect(page.getByText('Foto removida com sucesso.')).toBeVisible();
});

/** Adds a contact from a record's "Contatos" tab and sees it listed. */
async function addContact(page: Page, panel: Locator, description: string, phone: string) {
  await panel.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
  await expect(dialog).toBeVisible();
  // the contact's user is not asked: the call does not take it
  await expect(dialog.getByRole('combobox', { name: 'Usuário' })).toHaveCount(0);
  await noSeriousViolations(page, { include: '[role="dialog"]' });
  await dialog.getByRole('textbox', { name: 'Descrição' }).fill(description);
  await dialog.getByRole('textbox', { name: 'Telefone' }).fill(phone);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('atendimento@vilaserena.mg.gov.br');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  // made and linked at once: "added", not merely "created"
  await expect(page.getByText('Contato adicionado com sucesso.').first()).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: description })).toBeVisible();
}

test('contatos: uma pessoa e uma secretaria ganham um contato pela aba, e um é desvinculado depois de confirmar', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { token } = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  const name = `Joana Darc Pereira ${uniq()}`;
  const created = await request.post('/api/people', { headers: bearer(token), data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const person = (await created.json()).data as { id: number };

  const page = await signedIn(browser, ACCOUNTS.adminPrefeitura.email);
  let panel = await openTab(page, `/settings/people/${person.id}`, name, 'Contatos');
  await addContact(page, panel, 'Celular pessoal', '(31) 98877-6655');
  await addContact(page, panel, 'Recado com a vizinha', '(31) 3333-4444');
  await expect(panel.getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: screenshotPath('abas-pessoa-contatos.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Desvincular Recado com a vizinha' }).click();
  const confirm = page.getByRole('dialog', { name: 'Desvincular desta pessoa?' });
  await expect(confirm).toContainText('Contato: Recado com a vizinha');
  await confirm.getByRole('button', { name: 'Desvincular' }).click();
  await expect(page.getByText('Contato desvinculado com sucesso.')).toBeVisible();
  await expect(panel.getByRole('row')).toHaveCount(2);
  await expect(panel).not.toContainText('Recado com a vizinha');
  await expect(panel).toContainText('Celular pessoal');

  // a secretaria of the demo (Secretaria Municipal de Saúde, by its acronym)
  const secs = await request.get('/api/secretarias?perPage=100', { headers: bearer(token) });
  const sec = ((await secs.json()).data as { id: number; nome: string; abreviacao: string }[]).find((s) => s.abreviacao === 'SEMUS') ?? (await secs.json()).data[0];
  const description = `Ouvidoria da saúde ${uniq()}`;
  panel = await openTab(page, `/site/secretariats/${sec.id}`, sec.nome, 'Contatos');
  await addContact(page, panel, description, '(31) 3555-0100');
  await page.screenshot({ path: screenshotPath('abas-secretaria-contatos.png'), fullPage: true });
  await panel.getByRole('button', { name: `Desvincular ${description}` }).click();
  await page.getByRole('dialog', { name: 'Desvincular desta secretaria?' }).getByRole('button', { name: 'Desvincular' }).click();
  await expect(panel).not.toContainText(description);
});

test('legislativo: as matérias e proposições de um vereador, e as matérias em tramitação numa comissão', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { token } = await apiLogin(request, ACCOUNTS.admin.email);
  // a vereador of the demo with matters of their authorship, and what the server answers for them
  const all = ((await (await request.get('/api/parliamentaries?perPage=100', { headers: bearer(token) })).json()).data) as { id: number; nome: string }[];
  let author: { id: number; nome: string; matters: { identificacao: string }[] } | null = null;
  for (const p of all) {
    const m = (await (await request.get(`/api/parliamentaries/${p.id}/get_matters`, { headers: bearer(token) })).json()).data as { identificacao: string }[];
    if (m.length) { author = { ...p, matters: m }; break; }
  }
  expect(author, 'a vereador with matters in the demo').not.toBeNull();

  const page = await signedIn(browser, ACCOUNTS.admin.email);
  let panel = await openTab(page, `/legislativo/parliamentarians/${author!.id}`, author!.nome, 'Matérias');
  const first = author!.matters[0].identificacao;
  await expect(panel.getByRole('link', { name: first, exact: true })).toBeVisible();
  await expect(panel).toContainText(`(${author!.matters.length})`);
  // authored on the matter's own screen, not here
  await expect(panel.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('abas-vereador-materias.png'), fullPage: true });
  // ten tabs: more than the width, so the bar shows its scroll arrows
  await noSeriousViolations(page, { include: 'main' });
  await expect(page.locator('main .MuiTabs-scrollButtons:not(.Mui-disabled)').first()).toBeVisible();

  // a proposition of theirs, added from the tab
  panel = await openTab(page, `/legislativo/parliamentarians/${author!.id}`, author!.nome, 'Proposições');
  await panel.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar proposição' });
  await dialog.getByRole('combobox', { name: /Tipo de proposição/ }).click();
  await page.getByRole('option', { name: 'Emenda', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Número', exact: true }).fill('7');
  await dialog.getByRole('textbox', { name: 'Ano', exact: true }).fill('2026');
  const ementa = `Emenda aditiva: inclui no conselho um representante das instituições de longa permanência (${uniq()})`;
  await dialog.getByRole('textbox', { name: /Ementa/ }).fill(ementa);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('row').filter({ hasText: ementa })).toBeVisible();
  await page.screenshot({ path: screenshotPath('abas-vereador-proposicoes.png'), fullPage: true });

  // the CLJR: the matters whose latest step sent them there
  const commissions = (await (await request.get('/api/commissions?perPage=100', { headers: bearer(token) })).json()).data as { id: number; nome: string; sigla: string }[];
  const cljr = commissions.find((c) => c.sigla === 'CLJR')!;
  const here = (await (await request.get(`/api/commissions/${cljr.id}/tramitation_matters`, { headers: bearer(token) })).json()).data as { id: number; identificacao: string }[];
  expect(here.length, 'matters in tramitação at the CLJR in the demo').toBeGreaterThan(0);
  panel = await openTab(page, `/legislativo/comissions/${cljr.id}`, cljr.nome, 'Matérias em tramitação');
  await expect(panel).toContainText(`(${here.length})`);
  const link = panel.getByRole('link', { name: here[0].identificacao, exact: true });
  await expect(link).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('abas-comissao-tramitacao.png'), fullPage: true });
  await noSeriousViolations(page, { include: 'main' });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/legislativo/matters/${here[0].id}$`));

  // the councillor reads the matters tab, without "Adicionar" on the propositions (the server refuses them too)
  const councillor = await signedIn(browser, ACCOUNTS.vereador.email);
  const read = await openTab(councillor, `/legislativo/parliamentarians/${author!.id}`, author!.nome, 'Proposições');
  await expect(read.getByRole('row').filter({ hasText: ementa })).toBeVisible();
  await expect(read.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
});
