import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crestPng } from '../src/seed/crest.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string; // Câmara admin
let adminPm: string; // Prefeitura admin
let sa: string;
let vereador: string;
let protocolo: string;

beforeAll(async () => {
  t = await makeApp();
  [admin, adminPm, sa, vereador, protocolo] = await Promise.all(
    ['admin@paco.demo', 'admin.prefeitura@paco.demo', 'superadmin@paco.demo', 'vereador@paco.demo', 'protocolo@paco.demo'].map((e) => t.login(e)),
  );
});
afterAll(async () => { await t?.close(); });

const multipart = (field: string, name: string, mime: string, data: Buffer) => {
  const boundary = '----paco' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe('users through the engine', () => {
  let id: number;
  it('creates with validation, never returns the password, and audits', async () => {
    const bad = await t.call('POST', '/api/admin/users', { token: admin, body: { name: '  ', email: 'nao-e-email', password: '123' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: ['O campo Nome é obrigatório.'], email: ['Informe um e-mail válido.'], password: ['O campo Senha deve ter no mínimo 8 caracteres.'],
    });
    const res = await t.call('POST', '/api/admin/users', { token: admin, body: { name: 'Júlia Teste', email: 'Julia@Exemplo.gov.br', password: 'segredo-forte', company_id: 2, hacker: true } });
    expect(res.statusCode).toBe(201);
    const u = res.json().data;
    id = u.id;
    expect(u).toMatchObject({ name: 'Júlia Teste', email: 'julia@exemplo.gov.br', company_id: 1 });
    expect(u.password).toBeUndefined();
    expect(u.hacker).toBeUndefined();
    const logs = await t.call('GET', `/api/logs?resource=admin_users&record_id=${id}`, { token: admin });
    expect(logs.statusCode).toBe(200);
    const entry = logs.json().data[0];
    expect(entry).toMatchObject({ action: 'create', user_id: expect.any(Number), ip: expect.any(String) });
    expect(entry.changes.password).toBe('***');
    expect(entry.actionDescription).toMatch(/criou usuário/);
    // the new user can sign in
    expect((await t.call('POST', '/api/login', { body: { email: 'julia@exemplo.gov.br', password: 'segredo-forte' } })).statusCode).toBe(200);
  });

  it('rejects a duplicate e-mail with a field message', async () => {
    const res = await t.call('POST', '/api/users', { token: admin, body: { name: 'Outra', email: 'julia@exemplo.gov.br', password: 'segredo-forte' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toEqual('Já existe um usuário com o mesmo valor em “E-mail”.');
  });

  it('lists with pagination, sort, search and the envelope', async () => {
    const page = await t.call('GET', '/api/admin/users?perPage=2&page=2&sort=-name', { token: admin });
    expect(page.statusCode).toBe(200);
    // the câmara's demo users (4, and vereador2@ … vereador11@) and the one created above
    expect(page.json().meta).toEqual({ page: 2, perPage: 2, total: 15 });
    const all = await t.call('GET', '/api/admin/users?perPage=1000&sort=name', { token: admin });
    expect(all.json().meta.perPage).toBe(100);
    const names = all.json().data.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : 1)));
    const found = await t.call('GET', '/api/admin/users?q=júlia', { token: admin });
    expect(found.json().data.map((u: { email: string }) => u.email)).toEqual(['julia@exemplo.gov.br']);
    const escaped = await t.call('GET', '/api/admin/users?q=%25', { token: admin });
    expect(escaped.json().meta.total).toBe(0);
    const bogusSort = await t.call('GET', '/api/admin/users?sort=password,;drop', { token: admin });
    expect(bogusSort.statusCode).toBe(200);
  });

  it('updates (also through POST ?_method=PUT), keeping the password when blank', async () => {
    const res = await t.call('POST', `/api/admin/users/${id}?_method=PUT`, { token: admin, body: { name: 'Júlia Atualizada', password: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Júlia Atualizada');
    expect((await t.call('POST', '/api/login', { body: { email: 'julia@exemplo.gov.br', password: 'segredo-forte' } })).statusCode).toBe(200);
    const clear = await t.call('PUT', `/api/admin/users/${id}`, { token: admin, body: { name: '' } });
    expect(clear.statusCode).toBe(422);
    expect(clear.json().errors.name[0]).toBe('O campo Nome é obrigatório.');
  });

  it('links and unlinks roles, one or all at once, never superadmin by an admin', async () => {
    const roles = (await t.call('GET', '/api/roles?perPage=100', { token: admin })).json().data as { id: number; name: string }[];
    const protocoloRole = roles.find((r) => r.name === 'protocolo')!;
    const superRole = roles.find((r) => r.name === 'superadmin')!;
    const linked = await t.call('POST', `/api/admin/users/${id}/vincula`, { token: admin, body: { role_id: protocoloRole.id } });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.roles.map((r: { name: string }) => r.name)).toEqual(['protocolo']);
    const refused = await t.call('POST', `/api/admin/users/${id}/vincula`, { token: admin, body: { role_id: superRole.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Você não pode atribuir nem retirar a função "superadmin".');
    // "all" is every role below the admin's own level: never superadmin, and admin only one at a time
    const all = await t.call('POST', `/api/users/${id}/vincula_all`, { token: admin });
    expect(all.json().data.roles.length).toBe(roles.length - 2);
    expect(all.json().data.roles.map((r: { name: string }) => r.name)).not.toContain('superadmin');
    expect(all.json().data.roles.map((r: { name: string }) => r.name)).not.toContain('admin');
    const none = await t.call('POST', `/api/admin/users/${id}/desvincula_all`, { token: admin });
    expect(none.json().data.roles).toEqual([]);
    const again = await t.call('POST', `/api/admin/users/${id}/vincula`, { token: admin, body: { role_ids: [protocoloRole.id] } });
    expect(again.json().data.roles.length).toBe(1);
    const un = await t.call('POST', `/api/admin/users/${id}/desvincula`, { token: admin, body: { role_id: protocoloRole.id } });
    expect(un.json().data.roles).toEqual([]);
  });

  it('keeps contacts of a user', async () => {
    const bad = await t.call('POST', `/api/admin/users/${id}/add_contact`, { token: admin, body: { phone: '123', cep: 'abc' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['cep', 'phone']);
    const ok = await t.call('POST', `/api/admin/users/${id}/add_contact`, { token: admin, body: { description: 'Gabinete', phone: '(31) 3333-4444', cep: '30130-000' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ phone: '3133334444', cep: '30130000', user_id: id });
    const list = await t.call('GET', `/api/admin/users/${id}/contacts`, { token: admin });
    expect(list.json().data).toHaveLength(1);
  });

  it('soft-deletes with confirmation of existence, lists trashed, restores', async () => {
    expect((await t.call('DELETE', `/api/admin/users/${id}`, { token: admin })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/admin/users/${id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/login', { body: { email: 'julia@exemplo.gov.br', password: 'segredo-forte' } })).statusCode).toBe(401);
    const trashed = await t.call('GET', '/api/admin/users?trashed=only', { token: admin });
    expect(trashed.json().data.map((u: { id: number }) => u.id)).toEqual([id]);
    const restored = await t.call('POST', `/api/admin/users/${id}/restore`, { token: admin });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.deleted_at).toBeNull();
    expect((await t.call('GET', `/api/admin/users/${id}`, { token: admin })).statusCode).toBe(200);
  });

  it('protects own account and superadmin accounts', async () => {
    const me = (await t.call('GET', '/api/load-user', { token: admin })).json().data;
    expect((await t.call('DELETE', `/api/admin/users/${me.id}`, { token: admin })).statusCode).toBe(409);
    const saUser = (await t.call('GET', '/api/load-user', { token: sa })).json().data;
    expect((await t.call('PUT', `/api/admin/users/${saUser.id}`, { token: admin, body: { password: 'tomada-de-conta' } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/admin/users/${saUser.id}`, { token: admin })).statusCode).toBe(403);
  });

  it('uploads a photo checked by content, served by signed URL only', async () => {
    const png = crestPng('#000000', '#ffffff', 32);
    const up = multipart('photo', 'eu.png', 'image/png', png);
    const res = await t.call('POST', `/api/admin/users/${id}/upload`, { token: admin, body: up.body, headers: up.headers });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.photo.url;
    expect(url).toMatch(/exp=\d{10}&sig=/);
    expect((await t.call('GET', url)).statusCode).toBe(200);
    expect((await t.call('GET', url.replace(/sig=[^&]+/, 'sig=forjada'))).statusCode).toBe(404);
    expect((await t.call('GET', url.split('?')[0])).statusCode).toBe(404);
    const fake = multipart('photo', 'virus.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const bad = await t.call('POST', `/api/admin/users/${id}/upload`, { token: admin, body: fake.body, headers: fake.headers });
    expect(bad.statusCode).toBe(422);
    const big = multipart('photo', 'grande.png', 'image/png', Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]));
    expect((await t.call('POST', `/api/admin/users/${id}/upload`, { token: admin, body: big.body, headers: big.headers })).statusCode).toBe(413);
  });
});

describe('tenant isolation', () => {
  it('another company\'s user is invisible: 404 on show, update, delete, links, restore', async () => {
    const camaraUsers = (await t.call('GET', '/api/admin/users?perPage=100', { token: admin })).json().data as { id: number; email: string }[];
    const target = camaraUsers.find((u) => u.email === 'vereador@paco.demo')!;
    const list = (await t.call('GET', '/api/admin/users?perPage=100', { token: adminPm })).json().data as { email: string }[];
    expect(list.map((u) => u.email)).not.toContain('vereador@paco.demo');
    for (const [m, url, body] of [
      ['GET', `/api/admin/users/${target.id}`], ['GET', `/api/users/${target.id}`],
      ['PUT', `/api/admin/users/${target.id}`, { name: 'X' }], ['DELETE', `/api/admin/users/${target.id}`],
      ['POST', `/api/admin/users/${target.id}/vincula`, { role_id: 1 }], ['POST', `/api/admin/users/${target.id}/desvincula_all`],
      ['POST', `/api/admin/users/${target.id}/restore`], ['GET', `/api/admin/users/${target.id}/contacts`],
    ] as const) {
      const res = await t.call(m, url, { token: adminPm, body });
      expect(res.statusCode, `${m} ${url}`).toBe(404);
    }
    const still = await t.call('GET', `/api/admin/users/${target.id}`, { token: admin });
    expect(still.json().data.name).toBe('Vera Vereadora');
  });

  it('an admin sees only its own company and liberation; cannot create companies', async () => {
    const cs = (await t.call('GET', '/api/companies', { token: adminPm })).json();
    expect(cs.meta.total).toBe(1);
    expect(cs.data[0].name).toBe('Prefeitura Municipal de Vila Serena');
    expect((await t.call('GET', '/api/companies/1', { token: adminPm })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/companies', { token: adminPm, body: { name: 'Nova' } })).statusCode).toBe(403);
    const libs = (await t.call('GET', '/api/liberations', { token: adminPm })).json();
    expect(libs.data.every((l: { company_id: number }) => l.company_id === 2)).toBe(true);
    expect((await t.call('POST', '/api/liberations', { token: adminPm, body: { company_id: 2, date_end: '2099-01-01' } })).statusCode).toBe(403);
  });

  it('the superadmin manages companies and liberations across companies', async () => {
    const cs = (await t.call('GET', '/api/companies', { token: sa })).json();
    expect(cs.meta.total).toBe(2);
    const created = await t.call('POST', '/api/companies', { token: sa, body: { name: 'Câmara de Teste', cnpj: '12.ABC.345/01DE-35' } });
    expect(created.statusCode).toBe(422); // CNPJ already used by the demo Prefeitura
    const ok = await t.call('POST', '/api/companies', { token: sa, body: { name: 'Câmara de Teste', cnpj: '11.444.777/0001-61', state_id: 35, city_id: 3550308 } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.city).toEqual({ id: 3550308, nome: 'São Paulo' });
    const badCnpj = await t.call('POST', '/api/companies', { token: sa, body: { name: 'X', cnpj: '11.444.777/0001-62' } });
    expect(badCnpj.json().errors.cnpj[0]).toMatch(/CNPJ inválido/);
    const lib = await t.call('POST', '/api/liberations', { token: sa, body: { company_id: ok.json().data.id, date_end: '2027-12-31' } });
    expect(lib.statusCode).toBe(201);
    expect(lib.json().data.company_id).toBe(ok.json().data.id);
    const badDate = await t.call('POST', '/api/liberations', { token: sa, body: { company_id: ok.json().data.id, date_end: '2027-02-30' } });
    expect(badDate.statusCode).toBe(422);
  });

  it('references must belong to the same company', async () => {
    const pmUsers = (await t.call('GET', '/api/admin/users?perPage=100', { token: adminPm })).json().data as { id: number }[];
    const res = await t.call('POST', '/api/contacts', { token: admin, body: { description: 'x', user_id: pmUsers[0].id } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.user_id).toBeDefined();
  });
});

describe('roles and permissions', () => {
  it('only the superadmin links permissions to roles; the show lists them', async () => {
    const roles = (await t.call('GET', '/api/roles?q=cm_author', { token: sa })).json().data;
    const role = roles[0];
    const perms = (await t.call('GET', '/api/permissions?perPage=100', { token: sa })).json().data as { id: number; name: string }[];
    const board = perms.find((p) => p.name === 'view_board')!;
    expect((await t.call('POST', `/api/roles/${role.id}/vincula`, { token: admin, body: { permission_id: board.id } })).statusCode).toBe(403);
    const linked = await t.call('POST', `/api/roles/${role.id}/vincula`, { token: sa, body: { permission_id: board.id } });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.permissions.map((p: { name: string }) => p.name)).toContain('view_board');
    const un = await t.call('DELETE', `/api/roles/${role.id}/desvincula`, { token: sa, body: { permission_id: board.id } });
    expect(un.json().data.permissions.map((p: { name: string }) => p.name)).not.toContain('view_board');
    expect((await t.call('DELETE', `/api/roles/${role.id}`, { token: sa })).statusCode).toBe(409);
  });
});

describe('role rules of spec 1 §6 enforced by the server', () => {
  it.each([
    ['vereador', 'GET', '/api/admin/users'], ['vereador', 'GET', '/api/users'], ['vereador', 'GET', '/api/companies'],
    ['protocolo', 'GET', '/api/admin/users'], ['protocolo', 'GET', '/api/permissions'], ['protocolo', 'POST', '/api/institutions'],
    ['protocolo', 'POST', '/api/users'], ['protocolo', 'POST', '/api/roles'],
  ])('%s: %s %s → 403', async (who, m, url) => {
    const token = who === 'vereador' ? vereador : protocolo;
    expect((await t.call(m, url, { token, body: m === 'POST' ? { name: 'x' } : undefined })).statusCode).toBe(403);
  });
  it('protocolo reads settings users (and the role names) and the logs of its company', async () => {
    expect((await t.call('GET', '/api/users', { token: protocolo })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/roles', { token: protocolo })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/logs', { token: protocolo })).statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  it('malformed JSON, wrong types, oversized bodies and unknown ids never give 500', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(bad.statusCode).toBe(422);
    const huge = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(2_000_000) }) });
    expect(huge.statusCode).toBe(413);
    for (const body of [[], 'texto', 42, null, { name: ['a'], email: { $ne: 1 }, password: 12345678 }, { name: 'x'.repeat(5000), email: 'a@b.co', password: 'x'.repeat(10) }]) {
      const res = await t.call('POST', '/api/admin/users', { token: admin, body });
      expect([415, 422], JSON.stringify(body).slice(0, 50)).toContain(res.statusCode);
    }
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(wrongType.statusCode).toBe(415);
    for (const id of ['abc', '0', '-1', '99999999999', '1.5', "1'or'1"]) {
      expect((await t.call('GET', `/api/admin/users/${encodeURIComponent(id)}`, { token: admin })).statusCode).toBe(404);
    }
    const q = await t.call('GET', '/api/admin/users?page=-4&perPage=abc&user_id=zz', { token: admin });
    expect(q.statusCode).toBe(200);
  });

  it('checks the session and role before validating the body', async () => {
    expect((await t.call('POST', '/api/admin/users', { body: {} })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/admin/users', { token: vereador, body: {} })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/admin/users/1?_method=PUT', { token: vereador, body: { email: 'x' } })).statusCode).toBe(403);
    expect((await t.call('DELETE', '/api/roles/1/desvincula', { token: admin, body: { permission_id: 'x' } })).statusCode).toBe(403);
  });

  it('answers in Portuguese even for shapes the field rules do not cover, with gender agreement', async () => {
    const res = await t.call('POST', '/api/roles/1/vincula', { token: sa, body: { permission_ids: ['a'] } });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().errors)).not.toMatch(/Invalid input|expected/);
    expect((await t.call('GET', '/api/companypublic/999')).json().message).toBe('Entidade não encontrada.');
    expect((await t.call('GET', '/api/admin/users/999', { token: admin })).json().message).toBe('Usuário não encontrado.');
  });

  it('serves the OpenAPI document with the engine routes', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const p of ['/api/admin/users', '/api/admin/users/{id}/vincula', '/api/roles/{id}/desvincula', '/api/states/{id}/cities', '/api/companies/update_company', '/api/companypublic/{id}', '/api/login']) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths['/api/admin/users'].post.requestBody.content['application/json'].schema.properties.email.type).toBe('string');
  });
});

describe('states, cities and companies', () => {
  it('lists the 27 UFs and the municipalities of a UF', async () => {
    const st = (await t.call('GET', '/api/states?perPage=100', { token: vereador })).json();
    expect(st.meta.total).toBe(27);
    const sp = await t.call('GET', '/api/states/35/cities', { token: vereador });
    expect(sp.json().data).toHaveLength(645);
    expect(sp.json().data.find((c: { id: number }) => c.id === 3550308).nome).toBe('São Paulo');
    expect((await t.call('GET', '/api/states/99/cities', { token: vereador })).statusCode).toBe(404);
  });

  it('companypublic is public; update_company changes only the session company; crest upload', async () => {
    const pub = await t.call('GET', '/api/companypublic/1');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.name).toBe('Câmara Municipal de Vila Serena');
    expect(pub.json().data.cnpj).toBeUndefined();
    const up = await t.call('POST', '/api/companies/update_company', { token: adminPm, body: { sobre: 'Texto novo', name: '' } });
    expect(up.statusCode).toBe(422);
    const ok = await t.call('POST', '/api/companies/update_company', { token: adminPm, body: { sobre: 'Texto novo' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ id: 2, sobre: 'Texto novo' });
    const file = multipart('brasao', 'brasao.png', 'image/png', crestPng('#ff0000', '#00ff00', 48));
    const crest = await t.call('POST', '/api/companies/2/upload', { token: adminPm, body: file.body, headers: file.headers });
    expect(crest.statusCode).toBe(200);
    expect(crest.json().data.brasao.url).toMatch(/exp=0/);
  });
});
