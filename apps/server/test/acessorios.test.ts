/**
 * A matter's accessory documents (decision 0059): the tab "Documentos acessórios" (matters/:id/documentos_acessorios),
 * the rules the server holds (date neither in the future nor before the matter's presentation, name required, a PDF
 * file), who registered it from the session, another company's ids, roles without write, bad bodies and multipart,
 * and the portal's matter page listing only the public ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { addDays } from '../src/modules/materias/deadline.ts';
import { makeApp, multipart, portalText, TINY_PDF, type TestApp } from './helpers.ts';

let t: TestApp;
let operador: string; // cm_admin (câmara): writes matters
let vereador: string; // cm_parlamentar: reads matters, does not write them
let adminPm: string; // admin (prefeitura): another company
let operadorId: number;
const tipo: Record<string, number> = {};

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const today = todayInSaoPaulo();
const start = addDays(today, -30);
const PORTAL = '/portal/camara-vila-serena';

async function matter(ementa: string): Promise<{ id: number; identificacao: string }> {
  const types = data(await t.call('GET', '/api/types_of/matters', { token: operador })) as { id: number; slug: string }[];
  const res = await t.call('POST', '/api/matters', { token: operador, body: { type_id: types.find((x) => x.slug === 'pl')!.id, dataApresentacao: start, ementa } });
  expect(res.statusCode, res.body).toBe(201);
  return data(res);
}
const add = (matterId: number, body: unknown, token = operador) => t.call('POST', `/api/matters/${matterId}/documentos_acessorios`, { token, body });
const tab = async (matterId: number, token = operador) => data(await t.call('GET', `/api/matters/${matterId}/documentos_acessorios`, { token })) as Record<string, any>[];
const upload = (id: number, file: { name: string; type: string; data: Buffer }, token = operador) => {
  const form = multipart({}, { ...file, part: 'arquivo' });
  return t.app.inject({ method: 'POST', url: `/api/matter_documents/${id}/upload`, headers: { authorization: `Bearer ${token}`, 'content-type': form.type }, payload: form.payload });
};
const doc = (extra: Record<string, unknown> = {}) => ({ tipo_id: tipo.oficio, nome: 'Ofício nº 12/2026', data: today, autor: 'Prefeitura Municipal', ...extra });

beforeAll(async () => {
  t = await makeApp();
  [operador, vereador, adminPm] = await Promise.all(['operador@paco.demo', 'vereador@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)));
  operadorId = data(await t.call('GET', '/api/load-user', { token: operador })).id;
  for (const s of data(await t.call('GET', '/api/types_of/documentos_acessorios', { token: operador })) as { id: number; slug: string }[]) tipo[s.slug] = s.id;
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('Documentos acessórios', () => {
  it('seeds the types; adds a document with its PDF; who registered it is the session, never the body', async () => {
    expect(Object.keys(tipo).sort()).toEqual(['certidao', 'emenda_popular', 'oficio', 'outro', 'parecer', 'requerimento']);
    const m = await matter('Dispõe sobre a coleta seletiva.');
    const res = await add(m.id, doc({ registrado_por_id: 1, company_id: 999, matter_id: 999_999, ementa: 'Encaminha informações.' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = data(res);
    expect(created).toMatchObject({ matter_id: m.id, nome: 'Ofício nº 12/2026', data: today, autor: 'Prefeitura Municipal', publico: true, registrado_por_id: operadorId });
    expect(operadorId).not.toBe(1);
    const up = await upload(created.id, { name: 'oficio.pdf', type: 'application/pdf', data: TINY_PDF });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.arquivo).toMatchObject({ mime: 'application/pdf' });
    // not a PDF (by its first bytes, whatever it says it is): refused
    const fake = await upload(created.id, { name: 'falso.pdf', type: 'application/pdf', data: Buffer.from('não sou um PDF') });
    expect(fake.statusCode).toBe(422);
    const png = await upload(created.id, { name: 'foto.png', type: 'image/png', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') });
    expect(png.statusCode).toBe(422);
    // the tab: the operator and a reader of the matter
    const rows = await tab(m.id);
    expect(rows.map((r) => r.id)).toEqual([created.id]);
    expect(rows[0].arquivo.url).toMatch(/^\/api\/files\//);
    expect((await tab(m.id, vereador)).map((r) => r.id)).toEqual([created.id]);
    // an edit keeps who registered it and the matter
    const other = await matter('Outra matéria.');
    const put = await t.call('PUT', `/api/matter_documents/${created.id}`, { token: operador, body: { nome: 'Ofício nº 12/2026 (retificado)', registrado_por_id: 1 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(data(put)).toMatchObject({ nome: 'Ofício nº 12/2026 (retificado)', registrado_por_id: operadorId, matter_id: m.id });
    const move = await t.call('PUT', `/api/matter_documents/${created.id}`, { token: operador, body: { matter_id: other.id } });
    expect(move.statusCode).toBe(422);
    // removed by the child's own delete
    expect((await t.call('DELETE', `/api/matter_documents/${created.id}`, { token: operador })).statusCode).toBe(204);
    expect(await tab(m.id)).toEqual([]);
  });

  it('refuses a future date, a date before the presentation, a missing name, a type of another category', async () => {
    const m = await matter('Dispõe sobre o transporte escolar.');
    const future = await add(m.id, doc({ data: addDays(today, 1) }));
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.data).toEqual(['A data do documento não pode estar no futuro.']);
    const before = await add(m.id, doc({ data: addDays(start, -1) }));
    expect(before.statusCode).toBe(422);
    expect(before.json().errors.data[0]).toMatch(/^A data do documento não pode ser anterior à apresentação da matéria \(\d{2}\/\d{2}\/\d{4}\)\.$/);
    // the presentation day itself is fine
    expect((await add(m.id, doc({ data: start }))).statusCode).toBe(201);
    const unnamed = await add(m.id, { tipo_id: tipo.oficio, data: today });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors.nome).toBeDefined();
    const blank = await add(m.id, doc({ nome: '   ' }));
    expect(blank.statusCode).toBe(422);
    const matterType = (data(await t.call('GET', '/api/types_of/matters', { token: operador })) as { id: number }[])[0].id;
    const wrongType = await add(m.id, doc({ tipo_id: matterType }));
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.tipo_id).toBeDefined();
    // an update follows the same rules
    const id = data(await add(m.id, doc())).id as number;
    const later = await t.call('PATCH', `/api/matter_documents/${id}`, { token: operador, body: { data: addDays(today, 3) } });
    expect(later.statusCode).toBe(422);
    expect(later.json().errors.data).toEqual(['A data do documento não pode estar no futuro.']);
  });

  it('another company reads nothing and writes nothing (404); a reader without write gets 403', async () => {
    const m = await matter('Dispõe sobre a iluminação pública.');
    const id = data(await add(m.id, doc())).id as number;
    expect((await t.call('GET', `/api/matters/${m.id}/documentos_acessorios`, { token: adminPm })).statusCode).toBe(404);
    expect((await add(m.id, doc(), adminPm)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/matter_documents/${id}`, { token: adminPm })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/matter_documents/${id}`, { token: adminPm, body: { nome: 'x' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/matter_documents/${id}`, { token: adminPm })).statusCode).toBe(404);
    expect((await upload(id, { name: 'a.pdf', type: 'application/pdf', data: TINY_PDF }, adminPm)).statusCode).toBe(404);
    // the other company's own matter cannot be named in a body either (the route's matter wins; a plain create is 422)
    const direct = await t.call('POST', '/api/matter_documents', { token: adminPm, body: { ...doc(), matter_id: m.id } });
    expect([403, 404, 422]).toContain(direct.statusCode);
    // a vereador reads but does not write
    expect((await add(m.id, doc(), vereador)).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/matter_documents/${id}`, { token: vereador, body: { nome: 'x' } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/matter_documents/${id}`, { token: vereador })).statusCode).toBe(403);
    expect((await upload(id, { name: 'a.pdf', type: 'application/pdf', data: TINY_PDF }, vereador)).statusCode).toBe(403);
    // no session: 401
    expect((await t.call('GET', `/api/matters/${m.id}/documentos_acessorios`)).statusCode).toBe(401);
  });

  it('answers bad bodies and bad multipart with 4xx, never 5xx', async () => {
    const m = await matter('Dispõe sobre feiras livres.');
    const id = data(await add(m.id, doc())).id as number;
    const bodies: unknown[] = [[], 'texto', 42, null, { nome: { a: 1 }, tipo_id: 'abc', data: 'ontem' }, { ...doc(), data: '2026-02-30' }, { ...doc(), nome: 'x'.repeat(300) },
      { ...doc(), publico: 'talvez' }, { ...doc(), tipo_id: 2_147_483_648 }];
    for (const body of bodies) {
      const res = await add(m.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    // a file is never taken from a JSON body (only the upload call stores one)
    const smuggled = await add(m.id, { ...doc(), arquivo: { url: '/api/files/x', key: '2/matters/1/texto_original/x.pdf' } });
    expect(smuggled.statusCode).toBe(201);
    expect(data(smuggled).arquivo).toBeNull();
    const broken = await t.app.inject({ method: 'POST', url: `/api/matters/${m.id}/documentos_acessorios`, headers: { authorization: `Bearer ${operador}`, 'content-type': 'application/json' }, payload: '{"nome": ' });
    expect(broken.statusCode).toBe(422);
    const uploads = [
      { type: 'multipart/form-data; boundary=nada', payload: Buffer.from('lixo') },
      { type: 'multipart/form-data', payload: Buffer.from('--x\r\n') },
      multipart({ nome: 'sem arquivo' }),
      { type: 'application/json', payload: Buffer.from('{}') },
    ];
    for (const u of uploads) {
      const res = await t.app.inject({ method: 'POST', url: `/api/matter_documents/${id}/upload`, headers: { authorization: `Bearer ${operador}`, 'content-type': u.type }, payload: u.payload });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect((await t.call('GET', `/api/matter_documents/abc`, { token: operador })).statusCode).toBeLessThan(500);
    expect((await t.call('GET', `/api/matters/abc/documentos_acessorios`, { token: operador })).statusCode).toBeLessThan(500);
  });

  it('the portal lists the public documents with type, name, date, author and file; never a non-public one', async () => {
    const m = await matter('Dispõe sobre a merenda escolar.');
    const pub = data(await add(m.id, doc({ nome: 'Parecer do Conselho de Alimentação Escolar', tipo_id: tipo.parecer, autor: 'Conselho Municipal de Alimentação Escolar', data: start }))).id as number;
    const priv = data(await add(m.id, doc({ nome: 'Certidão interna de protocolo', tipo_id: tipo.certidao, publico: false }))).id as number;
    // without a file nothing is listed yet
    expect(portalText((await t.call('GET', `${PORTAL}/materias/${m.id}`)).body)).not.toContain('Documentos acessórios');
    for (const id of [pub, priv]) expect((await upload(id, { name: `doc-${id}.pdf`, type: 'application/pdf', data: TINY_PDF })).statusCode).toBe(200);
    const page = await t.call('GET', `${PORTAL}/materias/${m.id}`);
    expect(page.statusCode).toBe(200);
    const text = portalText(page.body);
    expect(text).toContain('Documentos acessórios');
    expect(text).toContain('Parecer: Parecer do Conselho de Alimentação Escolar');
    expect(text).toContain('Conselho Municipal de Alimentação Escolar');
    expect(text).toContain(start.split('-').reverse().join('/'));
    expect(text).not.toContain('Certidão interna de protocolo');
    // the file link (signed) serves the PDF to anyone
    const link = /href="(\/api\/files\/[^"]+)"[^>]*>[^<]*Parecer do Conselho/.exec(page.body);
    expect(link, 'link to the document').not.toBeNull();
    const href = link![1].replace(/&amp;/g, '&');
    const file = await t.app.inject({ method: 'GET', url: href });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    // made non-public: gone from the page (the portal's cache follows the table's trigger)
    expect((await t.call('PATCH', `/api/matter_documents/${pub}`, { token: operador, body: { publico: false } })).statusCode).toBe(200);
    const after = portalText((await t.call('GET', `${PORTAL}/materias/${m.id}`)).body);
    expect(after).not.toContain('Parecer do Conselho de Alimentação Escolar');
    expect(after).not.toContain('Documentos acessórios');
  });

  it('the demo: the LDO carries a public ofício (on the portal) and an internal certidão (not)', async () => {
    const list = data(await t.call('GET', '/api/matters?q=Diretrizes&perPage=5', { token: operador })) as { id: number; ementa: string }[];
    const ldo = list.find((m) => m.ementa.includes('Lei de Diretrizes Orçamentárias'))!;
    const rows = await tab(ldo.id);
    expect(rows.map((r) => r.publico).sort()).toEqual([false, true]);
    expect(rows.every((r) => r.arquivo)).toBe(true);
    const text = portalText((await t.call('GET', `${PORTAL}/materias/${ldo.id}`)).body);
    expect(text).toContain('Ofício nº 45/2026');
    expect(text).not.toContain('Certidão de publicação do edital');
  });
});
