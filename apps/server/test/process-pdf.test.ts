/**
 * The process PDF (GET /api/processes/:id/pdf, issue 11 "Protocolo"): the clerk gets the process with its cover,
 * movements, finalizations and documents, accents intact; the row scope holds as on show (another company's process
 * and a secret one of a sector the reader never held are 404, with show's message); documents the reader may not see
 * are left out as in the documents list; a process with hundreds of movements prints whole. Demo actors: protocolo@
 * (Protocolo Geral), financas@ (Finanças), admin.prefeitura@, admin@ (Câmara, another company), cultura@ (no protocol).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getMeta } from 'unpdf';
import { movements } from '../src/db/schema.generated.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let protocolo: string;
let financas: string;
let adminPm: string;
let adminCm: string;
let cultura: string;
let sectors: Record<string, number>;
let procedure: { id: number; name: string };
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const FINANCAS = 'Secretaria Municipal de Finanças';

const multipart = (field: string, name: string, mime: string, buf: Buffer) => {
  const boundary = `----paco${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
    buf, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** The PDF's text, whitespace folded (a table cell wraps its lines), and its page count. */
async function pdfText(res: Res): Promise<{ text: string; pages: number }> {
  const { text, totalPages } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

beforeAll(async () => {
  t = await makeApp();
  [protocolo, financas, adminPm, adminCm, cultura] = await Promise.all(
    ['protocolo@paco.demo', 'financas@paco.demo', 'admin.prefeitura@paco.demo', 'admin@paco.demo', 'cultura@paco.demo'].map((e) => t.login(e)),
  );
  const all = data(await t.call('GET', '/api/sectors?perPage=50', { token: adminPm })) as { id: number; name: string }[];
  sectors = Object.fromEntries(all.map((s) => [s.name, s.id]));
  procedure = data(await t.call('GET', '/api/procedures?q=Pagamento', { token: adminPm }))[0];
});
afterAll(async () => { await t?.close(); });

const open = async (body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/processes', { token: protocolo, body: { procedure_id: procedure.id, sector_id: sectors['Protocolo Geral'], object: 'Requerimento de certidão', ...body } });
  expect(res.statusCode).toBe(201);
  return data(res) as { id: number; number: string; date: string };
};
const addDocument = async (processId: number, body: Record<string, unknown>) => {
  const res = await t.call('POST', `/api/processes/${processId}/documents`, { token: protocolo, body });
  expect(res.statusCode).toBe(201);
  return data(res) as { id: number };
};
const pdf = (token: string | undefined, id: number | string) => t.call('GET', `/api/processes/${id}/pdf`, { token });

describe('process PDF', () => {
  it('the clerk gets the cover, the movements, the finalizations and the documents, accents intact', async () => {
    const object = 'Aquisição de ração para os cães do canil municipal — 1º lote, 2ª etapa; emissão de nota de empenho';
    const p = await open({ object, notaFiscal: 'NF 7.781/2026' });
    const person = data(await t.call('GET', '/api/people?q=Conceição', { token: protocolo }))[0] as { id: number; name: string };
    expect(person.name).toBe('Conceição Araújo Gonçalves');
    expect((await t.call('POST', `/api/processes/${p.id}/people`, { token: protocolo, body: { person_id: person.id } })).statusCode).toBe(200);
    const certidao = await addDocument(p.id, { descricao: 'Certidão negativa de débitos — situação regular' });
    const file = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const up = multipart('arquivo', 'certidão-negativa.pdf', 'application/pdf', file);
    expect((await t.call('POST', `/api/process_documents/${certidao.id}/upload`, { token: protocolo, body: up.body, headers: up.headers })).statusCode).toBe(200);
    await addDocument(p.id, { descricao: 'Laudo pericial de saúde', nivelAcesso: 'restrito', baseLegal: 'LGPD, art. 11' });
    const despacho = 'Remessa para análise orçamentária e emissão do empenho nº 45 — atenção à dotação da Saúde.';
    expect((await t.call('POST', `/api/processes/${p.id}/send`, { token: protocolo, body: { destino_id: sectors[FINANCAS], historicoSetor: despacho } })).statusCode).toBe(201);
    expect((await t.call('POST', `/api/processes/${p.id}/accept`, { token: financas })).statusCode).toBe(200);
    const fabio = { name: 'Fábio Finanças' }; // financas@ in the demo data

    const res = await pdf(protocolo, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="processo-${p.number.replace('/', '-')}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(res);
    const [y, m, d] = p.date.split('-');
    for (const s of [
      'Prefeitura', `Processo nº ${p.number}`, `Data ${d}/${m}/${y}`, `Procedimento ${procedure.name}`, 'Interessados Conceição Araújo Gonçalves',
      object, 'Nota fiscal NF 7.781/2026', 'Nível de acesso Público', 'Setor de origem Protocolo Geral', `Setor atual ${FINANCAS}`,
      `Situação Em andamento no setor ${FINANCAS}`,
      `Protocolo Geral → ${FINANCAS}`, `Despacho: ${despacho}`, 'Aceito em', `por ${fabio.name}`,
      'Certidão negativa de débitos — situação regular', 'PDF', 'Arquivo: certidão-negativa.pdf', `SHA-256: ${createHash('sha256').update(file).digest('hex')}`,
      // its own sector's restricted document: listed, with its legal basis
      'Laudo pericial de saúde', 'Restrito — hipótese legal: LGPD, art. 11',
      'Página 1 de 1',
    ]) expect(text).toContain(s);
    expect(text).not.toContain('Finalizações e reaberturas');
    expect(text).not.toContain('RESTRITO'); // a public process carries no marking
    const meta = await getMeta(new Uint8Array(res.rawPayload));
    expect(meta.info).toMatchObject({ Title: `Processo ${p.number}`, Producer: 'Paço' });
    expect(String(meta.info.Author)).toMatch(/Prefeitura/);

    // finalized by Finanças and reopened by the administrator: who, when and why
    expect((await t.call('POST', `/api/processes/${p.id}/finalize`, { token: financas })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/processes/${p.id}/reopen`, { token: adminPm, body: { motivo: 'Empenho cancelado; refazer a análise.' } })).statusCode).toBe(200);
    const after = (await pdfText(await pdf(financas, p.id))).text;
    expect(after).toContain('Finalizações e reaberturas');
    expect(after).toMatch(new RegExp(`Finalizado por ${fabio.name}|Finalizado ${fabio.name}`));
    expect(after).toContain('Reaberto');
    expect(after).toContain('Empenho cancelado; refazer a análise.');
  });

  it('leaves out the documents the reader may not see, as the documents list does', async () => {
    const p = await open({ object: 'Solicitação de férias' });
    await addDocument(p.id, { descricao: 'Requerimento de férias' });
    await addDocument(p.id, { descricao: 'Atestado médico do servidor', nivelAcesso: 'sigiloso', baseLegal: 'LAI, art. 31' });
    // Finanças never held this public process: it reads it, not its secret document
    const listed = data(await t.call('GET', `/api/processes/${p.id}/documents`, { token: financas })) as { descricao: string }[];
    expect(listed.map((x) => x.descricao)).toEqual(['Requerimento de férias']);
    const res = await pdf(financas, p.id);
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res);
    expect(text).toContain('Requerimento de férias');
    expect(text).not.toContain('Atestado médico');
    expect(text).toContain('O processo ainda não foi movimentado.');
    expect((await pdfText(await pdf(protocolo, p.id))).text).toContain('Atestado médico do servidor');
  });

  it('is a 404 where show is (another company, a secret process of another sector), 401 without a session, 403 without the role', async () => {
    const p = await open({ object: 'Sindicância administrativa', nivelAcesso: 'sigiloso', baseLegal: 'Lei 8.112/1990, art. 150' });
    const shown = await t.call('GET', `/api/processes/${p.id}`, { token: financas });
    expect(shown.statusCode).toBe(404);
    const refused = await pdf(financas, p.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json().message).toBe(shown.json().message);
    expect((await pdf(adminCm, p.id)).statusCode).toBe(404);
    expect((await pdf(undefined, p.id)).statusCode).toBe(401);
    expect((await pdf(cultura, p.id)).statusCode).toBe(403);
    expect((await pdf(protocolo, 'abc')).statusCode).toBe(404);
    expect((await pdf(protocolo, 999999)).statusCode).toBe(404);
    // the opening sector and the administrator read it, with its legal basis on the cover
    const admin = await pdf(adminPm, p.id);
    expect(admin.statusCode).toBe(200);
    const secret = (await pdfText(admin)).text;
    expect(secret).toContain('Nível de acesso Sigiloso — hipótese legal: Lei 8.112/1990, art. 150');
    expect(secret).toContain('SIGILOSO');
    expect((await pdf(protocolo, p.id)).statusCode).toBe(200);
  });

  it('prints a process with hundreds of movements, every one, on numbered pages', async () => {
    const p = await open({ object: 'Processo de longa tramitação' });
    const a = sectors['Protocolo Geral'];
    const b = sectors[FINANCAS];
    const start = Date.parse('2026-01-05T12:00:00Z');
    const companyId = data(await t.call('GET', `/api/processes/${p.id}`, { token: protocolo })).company_id as number;
    await t.database.db.insert(movements).values(Array.from({ length: 350 }, (_, i) => ({
      company_id: companyId, process_id: p.id, sequence: i + 1, origem_id: i % 2 ? b : a, destino_id: i % 2 ? a : b,
      historicoSetor: `Despacho da etapa ${i + 1}: conferência de documentação e cálculo.`, entrada: new Date(start + i * 3600_000).toISOString(),
      dataHoraAceito: new Date(start + i * 3600_000 + 600_000).toISOString(), transferida: i < 349,
    })));
    const res = await pdf(adminPm, p.id);
    expect(res.statusCode).toBe(200);
    const { text, pages } = await pdfText(res);
    expect(pages).toBeGreaterThan(8);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    for (const n of [1, 175, 350]) expect(text).toContain(`Despacho da etapa ${n}: conferência de documentação e cálculo.`);
    expect(text.indexOf('etapa 349:')).toBeLessThan(text.indexOf('etapa 350:'));
  });

  it('is declared: OpenAPI names the PDF answer; the record offers it to who may read it', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    const op = doc.paths['/api/processes/{id}/pdf']?.get;
    expect(op.responses['200'].content['application/pdf']).toBeTruthy();
    const p = await open();
    expect(data(await t.call('GET', `/api/processes/${p.id}`, { token: financas }))._actions.pdf).toEqual({ allowed: true });
  });
});
