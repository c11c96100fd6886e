import { describe, it, expect } from 'vitest';
import { CATALOGUE, CATALOGUE_GROUPS, UNSPECIFIED } from './spec/catalogue.ts';
import type { CatalogueCall } from './spec/catalogue.ts';

const key = (c: Pick<CatalogueCall, 'method' | 'path'>) => `${c.method} ${c.path}`;
const find = (method: CatalogueCall['method'], path: string) => CATALOGUE.find((c) => c.method === method && c.path === path);

describe('catalogue of spec 2 §7', () => {
  it('has no duplicate method + path', () => {
    const seen = new Map<string, number>();
    for (const c of CATALOGUE) seen.set(key(c), (seen.get(key(c)) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('spells every path under /api without a leading slash, query string or braces', () => {
    for (const c of CATALOGUE) {
      expect(c.path, key(c)).toMatch(/^[a-zA-Z0-9_/:.-]+$/);
      expect(c.path.startsWith('/'), key(c)).toBe(false);
      expect(c.path.endsWith('/'), key(c)).toBe(false);
      expect(c.path.split('/').every((s) => s.length > 0), key(c)).toBe(true);
    }
  });

  it('names every :param, once per path', () => {
    for (const c of CATALOGUE) {
      const params = c.path.split('/').filter((s) => s.includes(':'));
      for (const p of params) expect(p, key(c)).toMatch(/^:[a-z][a-z_]*$/);
      expect(new Set(params).size, key(c)).toBe(params.length);
    }
  });

  it('uses only the spec headings as groups, in the spec order, each contiguous', () => {
    const order: string[] = [];
    for (const c of CATALOGUE) if (order[order.length - 1] !== c.group) order.push(c.group);
    expect(order).toEqual([...CATALOGUE_GROUPS]);
  });

  it('has a plausible number of calls per group', () => {
    const count = Object.fromEntries(CATALOGUE_GROUPS.map((g) => [g, CATALOGUE.filter((c) => c.group === g).length]));
    // Hand count from the spec text (CRUD = 5; a call repeated in the spec counts once, where it first appears).
    expect(count).toEqual({
      'Auth and session': 7, // login, load-session, load-user, is-parliamentary, is-artist, logfront, logfrontPublic
      'Types and lookups': 11, // 8 lookups + POST types, PUT and DELETE types/:id
      Culture: 23, // artists 5+2, artist_groups 5+1, places 5 + places_of ×3 + search + upload
      Parliamentarians: 25, // 7 record calls + 16 get/add sub-lists + remove_user + upload
      'Legislatures, sessions and other legislative resources': 132, // 6 + 7 + 18×5+4 uploads + 7 + 6 + 12
      'Plenary sessions': 41,
      Matters: 26, // 5 + 9 sub-calls + 6 matter application + 6 solicitations
      Administrative: 46, // sectors 12, 4×5, processes 5+9
      'Users, roles, companies': 39, // users 17, roles 2, companies 10, permissions 5, institutions 5
      'Public content and settings': 193,
    });
    expect(CATALOGUE.length).toBe(543);
  });

  it('expands CRUD into the five calls', () => {
    const crud = [
      'artists', 'artist_groups', 'places', 'parties', 'legislatures', 'legislative_sessions', 'mandates', 'tramitations',
      'composition_periods', 'compositions', 'plenary_sessions', 'matters', 'sectors', 'processes', 'liberations', 'users',
      'admin/users', 'companies', 'permissions', 'institutions', 'secretarias', 'publicacaos', 'contratos', 'licitacaos',
      'conselhos', 'convenios', 'events', 'menus', 'files', 'tramitation_unities', 'bank_accounts', 'categories', 'people',
    ];
    for (const r of crud) {
      for (const [m, p] of [['GET', r], ['POST', r], ['GET', `${r}/:id`], ['PUT', `${r}/:id`], ['DELETE', `${r}/:id`]] as const) {
        expect(find(m, p), `${m} ${p}`).toBeDefined();
      }
    }
  });

  it('keeps the parliamentarian update as the POST with _method=PUT the spec shows', () => {
    const update = find('POST', 'parliamentaries/:id');
    expect(update).toMatchObject({ group: 'Parliamentarians', answer: 'record' });
    expect(update?.note).toContain('?_method=PUT');
    expect(find('PUT', 'parliamentaries/:id')).toBeUndefined();
    expect(find('GET', 'parliamentaries/:id/get_dependents')).toMatchObject({ answer: 'collection' });
    expect(find('POST', 'parliamentaries/:parliamentary_id/remove_user/:id')).toBeDefined();
    expect(find('POST', 'parliamentaries/:id/upload')).toBeDefined();
  });

  it('has the exact plenary, voting and speaker calls', () => {
    expect(find('PUT', 'plenary_matters/:id/close_votting')).toMatchObject({ group: 'Plenary sessions' });
    expect(find('POST', 'plenary_matters/:id/add_votting')).toBeDefined();
    for (const p of ['vottings/:id', 'last_vottation', 'last_vottation/:id', 'speaker/:id', 'status/active', 'plenary_sessions/status/closed/last']) {
      expect(find('GET', p), p).toBeDefined();
    }
    expect(find('POST', 'vottings/:id/vote')).toBeDefined();
    for (const p of ['finish', 'pause', 'start', 'updateTime']) expect(find('PUT', `speaker/${p}`), p).toBeDefined();
    expect(find('POST', 'plenary_sessions/:id/add_checkin')).toBeDefined();
    expect(find('GET', 'plenary_sessions/:id/get_absences')).toBeDefined();
    expect(find('GET', 'plenary_sessions/:id/speakers/orador-explicacoes')).toBeDefined();
    expect(find('POST', 'plenary_matters/:id/add_matter')?.note).toBeTruthy();
  });

  it('has the matter application and solicitation sets', () => {
    for (const base of ['matters/matterapplication', 'solicitations']) {
      expect(find('POST', base)).toBeDefined();
      expect(find('PUT', `${base}/:id`)).toBeDefined();
      expect(find('PUT', `${base}/:id/situation`)).toBeDefined();
      expect(find('GET', `${base}/list`)).toBeDefined();
      expect(find('GET', `${base}/:id`)).toBeDefined();
      expect(find('GET', `${base}/list/all`)).toBeDefined();
    }
    expect(find('POST', 'solicitations')?.note).toBeTruthy();
  });

  it('has the users, roles and companies calls as listed', () => {
    expect(find('POST', 'roles/:id/vincula')).toBeDefined();
    expect(find('DELETE', 'roles/:id/desvincula')).toBeDefined();
    for (const base of ['users', 'admin/users']) {
      expect(find('POST', `${base}/:id/vincula`)).toBeDefined();
      expect(find('POST', `${base}/:id/desvincula`)).toBeDefined();
    }
    expect(find('POST', 'admin/users/:id/restore')).toBeDefined();
    expect(find('POST', 'users/:id/add_contact')).toBeDefined();
    expect(find('GET', 'users/:id/contacts')).toBeDefined();
    expect(find('GET', 'states/:id/cities')).toBeDefined();
    expect(find('POST', 'companies/update_company')).toBeDefined();
    expect(find('GET', 'companypublic/:id')).toMatchObject({ public: true, group: 'Users, roles, companies' });
  });

  it('marks exactly the token-less calls as public', () => {
    expect(CATALOGUE.filter((c) => c.public).map(key).sort()).toEqual(
      [
        'POST login', 'POST logfrontPublic', 'GET public/types_of/:type', 'GET public/banks',
        'GET parliamentariesCompany/:id', 'GET companypublic/:id',
      ].sort(),
    );
  });

  it('gives plausible answer kinds', () => {
    for (const c of CATALOGUE) {
      if (c.method === 'DELETE') expect(c.answer, key(c)).toBe('action');
      if (c.method === 'GET') expect(['list', 'record', 'collection', 'auth', 'file'], key(c)).toContain(c.answer);
    }
    expect(find('POST', 'login')?.answer).toBe('auth');
    expect(find('GET', 'parliamentaries')?.answer).toBe('list');
  });

  it('keeps unknown paths out of the catalogue and lists them apart', () => {
    expect(UNSPECIFIED).toHaveLength(2);
    expect(UNSPECIFIED.some((s) => s.includes('all roles at once'))).toBe(true);
    expect(UNSPECIFIED.some((s) => s.includes('ordenadores'))).toBe(true);
    expect(CATALOGUE.some((c) => /ordenador/.test(c.path))).toBe(false);
  });
});
