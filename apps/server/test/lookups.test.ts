import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ftsNeedsTokens, ftsQuery } from '@paco/domain/resource';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let adminPm: string;
let vereador: string;
beforeAll(async () => {
  t = await makeApp();
  [admin, adminPm, vereador] = await Promise.all(['admin@paco.demo', 'admin.prefeitura@paco.demo', 'vereador@paco.demo'].map((e) => t.login(e)));
});
afterAll(async () => { await t?.close(); });

describe('types lookup', () => {
  it('serves the seeded national types by category, publicly and to users', async () => {
    const pub = await t.call('GET', '/api/public/types_of/sessions');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.map((x: { label: string }) => x.label)).toEqual(['Especial', 'Extraordinária', 'Ordinária', 'Solene']);
    const mine = await t.call('GET', '/api/types_of/matters', { token: vereador });
    expect(mine.json().data.map((x: { slug: string }) => x.slug)).toContain('pl');
  });

  it('lets a company add its own types, invisible to other companies; shared rows are read-only', async () => {
    const add = await t.call('POST', '/api/type/sessions/add', { token: admin, body: { slug: 'itinerante', label: 'Itinerante' } });
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toMatchObject({ type: 'sessions', label: 'Itinerante', company_id: 1 });
    const own = await t.call('GET', '/api/types_company_of/sessions', { token: admin });
    expect(own.json().data.map((x: { label: string }) => x.label)).toEqual(['Itinerante']);
    const other = await t.call('GET', '/api/types_of/sessions', { token: adminPm });
    expect(other.json().data.map((x: { label: string }) => x.label)).not.toContain('Itinerante');
    expect((await t.call('GET', `/api/type/${add.json().data.id}`, { token: adminPm })).statusCode).toBe(404);
    const shared = (await t.call('GET', '/api/types_of/sessions', { token: admin })).json().data.find((x: { slug: string }) => x.slug === 'ordinaria');
    expect((await t.call('PUT', `/api/type/${shared.id}`, { token: admin, body: { label: 'Hackeada' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/types/${shared.id}`, { token: admin })).statusCode).toBe(404);
    const upd = await t.call('PUT', `/api/type/${add.json().data.id}`, { token: admin, body: { label: 'Sessão itinerante' } });
    expect(upd.json().data.label).toBe('Sessão itinerante');
    expect((await t.call('POST', '/api/type/sessions/add', { token: vereador, body: { slug: 'x', label: 'X' } })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/type/ses%20sions/add', { token: admin, body: { slug: 'x', label: 'X' } })).statusCode).toBe(422);
  });

  it('paginates a category', async () => {
    const res = await t.call('GET', '/api/type/matters/list?perPage=3', { token: admin });
    expect(res.json().meta).toMatchObject({ page: 1, perPage: 3 });
    expect(res.json().meta.total).toBeGreaterThanOrEqual(10);
    expect(res.json().data).toHaveLength(3);
  });
});

describe('search', () => {
  it('ignores accents in the simple search', async () => {
    const res = await t.call('GET', '/api/admin/users?q=antonio', { token: admin });
    expect(res.json().data.map((u: { name: string }) => u.name).sort()).toEqual(['Antônio Administrador', 'Marcos Antônio de Almeida']);
  });

  it('builds Portuguese prefix queries that meet singular/plural and accents', () => {
    expect(ftsQuery('Informação')).toBe('informa:*');
    expect(ftsQuery('informacoes públicas')).toBe('informac:* & publi:*');
    expect(ftsQuery("'; drop table x --")).toBe('drop:* & table:* & x:*');
    expect(ftsQuery('  ')).toBeNull();
  });

  it('tries the text search parser\'s own tokens only where the words\' prefixes may not cover them', () => {
    for (const q of ['informacao', 'Informação pública', 'ÁRVORE poda 2026', 'a1b2c3 1e5', 'um dois três quatro cinco seis sete oito nove dez']) {
      expect(ftsNeedsTokens(q), q).toBe(false);
    }
    for (const q of ['PL 7/2026', '1.234/2019', 'bem-estar', 'x@y.br', 'Straße', 'ø', 'a\u00a0b', 'a'.repeat(201)]) expect(ftsNeedsTokens(q), q).toBe(true);
  });

  it('a search of plain words finds the same rows with or without the parser\'s tokens', async () => {
    // words with accents, digits, more than eight words, and the first words of the demo's ementas
    const texts = ['informacao', 'Informações', 'saude', 'Requerimento', 'indica poda', 'sessão 2026', 'lei', 'a', 'de da do',
      'dispoe sobre a criacao do programa municipal de incentivo a cultura popular'];
    // the rows of a raw statement (node-postgres answers { rows }, PGlite's drizzle driver the same or the array)
    const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));
    const rows = rowsOf<{ ementa: string }>(await t.database.db.execute(sql`select ementa from matters where ementa is not null order by id limit 40`));
    texts.push(...rows.map((x) => x.ementa.split(/\s+/).slice(0, 3).join(' ')).filter((x) => !ftsNeedsTokens(x)));
    expect(texts.length).toBeGreaterThan(20);
    let found = 0;
    for (const text of texts) {
      expect(ftsNeedsTokens(text), text).toBe(false);
      const count = async (withTokens: boolean) => {
        const r = await t.database.db.execute(withTokens
          ? sql`select count(*)::int as n from matters where search_vector @@ (to_tsquery('simple', ${ftsQuery(text)}) || plainto_tsquery('simple', f_unaccent(${text})))`
          : sql`select count(*)::int as n from matters where search_vector @@ to_tsquery('simple', ${ftsQuery(text)})`);
        return Number(rowsOf<{ n: number }>(r)[0].n);
      };
      const n = await count(false);
      expect(n, text).toBe(await count(true));
      found += n;
    }
    expect(found, 'the texts find matters').toBeGreaterThan(0);
  });
});

describe('sub-lists (children)', () => {
  it('lists and adds a user\'s contacts through the declared child relation', async () => {
    const users = (await t.call('GET', '/api/admin/users?q=vera', { token: admin })).json().data;
    const id = users[0].id;
    const add = await t.call('POST', `/api/users/${id}/add_contact`, { token: admin, body: { description: 'Celular', phone: '(31) 99876-5432', user_id: 999 } });
    expect(add.statusCode).toBe(201);
    expect(add.json().data.user_id).toBe(id);
    const list = await t.call('GET', `/api/admin/users/${id}/contacts`, { token: admin });
    expect(list.json().data.map((c: { description: string }) => c.description)).toEqual(['Celular']);
    expect((await t.call('GET', `/api/users/${id}/contacts`, { token: adminPm })).statusCode).toBe(404);
  });
});
