/**
 * The sequence field kind (issue 15 §3; engine/sequences.ts): every number the server gives — a matter's in its type
 * and year, an amendment's in its main matter, a norm's "2.356", a manifestação's and a request's protocol in the
 * year, a process's NUP — comes from one counter table, taken inside the write's transaction. What the field-level
 * tests (materias, ciclo-legislativo, proposicao, ouvidoria, sic, administrativo) do not already cover: numbers made
 * without the counter, numbers typed by hand in text, a refused create giving its number back, the end of a sequence,
 * the preview that does not take a number, and the migration that carried the four old counters over.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client.ts';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';

let t: TestApp;
let camara: string;
let prefeitura: string;
const types: Record<string, Record<string, number>> = {};
beforeAll(async () => {
  t = await makeApp();
  [camara, prefeitura] = await Promise.all(['admin@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)));
  for (const cat of ['matters', 'norms']) {
    types[cat] = Object.fromEntries((await t.call('GET', `/api/types_of/${cat}`, { token: camara })).json().data.map((x: { slug: string; id: number }) => [x.slug, x.id]));
  }
});
afterAll(async () => { await t?.close(); });

const post = (url: string, body: unknown, token = camara) => t.call('POST', url, { token, body });
const matter = (body: Record<string, unknown>) => post('/api/matters', { type_id: types.matters.ind, ementa: 'Indica a poda das árvores.', ...body });

describe('numbers of a sequence', () => {
  it('start after a number written without the counter (an import), and after one typed by hand', async () => {
    const first = (await matter({ dataApresentacao: '2019-03-01' })).json().data;
    expect(first).toMatchObject({ numero: 1, ano: 2019, identificacao: 'IND 1/2019' });
    // an import writes numbers straight into the table: the sequence does not know them, yet goes on after them
    await t.database.db.execute(sql`update matters set numero = 40, numeracao = ${`${types.matters.ind}/40/2019`} where id = ${first.id}`);
    expect((await matter({ dataApresentacao: '2019-04-01' })).json().data.numero).toBe(41);
    expect((await matter({ dataApresentacao: '2019-04-02', numero: 70 })).json().data.numero).toBe(70);
    expect((await matter({ dataApresentacao: '2019-04-03' })).json().data).toMatchObject({ numero: 71, identificacao: 'IND 71/2019' });
  });

  it('give a refused create’s number back: the next one has it', async () => {
    const before = (await matter({ dataApresentacao: '2018-05-01' })).json().data.numero as number;
    // an amendment type without its main matter: refused by the hook after the number was taken, in the same transaction
    const refused = await post('/api/matters', { type_id: types.matters.emenda, dataApresentacao: '2018-05-02', ementa: 'Emenda solta.' });
    expect(refused.statusCode).toBe(422);
    const again = await post('/api/matters', { type_id: types.matters.emenda, dataApresentacao: '2018-05-02', ementa: 'Emenda solta.' });
    expect(again.statusCode).toBe(422);
    expect((await matter({ dataApresentacao: '2018-05-03' })).json().data.numero).toBe(before + 1);
  });

  it('refuse a number past the end of the sequence with a 409 in pt-BR, never a 500', async () => {
    expect((await matter({ dataApresentacao: '2017-01-10', numero: 2_147_483_647 })).statusCode).toBe(201);
    const over = await matter({ dataApresentacao: '2017-01-11' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('A numeração desta sequência se esgotou. Informe o número à mão.');
    // other types and years are untouched
    expect((await matter({ dataApresentacao: '2016-01-11' })).json().data.numero).toBe(1);
  });

  it('number text fields by their digits, show the next one without taking it, and ignore numbers too long to follow', async () => {
    const lei = types.norms.lei_ordinaria;
    const norm = (body: Record<string, unknown>) => post('/api/norms', { type_id: lei, ano: 2015, data: '2015-06-01', ementa: 'Dispõe sobre a feira.', ...body });
    expect((await norm({ numero: '1.499' })).json().data.numero).toBe('1.499');
    const peek = async () => (await t.call('GET', `/api/norms/next_number?type_id=${lei}&data=2015-07-01`, { token: camara })).json().data.value;
    expect(await peek()).toBe('1.500/2015');
    expect(await peek()).toBe('1.500/2015');
    expect((await norm({})).json().data).toMatchObject({ numero: '1.500', identificacao: expect.stringMatching(/nº 1\.500\/2015$/) });
    expect((await norm({ numero: '123456789012' })).statusCode).toBe(201);
    expect((await norm({})).json().data.numero).toBe('1.501');
    expect(await peek()).toBe('1.502/2015');
  });

  it('give parallel creates of every kind distinct numbers', async () => {
    const many = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));
    const mats = await many(5, () => matter({ dataApresentacao: '2014-02-02' }));
    expect(mats.map((r) => r.json().data.numero).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    const manif = await many(4, () => post('/api/manifestacoes', { tipo: 'sugestao', assunto: 'Praça', texto: 'Mais bancos na praça.' }, prefeitura));
    const protocols = manif.map((r) => r.json().data as { protocolo: string; numero: number; ano: number });
    expect(new Set(protocols.map((p) => p.protocolo)).size).toBe(4);
    for (const p of protocols) expect(p.protocolo).toBe(`${String(p.numero).padStart(6, '0')}/${p.ano}`);
  });
});

// on an embedded database of its own whichever project runs the file: once, in the PGlite project
describe.runIf(!usingPostgres())('migration 0032', () => {
  // every migration twice (up to 0031, then all) on a fresh PGlite: about 20 s on a quiet 2-core machine, and each
  // new migration adds to it
  it('carries the four counters into the sequences, named as the engine names them', { timeout: 120_000 }, async () => {
    // the migrations up to 0031 (a copy of the folder whose journal stops there), the old counters, then 0032
    const dir = mkdtempSync(join(tmpdir(), 'paco-seq-'));
    const db = new PGlite({ extensions: { unaccent } });
    try {
      cpSync(migrationsFolder(), dir, { recursive: true });
      const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((e) => e.tag < '0032');
      writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
      const d = drizzle(db);
      await migrate(d, { migrationsFolder: dir });
      await db.exec(`insert into companies (id, name) values (1, 'Câmara'), (2, 'Prefeitura');
        insert into matter_numbers (company_id, chave, ultimo) values (1, '7:2026', 12), (1, '9:p44', 3);
        insert into manifestacao_sequencias (company_id, ano, ultimo) values (2, 2026, 8);
        insert into pedido_informacao_sequencias (company_id, ano, ultimo) values (2, 2025, 5);
        insert into process_sequences (company_id, key, last) values (2, '00101/2026', 31);`);
      await migrate(d, { migrationsFolder: migrationsFolder() });
      const rows = (await db.query<{ company_id: number; chave: string; ultimo: number }>('select company_id, chave, ultimo from sequences order by chave')).rows;
      expect(rows).toEqual([
        { company_id: 2, chave: 'manifestacoes.numero:ano=2026', ultimo: 8 },
        { company_id: 1, chave: 'matters.numero:type_id=7,ano=2026', ultimo: 12 },
        { company_id: 1, chave: 'matters.numero:type_id=9,principal_id=44', ultimo: 3 },
        { company_id: 2, chave: 'pedidos_informacao.numero:ano=2025', ultimo: 5 },
        { company_id: 2, chave: 'processes.number:unidade=00101,ano=2026', ultimo: 31 },
      ]);
      const gone = await db.query(`select table_name from information_schema.tables where table_name in ('matter_numbers', 'process_sequences', 'manifestacao_sequencias', 'pedido_informacao_sequencias')`);
      expect(gone.rows).toEqual([]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
