/**
 * Legislative matters area: matters (numbering, deadlines, full-text search, sub-lists), matter applications and
 * solicitations, authors, subjects, tramitation, reports, propositions, norms, audiences, commissions and their
 * compositions and meetings, plenary sessions (record keeping) and plenary matters, presences, speakers.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadline } from '../src/modules/materias/deadline.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string; // Câmara admin
let adminPm: string; // Prefeitura admin (another company)
let vereador: string; // cm_parlamentar
let protocolo: string; // Prefeitura protocolo: no legislative role
let operador: string; // cm_admin + cm_operador_sessao
const typeIds: Record<string, Record<string, number>> = {};
let parl: number[] = [];

const get = async (url: string, token = admin) => (await t.call('GET', url, { token })).json();
const ty = (cat: string, slug: string): number => typeIds[cat][slug];

beforeAll(async () => {
  t = await makeApp();
  [admin, adminPm, vereador, protocolo, operador] = await Promise.all(
    ['admin@paco.demo', 'admin.prefeitura@paco.demo', 'vereador@paco.demo', 'protocolo@paco.demo', 'operador@paco.demo'].map((e) => t.login(e)),
  );
  for (const cat of ['matters', 'tramitation_status', 'turno', 'votation', 'presences', 'speakers', 'sessions', 'commissions', 'cargos_comissao', 'authors', 'subjects', 'norms', 'propositions', 'regime_tramitacao', 'motivo_fim_relatoria']) {
    typeIds[cat] = Object.fromEntries((await get(`/api/types_of/${cat}`)).data.map((x: { slug: string; id: number }) => [x.slug, x.id]));
  }
  parl = (await get('/api/parliamentaries?perPage=20&sort=id')).data.map((p: { id: number }) => p.id);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('demo data', () => {
  it('seeds matters of 2026, commissions, norms and a plenary session for today', async () => {
    const ms = await get('/api/matters?perPage=100');
    expect(ms.meta.total).toBeGreaterThanOrEqual(20);
    expect(ms.data.map((m: { identificacao: string }) => m.identificacao)).toEqual(expect.arrayContaining(['PL 1/2026', 'REQ 1/2026', 'IND 1/2026', 'MOÇ 1/2026']));
    expect((await get('/api/commissions')).meta.total).toBe(4);
    expect((await get('/api/norms')).meta.total).toBeGreaterThanOrEqual(4);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const sessions = await get(`/api/plenary_sessions?sort=-abertura`);
    const s = sessions.data.find((x: { abertura: string }) => x.abertura === today);
    expect(s.titulo).toMatch(/38ª Sessão Ordinária de \d{2}\/\d{2}\/\d{4}/);
    expect((await get(`/api/plenary_sessions/${s.id}/expediente`)).data.length).toBeGreaterThan(0);
    expect((await get(`/api/plenary_sessions/${s.id}/ordem_dia`)).data.length).toBeGreaterThan(0);
    expect(parl.length).toBeGreaterThanOrEqual(3);
  });
});

describe('matters', () => {
  let id: number;
  it('creates with the next number of its type and year, computing identification and deadline', async () => {
    const bad = await t.call('POST', '/api/matters', { token: admin, body: { ementa: '', dataApresentacao: '2026-02-30', numero: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      type_id: ['O campo Tipo é obrigatório.'], ementa: ['O campo Ementa é obrigatório.'], dataApresentacao: ['Data inválida.'],
    });
    const before = (await get(`/api/matters?type_id=${ty('matters', 'pdl')}&ano=2026`)).meta.total;
    expect(before).toBe(0);
    // 2026-11-13 (Friday) + 10 days = 2026-11-23 (Monday): a working day
    const res = await t.call('POST', '/api/matters', {
      token: admin,
      body: { type_id: ty('matters', 'pdl'), dataApresentacao: '2026-11-13', ementa: 'Concede o Título de Cidadão Honorário de Vila Serena ao Senhor Informação Teste.', diasPrazo: 10, company_id: 2 },
    });
    expect(res.statusCode).toBe(201);
    const m = res.json().data;
    id = m.id;
    expect(m).toMatchObject({ numero: 1, ano: 2026, identificacao: 'PDL 1/2026', fimPrazo: '2026-11-23', company_id: 1, emTramitacao: true, authors: [] });
    expect(m.matter_type).toMatchObject({ slug: 'pdl' });
    expect(m.type).toMatchObject({ id: ty('matters', 'pdl') });
  });

  it('never gives the same number to parallel creates; refuses a duplicate explicit number', async () => {
    const body = { type_id: ty('matters', 'pdl'), dataApresentacao: '2026-11-16', ementa: 'Aprova as contas do Executivo.' };
    const results = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/matters', { token: admin, body })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(results.map((r) => r.json().data.numero).sort()).toEqual([2, 3, 4]);
    const dup = await t.call('POST', '/api/matters', { token: admin, body: { ...body, numero: 3 } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.numero[0]).toBe('Já existe PDL nº 3/2026.');
    const jump = await t.call('POST', '/api/matters', { token: admin, body: { ...body, numero: 10 } });
    expect(jump.json().data.identificacao).toBe('PDL 10/2026');
    const next = await t.call('POST', '/api/matters', { token: admin, body });
    expect(next.json().data.numero).toBe(11);
    const otherYear = await t.call('POST', '/api/matters', { token: admin, body: { ...body, dataApresentacao: '2025-12-01' } });
    expect(otherYear.json().data).toMatchObject({ numero: 1, ano: 2025 });
    // one number typed by three people at once: one is kept, the others are told under "Número" (the module's check
    // or, for a create that passed it at the same moment, the unique index on the hidden key)
    const same = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/matters', { token: admin, body: { ...body, numero: 30, dataApresentacao: '2024-03-01' } })));
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const r of same.filter((x) => x.statusCode === 422)) expect(r.json().errors).toEqual({ numero: [expect.stringMatching(/^Já existe (PDL nº 30\/2024|uma matéria deste tipo com este número e ano)\.$/)] });
    // the other company numbers on its own
    const pm = await t.call('POST', '/api/matters', { token: adminPm, body });
    expect(pm.json().data.numero).toBe(1);
  });

  it('finds by Portuguese full text, accents and plural ignored; filters, sorts and paginates', async () => {
    for (const q of ['informacao', 'Informações', 'INFORMACOES']) {
      const r = await get(`/api/matters?search=${encodeURIComponent(q)}`);
      expect(r.data.map((m: { id: number }) => m.id)).toContain(id);
      expect(r.data.some((m: { ementa: string }) => /informaç/i.test(m.ementa))).toBe(true);
    }
    const q = await get('/api/matters?q=hortas%20comunitarias');
    expect(q.data.map((m: { identificacao: string }) => m.identificacao)).toEqual(['PL 1/2026']);
    const pl = await get(`/api/matters?type_id=${ty('matters', 'pl')}&sort=dataApresentacao&perPage=2&page=2`);
    expect(pl.meta).toMatchObject({ page: 2, perPage: 2 });
    expect(pl.data[0].dataApresentacao <= pl.data[1].dataApresentacao).toBe(true);
    expect((await get('/api/matters?emTramitacao=false')).data.every((m: { emTramitacao: boolean }) => !m.emTramitacao)).toBe(true);
  });

  it('shows, updates (PUT and POST ?_method=PUT), renumbers on type change, and refuses other companies and roles', async () => {
    expect((await get(`/api/matters/${id}`)).data.identificacao).toBe('PDL 1/2026');
    const up = await t.call('PUT', `/api/matters/${id}`, { token: admin, body: { apelido: 'Cidadania honorária', polemica: true } });
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ apelido: 'Cidadania honorária', polemica: true, identificacao: 'PDL 1/2026' });
    const form = await t.call('POST', `/api/matters/${id}?_method=PUT`, { token: admin, body: { type_id: ty('matters', 'pr') } });
    expect(form.json().data.identificacao).toBe('PR 1/2026');
    expect((await t.call('PUT', `/api/matters/${id}`, { token: admin, body: { ementa: '' } })).json().errors.ementa).toEqual(['O campo Ementa é obrigatório.']);
    expect((await t.call('GET', `/api/matters/${id}`, { token: adminPm })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/matters/${id}`, { token: adminPm, body: { apelido: 'x' } })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/matters', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/matters')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/matters', { token: vereador, body: {} })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/matters', { token: vereador })).statusCode).toBe(200);
  });

  it('links subjects and authors, removes an author, keeps tramitations and reports', async () => {
    const author = (await t.call('POST', '/api/authors', { token: admin, body: { name: 'Comissão de Legislação', type_id: ty('authors', 'comissao'), cargo: 'Comissão permanente' } })).json().data;
    const subject = (await t.call('POST', '/api/subjects', { token: admin, body: { assunto: 'Títulos honoríficos', type_id: ty('subjects', 'homenagem') } })).json().data;
    const addS = await t.call('POST', `/api/matters/${id}/add_subject`, { token: admin, body: { subject_id: subject.id } });
    expect(addS.statusCode).toBe(200);
    expect((await get(`/api/matters/${id}/subjects`)).data.map((s: { assunto: string }) => s.assunto)).toEqual(['Títulos honoríficos']);
    expect((await t.call('POST', `/api/matters/${id}/add_author`, { token: admin, body: { author_id: author.id } })).statusCode).toBe(200);
    expect((await get(`/api/matters/${id}/authors`)).data.map((a: { name: string }) => a.name)).toEqual(['Comissão de Legislação']);
    expect((await get(`/api/matters/${id}`)).data.authors).toEqual([{ id: author.id, name: 'Comissão de Legislação', cargo: 'Comissão permanente', parliamentary_id: null }]);
    // the authors travel with the record in every answer: list, update (read in the row's statement or after a write)
    const listed = (await get(`/api/matters?perPage=100&type_id=${ty('matters', 'pr')}`)).data.find((m: { id: number }) => m.id === id);
    expect(listed.authors).toEqual([{ id: author.id, name: 'Comissão de Legislação', cargo: 'Comissão permanente', parliamentary_id: null }]);
    const updated = (await t.call('PUT', `/api/matters/${id}`, { token: admin, body: { polemica: true } })).json().data;
    expect(updated.authors).toMatchObject([{ id: author.id }]);
    const otherAuthor = (await t.call('POST', '/api/authors', { token: adminPm, body: { name: 'Alheio', type_id: ty('authors', 'executivo') } })).json().data;
    expect((await t.call('POST', `/api/matters/${id}/add_author`, { token: admin, body: { author_id: otherAuthor.id } })).statusCode).toBe(422);
    const rm = await t.call('POST', `/api/matters/${id}/remove_author/${author.id}`, { token: admin });
    expect(rm.statusCode).toBe(200);
    expect((await get(`/api/matters/${id}/authors`)).data).toEqual([]);
    expect((await get(`/api/matters/${id}`)).data.authors).toEqual([]);

    const tr = await t.call('POST', `/api/matters/${id}/tramitations`, { token: admin, body: { data: '2026-11-13', status_id: ty('tramitation_status', 'em_comissao'), diasPrazo: 15, urgente: true, acao: 'À CLJR.' } });
    expect(tr.statusCode).toBe(201);
    // 13/11 + 15 = 28/11 (Saturday) → 30/11 (Monday)
    expect(tr.json().data).toMatchObject({ matter_id: id, fimPrazo: '2026-11-30', urgente: true });
    expect((await get(`/api/matters/${id}/tramitations`)).data).toHaveLength(1);
    const rep = await t.call('POST', `/api/matters/${id}/add_reports`, { token: admin, body: { parliamentary_id: parl[0], designacao: '2026-11-14' } });
    expect(rep.statusCode).toBe(201);
    expect((await get(`/api/matters/${id}/reports`)).data.map((r: { parliamentary_id: number }) => r.parliamentary_id)).toEqual([parl[0]]);
    expect((await t.call('GET', `/api/matters/${id}/tramitations`, { token: adminPm })).statusCode).toBe(404);
  });

  it('deletes (cascading its tramitation), 404 afterwards', async () => {
    const m = (await t.call('POST', '/api/matters', { token: admin, body: { type_id: ty('matters', 'req'), dataApresentacao: '2026-11-18', ementa: 'Requer providências.' } })).json().data;
    await t.call('POST', `/api/matters/${m.id}/tramitations`, { token: admin, body: { data: '2026-11-18', status_id: ty('tramitation_status', 'protocolada') } });
    expect((await t.call('DELETE', `/api/matters/${m.id}`, { token: adminPm })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/matters/${m.id}`, { token: admin })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/matters/${m.id}`, { token: admin })).statusCode).toBe(404);
  });
});

describe('full-text search pages', () => {
  it('pages a rare term in the list order, with its exact total, and answers a term without matches', async () => {
    const made: number[] = [];
    for (let i = 0; i < 17; i++) {
      const res = await t.call('POST', '/api/matters', { token: admin, body: { type_id: ty('matters', 'ind'), dataApresentacao: `2025-03-${String(i + 1).padStart(2, '0')}`, ementa: `Indica oficina de xilogravura número ${i + 1}.` } });
      expect(res.statusCode).toBe(201);
      made.push(res.json().data.id);
    }
    const p1 = await get('/api/matters?search=xilogravuras&sort=-dataApresentacao');
    expect(p1.meta.total).toBe(17);
    expect(p1.data.map((m: { id: number }) => m.id)).toEqual(made.slice(2).reverse());
    const p2 = await get('/api/matters?search=Xilogravura&sort=-dataApresentacao&page=2');
    expect(p2.meta).toMatchObject({ page: 2, total: 17 });
    expect(p2.data.map((m: { id: number }) => m.id)).toEqual([made[1], made[0]]);
    expect((await get('/api/matters?search=xilogravura&page=3')).data).toEqual([]);
    const none = await get('/api/matters?search=paralelepipedo');
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('found by identification as written', () => {
  it('finds a matter by "PL 7/2026", "7/2026" and words of its ementa', async () => {
    const m = (await t.call('POST', '/api/matters', { token: admin, body: { type_id: ty('matters', 'ind'), dataApresentacao: '2025-05-05', ementa: 'Indica poda de árvores na Rua das Acácias.' } })).json().data as { id: number; identificacao: string };
    for (const q of [m.identificacao, m.identificacao.split(' ')[1], m.identificacao.toLowerCase(), 'acacias poda']) {
      const found = await get(`/api/matters?search=${encodeURIComponent(q)}&perPage=100`);
      expect(found.data.map((x: { id: number }) => x.id), q).toContain(m.id);
    }
    // another number of the same year is not it
    const [num, year] = m.identificacao.split(' ')[1].split('/');
    const other = await get(`/api/matters?search=${encodeURIComponent(`${Number(num) + 1000}/${year}`)}`);
    expect(other.data.map((x: { id: number }) => x.id)).not.toContain(m.id);
  });
});

describe('reads that arrive together', () => {
  /** statements sent to the database while fn runs (every path: pool and PGlite) */
  async function statementsDuring(fn: () => Promise<void>, reading: RegExp): Promise<number> {
    let n = 0;
    const d = t.database;
    const target = (d.pool ? pg.Client.prototype : d.pglite!) as unknown as { query: (...a: unknown[]) => unknown };
    const orig = target.query;
    target.query = function (this: unknown, ...a: unknown[]) {
      const first = a[0] as string | { text?: string } | undefined;
      if (reading.test(typeof first === 'string' ? first : first?.text ?? '')) n++;
      return orig.apply(this, a);
    };
    try { await fn(); } finally { target.query = orig; }
    return n;
  }

  it('each get their own record, in one statement, and a record read twice is two copies', async () => {
    const ids = (await get('/api/matters?perPage=20&sort=id')).data.map((m: { id: number }) => m.id) as number[];
    expect(ids.length).toBeGreaterThanOrEqual(20);
    const one = async (id: number) => (await get(`/api/matters/${id}`)).data;
    const alone = await Promise.all(ids.map(async (id) => one(id)));
    const asked = [...ids, ids[0], ids[1], 999_999];
    let together: { statusCode: number; json: () => any }[] = [];
    // only the finds of the matters themselves: what a show adds around them (its actions' setups) is read once per turn too,
    // but how many turns a burst takes depends on the machine's load
    const n = await statementsDuring(async () => { together = await Promise.all(asked.map((id) => t.call('GET', `/api/matters/${id}`, { token: admin }))); }, /^select .* from "matters"/s);
    expect(together.slice(0, ids.length).map((r) => r.json().data)).toEqual(alone);
    expect(together[ids.length].json().data).toEqual(alone[0]);
    expect(together.at(-1)!.statusCode).toBe(404);
    // 23 finds of one shape gathered into a statement per turn (a loaded machine may take a few turns, never one per request)
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThan(asked.length / 4);
  });

  it('of two companies never mix, even when they ask the same page', async () => {
    const [camara, prefeitura] = await Promise.all([admin, adminPm].map(async (token) => get('/api/authors?perPage=100', token)));
    expect(camara.data.length).toBeGreaterThan(0);
    expect(new Set(camara.data.map((a: { company_id: number }) => a.company_id))).toEqual(new Set([1]));
    expect(prefeitura.data.every((a: { company_id: number }) => a.company_id !== 1)).toBe(true);
    const [c2, p2] = await Promise.all([admin, adminPm].map(async (token) => get('/api/authors?perPage=100', token)));
    expect(c2).toEqual(camara);
    expect(p2).toEqual(prefeitura);
  });

  it('see a write made just before them', async () => {
    const m = (await get('/api/matters?perPage=1&sort=id')).data[0];
    const reads = Promise.all([1, 2, 3].map(() => get(`/api/matters/${m.id}`)));
    const put = await t.call('PUT', `/api/matters/${m.id}`, { token: admin, body: { obs: 'Lida junto com outras.' } });
    expect(put.statusCode).toBe(200);
    await reads;
    const after = await Promise.all([1, 2, 3].map(() => get(`/api/matters/${m.id}`)));
    for (const a of after) expect(a.data.obs).toBe('Lida junto com outras.');
  });
});

