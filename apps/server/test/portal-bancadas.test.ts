/**
 * Bancadas and blocos on the câmara's portal (decision 0057): a councillor's page shows the posts they hold today
 * ("Líder da bancada do PT", "Vice-líder do Bloco …"), never an ended one nor the staff's notes (`obs`); the Mesa
 * Diretora page lists the Lideranças of the groups in force with a bloco's parties; another company's groups never
 * appear; a change to a membership drops the kept pages (the triggers of migration 0046). Expectations are read from
 * the demo data through the API and the tables, not from the pages' code.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocos, membrosBancada } from '../src/db/schema.generated.ts';
import { makeApp, portalText, type TestApp } from './helpers.ts';

type Row = Record<string, any>;
let t: TestApp;
let cm: string;
const CM = '/portal/camara-vila-serena';
const BLOCO = 'Bloco Vila Serena Progressista';

const page = async (url: string) => {
  const res = await t.call('GET', url);
  expect(res.statusCode, url).toBe(200);
  return { html: res.body, text: portalText(res.body), etag: res.headers.etag as string };
};
const rows = async (q: string): Promise<Row[]> => {
  const r = await t.database.db.execute(sql.raw(q));
  return (Array.isArray(r) ? r : (r as { rows: Row[] }).rows) as Row[];
};
const idOf = async (nome: string): Promise<number> => (await rows(`select id from parliamentaries where nome = '${nome}'`))[0].id;

let ana: number;
let vera: number;
let cmCompany: number;
let lucas: number;

beforeAll(async () => {
  t = await makeApp();
  cm = await t.login('admin@paco.demo');
  ana = await idOf('Ana Paula Rocha');
  vera = await idOf('Vera Lúcia');
  lucas = await idOf('Professor Lucas');
  cmCompany = (await rows(`select company_id from parliamentaries where id = ${ana}`))[0].company_id;
  // another company's rows naming this câmara's councillors and bloco (written before any page is kept): a bloco with
  // Ana as líder, and a post in this câmara's bloco carrying the other company's id
  const [other] = await rows(`select id from companies where id <> ${cmCompany} order by id limit 1`);
  const [leg] = await rows(`select id from legislatures where company_id = ${cmCompany} limit 1`);
  const [ours] = await rows(`select id from blocos where nome = '${BLOCO}'`);
  const [b] = await t.database.db.insert(blocos).values({ company_id: other.id, nome: 'Bloco Alheio de Outra Entidade', legislature_id: leg.id, inicio: '2025-01-01' }).returning();
  await t.database.db.insert(membrosBancada).values([
    { company_id: other.id, bloco_id: b.id, parliamentary_id: ana, cargo: 'lider', inicio: '2025-01-01' },
    { company_id: other.id, bloco_id: ours.id, parliamentary_id: lucas, cargo: 'vice_lider', inicio: '2026-03-01' },
  ]);
});
afterAll(async () => { await t?.close(); });

describe("a councillor's page", () => {
  it('shows the posts held today in the bancada and the bloco, not an ended post nor the notes', async () => {
    // Ana Paula Rocha led the bloco in 2025 (ended, with a note) and is its vice-líder since 2026
    const a = await page(`${CM}/vereadores/${ana}`);
    expect(a.html).toContain('<h2>Bancada e bloco parlamentar</h2>');
    expect(a.text).toContain(`Vice-líder do ${BLOCO} Partidos: PDT, PSB, PT · desde 01/01/2026`);
    expect(a.text).not.toContain(`Líder do ${BLOCO}`);
    expect(a.text).not.toContain('Líder em 2025.');
    // her bancada, as the back office holds it (post in force)
    const [bench] = await rows(`select m.cargo, p.abbreviations from membros_bancada m join bancadas b on b.id = m.bancada_id join parties p on p.id = b.party_id
      where m.parliamentary_id = ${ana} and m.fim is null`);
    expect(bench).toBeTruthy();
    expect(a.text).toContain(`${bench.cargo === 'lider' ? 'Líder' : 'Membro'} da bancada do ${bench.abbreviations}`);

    // Vera Lúcia: member of the bloco in 2025 (ended), its líder since 2026 (with a note)
    const v = await page(`${CM}/vereadores/${vera}`);
    expect(v.text).toContain(`Líder do ${BLOCO}`);
    expect(v.text).not.toContain(`Membro do ${BLOCO}`);
    expect(v.text).not.toContain('Eleita líder do bloco para 2026.');
  });
});

describe('the Mesa Diretora page', () => {
  it('lists the Lideranças: each bancada and bloco in force with its líder and vice-líder, and the bloco’s parties', async () => {
    const m = await page(`${CM}/mesa-diretora`);
    // headings in order: h1 Mesa Diretora, h2 Lideranças, h3 per kind, h4 per group
    const headings = [...m.html.matchAll(/<h([1-4])[^>]*>([^<]*)</g)].map((x) => [Number(x[1]), x[2]] as const);
    const from = headings.findIndex(([, s]) => s === 'Lideranças');
    expect(headings[from][0]).toBe(2);
    expect(headings.slice(from + 1, from + 2)).toEqual([[3, 'Bancadas']]);
    const inside = headings.slice(from + 1, headings.findIndex(([level], i) => i > from && level <= 2));
    expect(inside.filter(([level]) => level === 4).length).toBeGreaterThan(2);
    expect(inside.map(([level]) => level).every((level) => level === 3 || level === 4)).toBe(true);

    const benches = await rows(`select b.nome, p.nome as lider, p.id from bancadas b join membros_bancada m on m.bancada_id = b.id and m.cargo = 'lider' and m.fim is null
      join parliamentaries p on p.id = m.parliamentary_id where b.company_id = ${cmCompany} and b.fim is null`);
    expect(benches.length).toBeGreaterThan(1);
    for (const b of benches) {
      expect(m.text).toContain(`${b.nome} Partido:`);
      expect(m.text).toContain(`Líder: ${b.lider}`);
      expect(m.html).toContain(`href="${CM}/vereadores/${b.id}"`);
    }
    expect(m.text).toContain(`Blocos parlamentares ${BLOCO} Partidos: PDT, PSB, PT Líder: Vera Lúcia Vice-líder: Ana Paula Rocha`);
    expect(m.text).not.toContain('Eleita líder do bloco para 2026.');
  });

  it("never shows another company's groups or posts, even naming this câmara's councillors", async () => {
    for (const url of [`${CM}/mesa-diretora`, `${CM}/vereadores/${ana}`, `${CM}/vereadores/${lucas}`]) {
      const { text } = await page(url);
      expect(text, url).not.toContain('Bloco Alheio');
      expect(text, url).not.toContain('Vice-líder: Professor Lucas');
      expect(text, url).not.toContain(`Vice-líder do ${BLOCO} Partidos: PDT, PSB, PT · desde 01/03/2026`);
    }
  });
});

describe('cache', () => {
  it('a change to a membership drops the kept pages at once', async () => {
    const before = await page(`${CM}/vereadores/${ana}`);
    const mesa = await page(`${CM}/mesa-diretora`);
    expect((await t.call('GET', `${CM}/vereadores/${ana}`, { headers: { 'if-none-match': before.etag } })).statusCode).toBe(304);
    const [post] = await rows(`select m.id from membros_bancada m join blocos b on b.id = m.bloco_id where b.nome = '${BLOCO}' and m.parliamentary_id = ${ana} and m.cargo = 'vice_lider'`);
    const res = await t.call('PATCH', `/api/membros_bancada/${post.id}`, { token: cm, body: { fim: '2026-01-31' } });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => (await t.call('GET', `${CM}/vereadores/${ana}`, { headers: { 'if-none-match': before.etag } })).statusCode, { timeout: 5000 }).toBe(200);
    expect((await page(`${CM}/vereadores/${ana}`)).text).not.toContain(`Vice-líder do ${BLOCO}`);
    expect((await t.call('GET', `${CM}/mesa-diretora`, { headers: { 'if-none-match': mesa.etag } })).statusCode).toBe(200);
    expect((await page(`${CM}/mesa-diretora`)).text).not.toContain('Vice-líder: Ana Paula Rocha');
  });
});
