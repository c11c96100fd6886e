/** URL fields take only http(s) (and mailto:/tel: for menu links): anything else is a 422 on create and update. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login('admin.prefeitura@paco.demo');
});
afterAll(async () => { await t?.close(); });

const SITE = 'Informe um endereço que comece com http:// ou https://.';
const LINK = 'Informe um endereço que comece com http://, https://, mailto: ou tel:.';

describe('URL fields', () => {
  it('a javascript: URL gets 422 on create and on every form of update', async () => {
    const bad = await t.call('POST', '/api/contacts', { token: admin, body: { description: 'Gabinete', website: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ website: [SITE] });
    for (const website of ['data:text/html,<script>alert(1)</script>', 'JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'vbscript:x']) {
      const r = await t.call('POST', '/api/contacts', { token: admin, body: { description: 'Gabinete', website } });
      expect(r.statusCode, website).toBe(422);
    }

    const ok = await t.call('POST', '/api/contacts', { token: admin, body: { description: 'Gabinete', website: 'https://vilaserena.mg.gov.br', instagram: 'https://instagram.com/vilaserena' } });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().data.id;
    for (const [method, url] of [['PUT', `/api/contacts/${id}`], ['PATCH', `/api/contacts/${id}`], ['POST', `/api/contacts/${id}?_method=PUT`]] as const) {
      const r = await t.call(method, url, { token: admin, body: { instagram: 'javascript:alert(1)' } });
      expect(r.statusCode, `${method} ${url}`).toBe(422);
      expect(r.json().errors).toEqual({ instagram: ['Informe um endereço que comece com http:// ou https://.'] });
    }
    // nothing changed, and an ordinary update still works
    expect((await t.call('GET', `/api/contacts/${id}`, { token: admin })).json().data.instagram).toBe('https://instagram.com/vilaserena');
    expect((await t.call('PUT', `/api/contacts/${id}`, { token: admin, body: { instagram: 'https://instagram.com/camara' } })).statusCode).toBe(200);
    // contacts have e-mail and phone fields of their own: a site field does not take mailto:
    expect((await t.call('PUT', `/api/contacts/${id}`, { token: admin, body: { website: 'mailto:gabinete@vilaserena.mg.gov.br' } })).statusCode).toBe(422);
  });

  it("a plenary session's media link: the field and the live action refuse javascript:", async () => {
    const op = await t.login('operador@paco.demo');
    const id = (await t.call('GET', '/api/plenary_sessions?perPage=1', { token: op })).json().data[0].id;
    const MIDIA = 'Informe um endereço que comece com http:// ou https://.';
    const action = await t.call('POST', `/api/plenary_sessions/${id}/save_link_midia`, { token: op, body: { linkMidia: 'javascript:alert(1)' } });
    expect(action.statusCode).toBe(422);
    expect(action.json().errors).toEqual({ linkMidia: [MIDIA] });
    const put = await t.call('PUT', `/api/plenary_sessions/${id}`, { token: op, body: { linkMidia: 'javascript:alert(1)' } });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual({ linkMidia: [MIDIA] });
    expect((await t.call('POST', `/api/plenary_sessions/${id}/save_link_midia`, { token: op, body: { linkMidia: 'https://www.youtube.com/@camara/live' } })).statusCode).toBe(200);
  });

  it('menu links also take mailto: and tel:, never javascript:', async () => {
    const menu = (await t.call('POST', '/api/menus', { token: admin, body: { name: 'Contato' } })).json().data.id;
    for (const url of ['mailto:ouvidoria@vilaserena.mg.gov.br', 'tel:+553133334444', 'https://vilaserena.mg.gov.br/ouvidoria']) {
      const r = await t.call('POST', `/api/menus/${menu}/add_link`, { token: admin, body: { description: 'Fale conosco', url } });
      expect(r.statusCode, `${url}: ${r.body}`).toBe(201);
    }
    const bad = await t.call('POST', `/api/menus/${menu}/add_link`, { token: admin, body: { description: 'Fale conosco', url: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ url: [LINK] });

    const created = await t.call('POST', '/api/links', { token: admin, body: { description: 'Ouvidoria', url: 'tel:+553133334444', menu_id: menu } });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.call('POST', '/api/links', { token: admin, body: { description: 'x', url: 'javascript:alert(1)' } })).json().errors).toEqual({ url: [LINK] });
    const upd = await t.call('PUT', `/api/links/${created.json().data.id}`, { token: admin, body: { url: 'javascript:alert(1)' } });
    expect(upd.statusCode).toBe(422);
    expect(upd.json().errors).toEqual({ url: [LINK] });
  });
});
