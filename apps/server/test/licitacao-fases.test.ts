/**
 * A tender's phases and documents (issue 12, PNTP "licitações com fases e documentos"): every change of situação adds
 * a phase dated by the server and signed by the session's user (never typed); documents are a tender's sub-list with
 * their file, public unless staff unmark it; the portal shows the phases in order and only the public documents. Another
 * entity's tender is 404 and a role without Licitação is 403.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, multipart, portalText, type TestApp, TINY_PDF } from './helpers.ts';

type Row = Record<string, any>;
let t: TestApp;
let pm: string;
let cm: string;
let protocolo: string;
const PM = '/portal/prefeitura-vila-serena';
const year = new Date().getFullYear();

const text = portalText;

beforeAll(async () => {
  t = await makeApp();
  [pm, cm, protocolo] = await Promise.all([t.login('admin.prefeitura@paco.demo'), t.login('admin@paco.demo'), t.login('protocolo@paco.demo')]);
});
afterAll(async () => { await t?.close(); });

async function newTender(situacao = 'planejada'): Promise<Row> {
  const types = (await t.call('GET', '/api/types_of/tenders', { token: pm })).json().data as Row[];
  const res = await t.call('POST', '/api/licitacaos', {
    token: pm, body: { exercicio: year, numero: `T-${Math.random().toString(36).slice(2, 7)}`, modalidade_id: types[0].id, objeto: 'Aquisição de teste de fases.', situacao },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const phasesOf = async (id: number, token = pm) => {
  const res = await t.call('GET', `/api/licitacaos/${id}/fases`, { token });
  return res;
};

describe('fases', () => {
  it('records each change of situação with the server\'s time and the session\'s user, in order, and nothing for other edits', async () => {
    const before = Date.now();
    const l = await newTender();
    await t.call('PUT', `/api/licitacaos/${l.id}`, { token: pm, body: { obs: 'só uma observação' } });
    // a phase typed by the client is not taken: the sub-list has no add, the fields are the server's
    const moved = await t.call('PUT', `/api/licitacaos/${l.id}`, { token: pm, body: { situacao: 'em_andamento', dataPublicacao: `${year}-01-10` } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.call('PUT', `/api/licitacaos/${l.id}`, { token: pm, body: { situacao: 'suspensa' } })).statusCode).toBe(200);
    const res = await phasesOf(l.id);
    expect(res.statusCode, res.body).toBe(200);
    const phases = res.json().data as Row[];
    expect(phases.map((p) => p.situacao)).toEqual(['planejada', 'em_andamento', 'suspensa']);
    const me = (await t.database.db.execute(sql.raw(`select id from users where email = 'admin.prefeitura@paco.demo'`)) as unknown as { rows?: Row[] } & Row[]);
    const myId = (me.rows ?? me)[0]!.id;
    for (const p of phases) {
      expect(Date.parse(p.data)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(p.data)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(p.user_id).toBe(myId);
    }
    expect((await t.call('POST', `/api/licitacaos/${l.id}/fases`, { token: pm, body: { situacao: 'homologada' } })).statusCode).toBe(404);
    // a transition the law does not allow is refused and records nothing
    const bad = await t.call('PUT', `/api/licitacaos/${l.id}`, { token: pm, body: { situacao: 'planejada' } });
    expect(bad.statusCode).toBe(422);
    expect(((await phasesOf(l.id)).json().data as Row[]).length).toBe(3);
  });

  it('keeps another entity\'s tender and a role without Licitação out', async () => {
    const l = await newTender();
    expect((await phasesOf(l.id, cm)).statusCode).toBe(404);
    expect((await phasesOf(l.id, protocolo)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/licitacaos/${l.id}/documentos`, { token: cm, body: { tipo: 'aviso', data: `${year}-02-01` } })).statusCode).toBe(404);
  });
});

describe('documentos', () => {
  it('adds a document with its file; the portal lists the public ones with their type and date, and the phases from the edital on', async () => {
    const l = await newTender();
    await t.call('PUT', `/api/licitacaos/${l.id}`, { token: pm, body: { situacao: 'em_andamento', dataPublicacao: `${year}-01-10` } });
    const add = async (body: Row) => {
      const res = await t.call('POST', `/api/licitacaos/${l.id}/documentos`, { token: pm, body });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as number;
      const form = multipart({}, { name: `${body.tipo}.pdf`, part: 'arquivo', type: 'application/pdf', data: TINY_PDF });
      const up = await t.app.inject({ method: 'POST', url: `/api/licitacao_documentos/${id}/upload`, headers: { authorization: `Bearer ${pm}`, 'content-type': form.type }, payload: form.payload });
      expect(up.statusCode, up.body).toBe(200);
      return id;
    };
    await add({ tipo: 'aviso', data: `${year}-01-11`, descricao: 'Aviso publicado no Diário Oficial' });
    await add({ tipo: 'ata', data: `${year}-01-20`, descricao: 'Ata interna da comissão', publico: false });
    const bad = await t.call('POST', `/api/licitacaos/${l.id}/documentos`, { token: pm, body: { tipo: 'qualquer', data: 'ontem' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['data', 'tipo']);
    const list = (await t.call('GET', `/api/licitacaos/${l.id}/documentos`, { token: pm })).json().data as Row[];
    expect(list.map((d) => d.tipo).sort()).toEqual(['ata', 'aviso']);

    const page = await t.call('GET', `${PM}/licitacoes/${l.id}`);
    expect(page.statusCode).toBe(200);
    const body = text(page.body);
    expect(body).toContain('Aviso: Aviso publicado no Diário Oficial');
    expect(body).not.toContain('Ata interna da comissão');
    // the preparatory phase is not published; the tender's phases from its publication are, with their dates
    expect(body).toContain('Fases Situação atual: Em andamento');
    expect(body).toMatch(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2} Em andamento/);
    expect(body.split('Fases')[1]!.split('Documentos')[0]).not.toContain('Planejada');
    const link = /href="([^"]+)"[^>]*>Aviso: Aviso publicado/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBeTruthy();
    const file = await t.call('GET', link!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
  });

  it('gives the demo tenders a phase history and the merenda tender its public documents', async () => {
    const found = await t.database.db.execute(sql.raw(`select id from licitacaos where numero = '018/${year}'`)) as unknown as { rows?: Row[] } & Row[];
    const [merenda] = found.rows ?? found;
    const body = text((await t.call('GET', `${PM}/licitacoes/${merenda.id}`)).body);
    expect(body).toContain('Edital: Edital do Pregão Eletrônico');
    expect(body).toContain('Resposta a esclarecimento ou impugnação: Resposta ao pedido de esclarecimento');
    expect(body).not.toContain('não publicada');
  });
});