describe('deadlines', () => {
  it('excludes the start day and rolls to the next working day (weekends, national and company holidays)', () => {
    const none = { dates: new Set<string>(), yearly: new Set<string>() };
    expect(deadline('2026-11-16', 4, none)).toBe('2026-11-23'); // Friday 20/11 is Consciência Negra → Monday 23
    expect(deadline('2026-11-16', 2, none)).toBe('2026-11-18');
    expect(deadline('2026-03-31', 3, none)).toBe('2026-04-06'); // Friday 03/04 is Sexta-feira Santa, then the weekend
    expect(deadline('2026-08-10', 5, { dates: new Set(), yearly: new Set(['08-15']) })).toBe('2026-08-17'); // Saturday anyway
    expect(deadline('2026-08-12', 2, { dates: new Set(['2026-08-14']), yearly: new Set() })).toBe('2026-08-17');
  });

  it('uses the company\'s holidays in the API', async () => {
    const h = await t.call('POST', '/api/holidays', { token: admin, body: { data: '2026-12-07', descricao: 'Ponto facultativo' } });
    expect(h.statusCode).toBe(201);
    const m = await t.call('POST', '/api/matters', { token: admin, body: { type_id: ty('matters', 'ind'), dataApresentacao: '2026-12-02', diasPrazo: 5, ementa: 'Indica poda de árvores.' } });
    expect(m.json().data.fimPrazo).toBe('2026-12-08'); // 07/12 (Monday) is the company's holiday
    const pm = await t.call('POST', '/api/matters', { token: adminPm, body: { type_id: ty('matters', 'ind'), dataApresentacao: '2026-12-02', diasPrazo: 5, ementa: 'Indica poda de árvores.' } });
    expect(pm.json().data.fimPrazo).toBe('2026-12-07');
    expect((await t.call('POST', '/api/holidays', { token: admin, body: { data: 'ontem' } })).json().errors).toMatchObject({ data: [expect.stringMatching(/Data inválida/)], descricao: ['O campo Descrição é obrigatório.'] });
  });
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const multipart = (field: string, name: string, mime: string, data: Buffer) => {
  const boundary = '----paco' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

interface Case {
  path: string;
  create: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  invalid: Record<string, unknown>;
  errors: Record<string, string[]>;
  update: Record<string, unknown>;
  search?: [string, string];
  upload?: string;
}

const sessionBody = (numero: number, abertura = '2026-11-03') => ({ numero, type_id: ty('sessions', 'ordinaria'), abertura, horarioInicio: '18:00' });
let fixtures: { matter: number; commission: number; composition: number; period: number; session: number } = { matter: 0, commission: 0, composition: 0, period: 0, session: 0 };

/** evaluated inside the tests (type ids and fixtures are known only then) */
const CASES = (): Case[] => [
  { path: 'authors', create: () => ({ name: 'Autor de Teste', type_id: ty('authors', 'popular'), cargo: 'Cidadão' }), invalid: { type_id: 'abc' }, errors: { name: ['O campo Nome é obrigatório.'], type_id: ['O campo Tipo de autor é inválido.'] }, update: { cargo: 'Representante' }, search: ['autor de teste', 'Autor de Teste'] },
  { path: 'subjects', create: () => ({ assunto: 'Segurança pública', type_id: ty('subjects', 'obras') }), invalid: { obs: 'x' }, errors: { assunto: ['O campo Assunto é obrigatório.'] }, update: { obs: 'Guarda municipal' }, search: ['seguranca', 'Segurança pública'] },
  { path: 'holidays', create: () => ({ data: '2026-10-28', descricao: 'Dia do Servidor Público' }), invalid: { data: '28/10/2026', descricao: 'x' }, errors: { data: ['Data inválida.'] }, update: { recorrente: true }, search: ['servidor', 'Dia do Servidor Público'] },
  { path: 'tramitations', create: () => ({ matter_id: fixtures.matter, data: '2026-11-02', status_id: ty('tramitation_status', 'em_comissao'), turno_id: ty('turno', 'unico'), commission_id: fixtures.commission, diasPrazo: 0 }), invalid: { matter_id: 999999, data: '2026-11-02', status_id: ty('tramitation_status', 'protocolada') }, errors: { matter_id: ['Matéria: registro não encontrado.'] }, update: { acao: 'Redistribuída à CFOTC.' }, search: ['redistribuida', 'Redistribuída à CFOTC.'], upload: 'anexo' },
  { path: 'reports', create: () => ({ matter_id: fixtures.matter, parliamentary_id: parl[1], commission_id: fixtures.commission, composition_id: fixtures.composition, designacao: '2026-11-03' }), invalid: { matter_id: fixtures.matter, designacao: '2026-11-03', destituicao: '2026-11-01', parliamentary_id: parl[1] }, errors: { destituicao: ['A destituição não pode ser anterior à designação.'] }, update: { destituicao: '2026-11-10', motivo_fim_id: ty('motivo_fim_relatoria', 'parecer_emitido') } },
  { path: 'propositions', create: () => ({ type_id: ty('propositions', 'substitutivo'), numero: 9, ano: 2026, ementa: 'Substitutivo que amplia as informações obrigatórias.', matter_id: fixtures.matter }), invalid: { numero: -1, ementa: ' ' }, errors: { type_id: ['O campo Tipo de proposição é obrigatório.'], numero: ['O campo Número deve ser no mínimo 1.'], ementa: ['O campo Ementa é obrigatório.'] }, update: { obs: 'Protocolado.' }, search: ['informacao', 'Substitutivo que amplia as informações obrigatórias.'], upload: 'textoOriginal' },
  { path: 'norms', create: () => ({ type_id: ty('norms', 'decreto_legislativo'), numero: '77', ano: 2026, data: '2026-11-05', ementa: 'Aprova o acesso à informação legislativa.', indexacao: 'informações, transparência' }), invalid: { ano: 'dois mil', esfera: 'galáctica' }, errors: { ano: ['O campo Ano é inválido.'], esfera: ['Escolha uma opção válida.'] }, update: { dataPublicacao: '2026-11-06' }, search: ['INFORMACOES legislativa', 'Aprova o acesso à informação legislativa.'], upload: 'textoIntegral' },
  { path: 'audiences', create: () => ({ nome: 'Audiência sobre o Plano Diretor', data: '2026-11-26', horaInicio: '19:00', horaFim: '21:00', tipo_materia_id: ty('matters', 'pl') }), invalid: { nome: 'A', data: '2026-11-26', horaInicio: '19:00', horaFim: '18:00' }, errors: { horaFim: ['O término não pode ser anterior ao início.'] }, update: { cancelada: true }, search: ['plano diretor', 'Audiência sobre o Plano Diretor'], upload: 'audience_ata' },
  { path: 'commissions', create: () => ({ nome: 'Comissão Especial do Plano Diretor', sigla: 'CEPD', type_id: ty('commissions', 'especial'), criacao: '2026-03-01' }), invalid: { nome: 'X', sigla: 'CLJR', type_id: ty('commissions', 'especial'), criacao: '2026-03-01' }, errors: { sigla: ['Já existe uma comissão com o mesmo valor em “Sigla”.'] }, update: { extincao: '2026-12-31' }, search: ['cepd', 'Comissão Especial do Plano Diretor'], upload: 'anexo' },
  { path: 'composition_periods', create: () => ({ inicio: '2027-02-01', fim: '2028-12-31' }), invalid: { inicio: '2027-02-01', fim: '2026-01-01' }, errors: { fim: ['O fim não pode ser anterior ao início.'] }, update: { obs: 'Segundo biênio' }, search: ['01/02/2027', '01/02/2027 a 31/12/2028'] },
  { path: 'compositions', create: () => ({ comission_id: fixtures.commission, composition_period_id: fixtures.period }), invalid: { comission_id: 'x' }, errors: { comission_id: ['O campo Comissão é inválido.'], composition_period_id: ['O campo Período é obrigatório.'] }, update: { obs: 'Recomposta' } },
  { path: 'participants', create: () => ({ composition_id: fixtures.composition, parliamentary_id: parl[4], cargo_id: ty('cargos_comissao', 'membro'), designacao: '2026-03-01' }), invalid: { composition_id: fixtures.composition }, errors: { parliamentary_id: ['O campo Parlamentar é obrigatório.'], cargo_id: ['O campo Cargo é obrigatório.'] }, update: { titular: false, desligamento: '2026-06-01', motivo: 'Licença' } },
  { path: 'meetings', create: () => ({ nome: 'Reunião extraordinária', data: '2026-11-19', commission_id: fixtures.commission, urlVideo: 'https://video.vilaserena.mg.leg.br/r1' }), invalid: { nome: 'R', data: '2026-11-19', urlVideo: 'nada' }, errors: { urlVideo: ['Informe um endereço válido.'] }, update: { local: 'Plenarinho' }, search: ['extraordinaria', 'Reunião extraordinária'] },
  { path: 'plenary_sessions', create: () => sessionBody(40), invalid: { numero: 0, abertura: '2026-11-03', horarioInicio: '25:00' }, errors: { numero: ['O campo Número deve ser no mínimo 1.'], horarioInicio: ['Horário inválido (use hh:mm).'], type_id: ['O campo Tipo de sessão é obrigatório.'] }, update: { ocorrencias: 'Sem ocorrências.', linkMidia: 'https://camara.example/sessao-40' }, search: ['40ª sessao', '40ª Sessão Ordinária de 03/11/2026'], upload: 'ata' },
  { path: 'presences', create: () => ({ plenary_session_id: fixtures.session, type_id: ty('presences', 'abertura'), parliamentary_id: parl[5] }), invalid: { plenary_session_id: fixtures.session, type_id: ty('matters', 'pl'), parliamentary_id: parl[5] }, errors: { type_id: ['Fase: registro não encontrado.'] }, update: { obs: 'Chegou às 18h20' } },
  { path: 'speakers', create: () => ({ plenary_session_id: fixtures.session, type_id: ty('speakers', 'expediente'), parliamentary_id: parl[2], ordem: 1 }), invalid: { ordem: 0 }, errors: { plenary_session_id: ['O campo Sessão plenária é obrigatório.'], ordem: ['O campo Ordem deve ser no mínimo 1.'] }, update: { ordem: 2 }, upload: 'discurso' },
];

describe('CRUD of every resource of the area', () => {
  beforeAll(async () => {
    const m = (await t.call('POST', '/api/matters', { token: admin, body: { type_id: ty('matters', 'pl'), dataApresentacao: '2026-11-02', ementa: 'Dispõe sobre o Plano Diretor.' } })).json().data;
    const c = (await get('/api/commissions?q=CLJR')).data[0];
    const comp = (await get(`/api/commissions/${c.id}/get_compositions`)).data[0];
    const period = (await get('/api/composition_periods')).data[0];
    const s = (await t.call('POST', '/api/plenary_sessions', { token: admin, body: sessionBody(39) })).json().data;
    fixtures = { matter: m.id, commission: c.id, composition: comp.id, period: period.id, session: s.id };
  });

  const PATHS = ['authors', 'subjects', 'holidays', 'tramitations', 'reports', 'propositions', 'norms', 'audiences', 'commissions', 'composition_periods', 'compositions', 'participants', 'meetings', 'plenary_sessions', 'presences', 'speakers'];
  for (const path of PATHS) {
    it(`${path}: create, 422, list/search, show, update, upload, tenant, roles, delete`, async () => {
      const c = CASES().find((x) => x.path === path)!;
      const body = await c.create();
      const created = await t.call('POST', `/api/${c.path}`, { token: admin, body });
      expect(created.statusCode, created.body).toBe(201);
      const rec = created.json().data;
      expect(rec.company_id).toBe(1);
      const bad = await t.call('POST', `/api/${c.path}`, { token: admin, body: c.invalid });
      expect(bad.statusCode, bad.body).toBe(422);
      expect(bad.json().errors).toMatchObject(c.errors);
      const listed = await get(`/api/${c.path}?perPage=100&sort=-id`);
      expect(listed.meta).toMatchObject({ page: 1, perPage: 100 });
      expect(listed.data[0].id).toBe(rec.id);
      expect((await get(`/api/${c.path}/${rec.id}`)).data.id).toBe(rec.id);
      const up = await t.call('PUT', `/api/${c.path}/${rec.id}`, { token: admin, body: c.update });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().data).toMatchObject(c.update);
      const form = await t.call('POST', `/api/${c.path}/${rec.id}?_method=PUT`, { token: admin, body: c.update });
      expect(form.statusCode).toBe(200);
      if (c.search) {
        const found = await get(`/api/${c.path}?q=${encodeURIComponent(c.search[0])}`);
        expect(JSON.stringify(found.data)).toContain(c.search[1]);
      }
      if (c.upload) {
        const mp = multipart(c.upload, 'documento.pdf', 'application/pdf', pdf);
        const upl = await t.app.inject({ method: 'POST', url: `/api/${c.path}/${rec.id}/upload`, headers: { ...mp.headers, authorization: `Bearer ${admin}` }, payload: mp.body });
        expect(upl.statusCode, upl.body).toBe(200);
        expect(upl.json().data[c.upload]).toMatchObject({ mime: 'application/pdf', name: 'documento.pdf' });
        const fake = multipart(c.upload, 'virus.pdf', 'application/pdf', Buffer.from('MZ not a pdf'));
        expect((await t.app.inject({ method: 'POST', url: `/api/${c.path}/${rec.id}/upload`, headers: { ...fake.headers, authorization: `Bearer ${admin}` }, payload: fake.body })).statusCode).toBe(422);
      }
      expect((await t.call('GET', `/api/${c.path}/${rec.id}`, { token: adminPm })).statusCode).toBe(404);
      expect((await t.call('PUT', `/api/${c.path}/${rec.id}`, { token: adminPm, body: c.update })).statusCode).toBe(404);
      expect((await t.call('DELETE', `/api/${c.path}/${rec.id}`, { token: adminPm })).statusCode).toBe(404);
      // the holiday calendar is kept by every Configurações role (protocolo included): see calendar-dates.test.ts
      expect((await t.call('GET', `/api/${c.path}`, { token: protocolo })).statusCode).toBe(c.path === 'holidays' ? 200 : 403);
      expect((await t.call('POST', `/api/${c.path}`, { token: vereador, body })).statusCode).toBe(403);
      expect((await t.call('GET', `/api/${c.path}/${rec.id}`)).statusCode).toBe(401);
      const del = await t.call('DELETE', `/api/${c.path}/${rec.id}`, { token: admin });
      expect(del.statusCode, del.body).toBe(204);
      expect((await t.call('GET', `/api/${c.path}/${rec.id}`, { token: admin })).statusCode).toBe(404);
    });
  }

  it('refuses deleting what is still referenced, with a pt-BR message', async () => {
    const author = (await t.call('POST', '/api/authors', { token: admin, body: { name: 'Autor referenciado', type_id: ty('authors', 'popular') } })).json().data;
    await t.call('POST', '/api/propositions', { token: admin, body: { type_id: ty('propositions', 'emenda'), ementa: 'Emenda.', author_id: author.id } });
    const del = await t.call('DELETE', `/api/authors/${author.id}`, { token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Não é possível excluir o autor: há registros vinculados (proposições).');
    const period = (await get('/api/composition_periods')).data.find((p: { descricao: string }) => p.descricao === 'Biênio 2025–2026');
    expect((await t.call('DELETE', `/api/composition_periods/${period.id}`, { token: admin })).statusCode).toBe(409);
  });
});

describe('matter applications and solicitations', () => {
  // the workflows themselves (drafts, sending, protocolling, decisions, row scope): received-workflow.test.ts
  for (const [base, body, situation, first] of [
    ['matters/matterapplication', () => ({ type_id: ty('matters', 'ind'), parliamentary_id: parl[0], ementa: 'Indica a construção de ciclovia na Avenida Brasil.', destinatario: 'Prefeito Municipal' }), 'em_analise', 'rascunho'],
    ['solicitations', () => ({ tipo: 'diaria', parliamentary_id: parl[0], destino: 'Brasília/DF', finalidade: 'Audiência no Ministério das Cidades.', dataSaida: '2026-12-08', dataRetorno: '2026-12-10', valor: 1800 }), 'deferida', 'pendente'],
  ] as const) {
    it(`${base}: create, list, list/all, show, update, situation`, async () => {
      const bad = await t.call('POST', `/api/${base}`, { token: vereador, body: { situacao: 'deferida' } });
      expect(bad.statusCode).toBe(422);
      const created = await t.call('POST', `/api/${base}`, { token: vereador, body: { ...body(), situacao: 'deferida' } });
      expect(created.statusCode, created.body).toBe(201);
      const rec = created.json().data;
      expect(rec.situacao).toBe(first);
      if (first === 'rascunho') {
        // a draft is changed by its author, then sent to the house
        const up = await t.call('PUT', `/api/${base}/${rec.id}`, { token: vereador, body: { justificativa: 'Atualizado', situacao: 'arquivada' } });
        expect(up.statusCode).toBe(200);
        expect(up.json().data).toMatchObject({ situacao: 'rascunho', justificativa: 'Atualizado' });
        expect((await t.call('POST', `/api/${base}/${rec.id}/send`, { token: vereador })).statusCode).toBe(200);
      } else {
        // a solicitation is sent when created: read-only for its author
        expect((await t.call('PUT', `/api/${base}/${rec.id}`, { token: vereador, body: { obs: 'Atualizado' } })).statusCode).toBe(403);
      }
      const l = await get(`/api/${base}/list?perPage=5`);
      expect(l.meta).toMatchObject({ page: 1, perPage: 5 });
      expect(l.data.map((x: { id: number }) => x.id)).toContain(rec.id);
      const all = await get(`/api/${base}/list/all?search=${encodeURIComponent(base === 'solicitations' ? 'brasilia' : 'ciclovia')}`);
      expect(all.data.map((x: { id: number }) => x.id)).toEqual([rec.id]);
      expect(all.meta).toBeUndefined();
      expect((await get(`/api/${base}/${rec.id}`)).data.id).toBe(rec.id);
      expect((await t.call('PUT', `/api/${base}/${rec.id}/situation`, { token: vereador, body: { situacao: situation } })).statusCode).toBe(403);
      const badSit = await t.call('PUT', `/api/${base}/${rec.id}/situation`, { token: admin, body: { situacao: 'talvez' } });
      expect(badSit.statusCode).toBe(422);
      expect(badSit.json().errors.situacao).toEqual(['Escolha uma situação válida.']);
      const sit = await t.call('PUT', `/api/${base}/${rec.id}/situation`, { token: admin, body: { situacao: situation, situacao_obs: 'Encaminhado ao setor responsável.' } });
      expect(sit.statusCode, sit.body).toBe(200);
      expect(sit.json().data).toMatchObject({ situacao: situation, ...(situation === 'deferida' ? { situacao_obs: 'Encaminhado ao setor responsável.' } : {}) });
      expect((await t.call('PUT', `/api/${base}/${rec.id}/situation`, { token: adminPm, body: { situacao: situation } })).statusCode).toBe(404);
      expect((await t.call('GET', `/api/${base}/${rec.id}`, { token: adminPm })).statusCode).toBe(404);
      expect((await t.call('GET', `/api/${base}/list`, { token: protocolo })).statusCode).toBe(403);
      expect((await t.call('GET', `/api/${base}/list/all`)).statusCode).toBe(401);
    });
  }
});

describe('commissions: sub-lists and special calls', () => {
  it('lists, adds and deletes compositions; adds meetings; participants of a composition', async () => {
    const c = (await t.call('POST', '/api/commissions', { token: admin, body: { nome: 'CPI da Merenda', sigla: 'CPIM', type_id: ty('commissions', 'cpi'), criacao: '2026-09-01' } })).json().data;
    const period = (await get('/api/composition_periods')).data[0];
    const add = await t.call('POST', `/api/commissions/${c.id}/add_compositions`, { token: admin, body: { composition_period_id: period.id, obs: 'Composição inicial' } });
    expect(add.statusCode, add.body).toBe(201);
    const comp = add.json().data;
    expect(comp).toMatchObject({ comission_id: c.id, descricao: `CPIM — ${period.descricao}` });
    expect((await get(`/api/commissions/${c.id}/get_compositions`)).data.map((x: { id: number }) => x.id)).toEqual([comp.id]);
    const part = await t.call('POST', `/api/compositions/${comp.id}/add_participants`, { token: admin, body: { parliamentary_id: parl[3], cargo_id: ty('cargos_comissao', 'presidente'), designacao: '2026-09-02' } });
    expect(part.statusCode, part.body).toBe(201);
    expect((await get(`/api/compositions/${comp.id}/get_participants`)).data).toMatchObject([{ parliamentary_id: parl[3], composition_id: comp.id }]);
    const meet = await t.call('POST', `/api/commissions/${c.id}/add_meetings`, { token: admin, body: { nome: '1ª Reunião da CPI', data: '2026-09-10', numero: 1 } });
    expect(meet.statusCode).toBe(201);
    expect((await get(`/api/commissions/${c.id}/get_meetings`)).data.map((m: { nome: string }) => m.nome)).toEqual(['1ª Reunião da CPI']);
    expect((await t.call('POST', `/api/commissions/${c.id}/delete_compositions`, { token: admin, body: {} })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/commissions/${c.id}/delete_compositions`, { token: admin, body: { composition_id: 'x' } })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/commissions/${c.id}/delete_compositions`, { token: vereador, body: { composition_id: comp.id } })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/commissions/${c.id}/delete_compositions`, { token: adminPm, body: { composition_id: comp.id } })).statusCode).toBe(404);
    const del = await t.call('POST', `/api/commissions/${c.id}/delete_compositions`, { token: admin, body: { composition_ids: [comp.id] } });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual([]);
    expect((await t.call('GET', `/api/compositions/${comp.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('lists the matters whose latest tramitation sent them to the commission', async () => {
    const c = (await get('/api/commissions?q=CLJR')).data[0];
    const before = (await get(`/api/commissions/${c.id}/tramitation_matters`)).data;
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((m: { emTramitacao: boolean }) => m.emTramitacao)).toBe(true);
    const m = (await t.call('POST', '/api/matters', { token: admin, body: { type_id: ty('matters', 'pl'), dataApresentacao: '2026-11-04', ementa: 'Dispõe sobre a poda de árvores.' } })).json().data;
    await t.call('POST', `/api/matters/${m.id}/tramitations`, { token: admin, body: { data: '2026-11-05', status_id: ty('tramitation_status', 'em_comissao'), commission_id: c.id } });
    expect((await get(`/api/commissions/${c.id}/tramitation_matters`)).data.map((x: { id: number }) => x.id)).toContain(m.id);
    // archived: leaves the commission's list and the matter leaves tramitation
    await t.call('POST', `/api/matters/${m.id}/tramitations`, { token: admin, body: { data: '2026-11-06', status_id: ty('tramitation_status', 'arquivada') } });
    expect((await get(`/api/matters/${m.id}`)).data.emTramitacao).toBe(false);
    expect((await get(`/api/commissions/${c.id}/tramitation_matters`)).data.map((x: { id: number }) => x.id)).not.toContain(m.id);
    expect((await t.call('GET', `/api/commissions/${c.id}/tramitation_matters`, { token: adminPm })).statusCode).toBe(404);
  });
});

describe('norms relate to one another', () => {
  it('adds, lists and removes relations (altera, revoga...)', async () => {
    const [a, b] = (await get('/api/norms?sort=data&perPage=2')).data;
    const add = await t.call('POST', `/api/norms/${b.id}/add_relation`, { token: admin, body: { tipo: 'revoga', related_norm_id: a.id } });
    expect(add.statusCode, add.body).toBe(201);
    expect((await t.call('POST', `/api/norms/${b.id}/add_relation`, { token: admin, body: { tipo: 'apaga', related_norm_id: a.id } })).json().errors.tipo).toEqual(['Escolha uma opção válida.']);
    const rel = await get(`/api/norms/${b.id}/relations`);
    expect(rel.data.map((r: { tipo: string }) => r.tipo)).toContain('revoga');
    expect((await t.call('DELETE', `/api/norms/${b.id}/relations/${add.json().data.id}`, { token: admin })).statusCode).toBe(204);
  });
});

describe('plenary sessions (record keeping)', () => {
  let session: number;
  beforeAll(async () => {
    session = (await t.call('POST', '/api/plenary_sessions', { token: operador, body: sessionBody(41, '2026-11-10') })).json().data.id;
  });

  it('filters by payload', async () => {
    const r = await t.call('POST', '/api/plenary_sessions/filter', { token: admin, body: { data_inicio: '2026-11-10', data_fim: '2026-11-10', type_id: ty('sessions', 'ordinaria') } });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.map((s: { id: number }) => s.id)).toEqual([session]);
    expect(r.json().meta).toMatchObject({ page: 1, total: 1 });
    const all2026 = await t.call('POST', '/api/plenary_sessions/filter', { token: admin, body: { ano: 2026, perPage: 2, finalizada: false } });
    expect(all2026.json().meta.perPage).toBe(2);
    expect((await t.call('POST', '/api/plenary_sessions/filter', { token: admin, body: { ano: 'abc', data_inicio: 'ontem' } })).statusCode).toBe(422);
    expect((await t.call('POST', '/api/plenary_sessions/filter', { token: protocolo, body: {} })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/plenary_sessions/filter', { token: adminPm, body: {} })).json().meta.total).toBe(0);
  });

  it('adds matters by kind (both readings of add_matter), lists, updates and deletes them', async () => {
    const [m1, m2] = (await get(`/api/matters?type_id=${ty('matters', 'req')}&perPage=2`)).data;
    const bad = await t.call('POST', `/api/plenary_matters/${session}/add_matter`, { token: admin, body: { kind: 'intervalo' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ kind: ['Escolha uma opção válida.'], matter_id: ['O campo Matéria é obrigatório.'], tipo_votacao_id: ['O campo Tipo de votação é obrigatório.'] });
    const a = await t.call('POST', `/api/plenary_matters/${session}/add_matter`, { token: admin, body: { kind: 'expediente', matter_id: m1.id, tipo_votacao_id: ty('votation', 'simbolica') } });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data).toMatchObject({ plenary_session_id: session, numOrdem: 1, tipo_meteria_id: m1.type_id, dataApresentacao: m1.dataApresentacao, matter: { id: m1.id, ementa: m1.ementa } });
    const b = await t.call('POST', `/api/plenary_sessions/${session}/add_matter`, { token: admin, body: { kind: 'expediente', matter_id: m2.id, tipo_votacao_id: ty('votation', 'nominal') } });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().data.numOrdem).toBe(2);
    expect((await t.call('POST', `/api/plenary_matters/${session}/add_matter`, { token: admin, body: { kind: 'expediente', matter_id: m1.id, tipo_votacao_id: ty('votation', 'simbolica') } })).json().errors.matter_id)
      .toEqual(['Esta matéria já está nesta fase da sessão.']);
    const od = await t.call('POST', `/api/plenary_matters/${session}/add_matter`, { token: admin, body: { kind: 'ordem_dia', matter_id: m1.id, tipo_votacao_id: ty('votation', 'nominal'), polemica: true } });
    expect(od.json().data.numOrdem).toBe(1);
    const exp = await get(`/api/plenary_sessions/${session}/expediente`);
    expect(exp.data.map((x: { matter_id: number }) => x.matter_id)).toEqual([m1.id, m2.id]);
    expect((await get(`/api/plenary_sessions/${session}/ordem_dia`)).data).toHaveLength(1);
    expect((await get(`/api/plenary_sessions/${session}/ordem-do-dia`)).data).toHaveLength(1);
    expect((await t.call('GET', `/api/plenary_sessions/${session}/intervalo`, { token: admin })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/plenary_sessions/${session}/expediente`, { token: adminPm })).statusCode).toBe(404);
    const pmId = b.json().data.id;
    expect((await get(`/api/plenary_matters/${pmId}`)).data.numOrdem).toBe(2);
    const up = await t.call('PUT', `/api/plenary_matters/${pmId}`, { token: admin, body: { numOrdem: 1, obs: 'Inversão de pauta aprovada.' } });
    expect(up.json().data).toMatchObject({ numOrdem: 1, obs: 'Inversão de pauta aprovada.' });
    expect((await t.call('PUT', `/api/plenary_matters/${pmId}`, { token: adminPm, body: { obs: 'x' } })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/plenary_matters/${pmId}`, { token: vereador, body: { obs: 'x' } })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/plenary_matters/${session}/add_matter`, { token: adminPm, body: { kind: 'expediente', matter_id: m1.id, tipo_votacao_id: ty('votation', 'simbolica') } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/plenary_matters/${pmId}`, { token: admin })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/plenary_matters/${pmId}`, { token: admin })).statusCode).toBe(404);
  });

  it('keeps absences and presences by phase', async () => {
    const ab = await t.call('POST', `/api/plenary_sessions/${session}/add_absence`, { token: admin, body: { parliamentary_id: parl[6], motivo: 'Licença médica' } });
    expect(ab.statusCode, ab.body).toBe(201);
    expect((await get(`/api/plenary_sessions/${session}/get_absences`)).data).toMatchObject([{ parliamentary_id: parl[6], motivo: 'Licença médica', justificada: true }]);
    expect((await t.call('POST', `/api/plenary_sessions/${session}/add_absence`, { token: admin, body: {} })).json().errors.parliamentary_id).toEqual(['O campo Parlamentar é obrigatório.']);
    const p1 = await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: operador, body: { type: 'abertura', parliamentary_ids: [parl[0], parl[1], parl[2]] } });
    expect(p1.statusCode, p1.body).toBe(201);
    expect(p1.json().data).toHaveLength(3);
    // repeating is harmless: nothing duplicated
    const again = await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: operador, body: { type: 'abertura', parliamentary_id: parl[0] } });
    expect(again.json().data).toMatchObject({ parliamentary_id: parl[0] });
    const p2 = await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: operador, body: { type_id: ty('presences', 'ordem_dia'), parliamentary_id: parl[0] } });
    expect(p2.json().data).toMatchObject({ parliamentary_id: parl[0], type_id: ty('presences', 'ordem_dia') });
    expect((await get(`/api/plenary_sessions/${session}/get_presences_abertura`)).data.map((x: { parliamentary_id: number }) => x.parliamentary_id).sort()).toEqual([parl[0], parl[1], parl[2]].sort());
    expect((await get(`/api/plenary_sessions/${session}/get_presences_ordem_dia`)).data).toHaveLength(1);
    expect((await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: operador, body: { parliamentary_id: parl[0] } })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: operador, body: { type: 'abertura' } })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: operador, body: { type: 'abertura', parliamentary_ids: [999999] } })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: vereador, body: { type: 'abertura', parliamentary_id: parl[3] } })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/plenary_sessions/${session}/get_presences_abertura`, { token: adminPm })).statusCode).toBe(404);
    const dup = await t.call('POST', '/api/presences', { token: admin, body: { plenary_session_id: session, type_id: ty('presences', 'abertura'), parliamentary_id: parl[1] } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.parliamentary_id).toEqual(['A presença deste parlamentar já foi registrada nesta fase da sessão.']);
  });

  it('refuses inconsistent sessions', async () => {
    const r = await t.call('POST', '/api/plenary_sessions', { token: admin, body: { ...sessionBody(42), encerramento: '2026-11-01', finalizada: true } });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.encerramento).toEqual(['O encerramento não pode ser anterior à abertura.']);
  });
});

describe('malformed payloads never give 500', () => {
  const junk: unknown[] = [null, 42, 'texto', [], [1, 2], { numero: { $gt: 1 } }, { type_id: -5, ementa: 'x'.repeat(70_000) }, { data: '9999-99-99', matter_id: '1 or 1=1' }, { parliamentary_ids: 'todos', type: 7 }, { situacao: ['x'] }];
  const writes = [
    ['POST', '/api/matters'], ['PUT', '/api/matters/1'], ['POST', '/api/matters/1/add_subject'], ['POST', '/api/matters/1/add_author'], ['POST', '/api/matters/1/tramitations'],
    ['POST', '/api/matters/1/add_reports'], ['POST', '/api/matters/1/remove_author/abc'], ['POST', '/api/matters/matterapplication'], ['PUT', '/api/matters/matterapplication/1/situation'],
    ['POST', '/api/solicitations'], ['PUT', '/api/solicitations/1/situation'], ['POST', '/api/norms'], ['POST', '/api/propositions'], ['POST', '/api/tramitations'],
    ['POST', '/api/commissions/1/delete_compositions'], ['POST', '/api/commissions/1/add_compositions'], ['POST', '/api/compositions/1/add_participants'],
    ['POST', '/api/plenary_sessions'], ['POST', '/api/plenary_sessions/filter'], ['POST', '/api/plenary_matters/1/add_matter'], ['PUT', '/api/plenary_matters/1'],
    ['POST', '/api/plenary_sessions/1/add_absence'], ['POST', '/api/plenary_sessions/1/add_presences'], ['POST', '/api/audiences'], ['POST', '/api/meetings'], ['POST', '/api/speakers'],
  ] as const;
  it('answers 4xx to junk on every write call', async () => {
    for (const [method, url] of writes) {
      for (const body of junk) {
        const r = await t.call(method, url, { token: admin, body: body as never, headers: { 'content-type': 'application/json' } });
        expect(r.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 60)} → ${r.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    for (const url of ['/api/matters/99999999999', '/api/plenary_sessions/0/expediente', '/api/matters?type_id=abc&sort=;drop&page=-1&perPage=9999', '/api/matters?q=%27%3B%20drop', '/api/matters/matterapplication/list/all?search=' + 'x'.repeat(300)]) {
      expect((await t.call('GET', url, { token: admin })).statusCode, url).toBeLessThan(500);
    }
  }, 120_000);
});
