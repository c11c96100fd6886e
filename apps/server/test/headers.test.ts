/**
 * Security headers (http/headers.ts, decision 0011): CSP on the SPA, the API, the docs and files; framing refused
 * everywhere except the public panel, which its company's configured sites may embed; HSTS behind an HTTPS proxy.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelTarget } from '../src/http/headers.ts';
import { makeApp, type TestApp } from './helpers.ts';

const SPA_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; "
  + "connect-src 'self'; media-src 'self'; worker-src 'self'; manifest-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";
const NONE = "frame-ancestors 'none'";

let t: TestApp;
let web: string;
let admin: string; // Câmara admin
let adminPm: string; // Prefeitura admin
let camara: number;
let prefeitura: number;
let session: number; // a Câmara plenary session

beforeAll(async () => {
  // a stand-in for apps/web/dist: the tests do not build the web app
  web = mkdtempSync(join(tmpdir(), 'paco-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(web, 'assets', 'index.js'), 'console.info("paço")');
  t = await makeApp({ webDir: web });
  [admin, adminPm] = await Promise.all([t.login('admin@paco.demo'), t.login('admin.prefeitura@paco.demo')]);
  camara = (await t.call('GET', '/api/load-user', { token: admin })).json().data.company_id;
  prefeitura = (await t.call('GET', '/api/load-user', { token: adminPm })).json().data.company_id;
  session = (await t.call('GET', '/api/plenary_sessions?perPage=1', { token: admin })).json().data[0].id;
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

const csp = (res: { headers: Record<string, unknown> }): string => String(res.headers['content-security-policy'] ?? '');
const setOrigins = async (token: string, origins: string | null) => {
  const res = await t.call('POST', '/api/companies/update_company', { token, body: { painel_origens: origins } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('Content-Security-Policy and framing', () => {
  it('the SPA: scripts from this origin only, no framing', async () => {
    for (const url of ['/', '/auth/login', '/legislativo/matters', '/index.html']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(csp(res), url).toBe(`${SPA_CSP}; ${NONE}`);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const js = await t.call('GET', '/assets/index.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['x-frame-options']).toBe('DENY');
  });

  it('API answers: nothing may load or run, no framing, errors included', async () => {
    for (const [url, status] of [['/api/health', 200], ['/api/load-user', 401], ['/api/nada', 404]] as const) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(status);
      expect(csp(res), url).toBe(`default-src 'none'; base-uri 'none'; form-action 'none'; ${NONE}`);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    const login = await t.call('POST', '/api/login', { body: { email: 'admin@paco.demo', password: 'errada' } });
    expect(csp(login)).toContain("default-src 'none'");
  });

  it('files keep their sandbox policy and may not be framed', async () => {
    const crest = (await t.call('GET', `/api/companypublic/${camara}`)).json().data.brasao.url as string;
    const res = await t.call('GET', crest);
    expect(res.statusCode).toBe(200);
    expect(csp(res)).toBe(`default-src 'none'; sandbox; ${NONE}`);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('the API docs have a policy of their own and still load their files', async () => {
    const page = await t.call('GET', '/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script to allow
    expect(csp(page)).toBe(`default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; ${NONE}`);
    expect(page.headers['x-frame-options']).toBe('DENY');
    for (const file of ['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      expect((await t.call('GET', file)).statusCode, file).toBe(200);
    }
  });

  it('the public panel may be framed by the site itself, and by the sites its company lists', async () => {
    await setOrigins(admin, null);
    const panel = `/legislativo/painel-eletronico/${session}`;
    let res = await t.call('GET', panel);
    expect(res.statusCode).toBe(200);
    expect(csp(res)).toBe(`${SPA_CSP}; frame-ancestors 'self'`);
    expect(res.headers['x-frame-options']).toBeUndefined();

    await setOrigins(admin, 'https://www.camara.vilaserena.mg.leg.br/, https://TV.vilaserena.mg.gov.br  http://localhost:8080');
    const framed = "frame-ancestors 'self' https://www.camara.vilaserena.mg.leg.br https://tv.vilaserena.mg.gov.br http://localhost:8080";
    for (const url of [panel, `${panel}/`, `/legislativo/painel-eletronico/Votacao?sessao=${session}`, `/legislativo/painel-eletronico?entidade=${camara}`, `/legislativo/painel-eletronico/Oradores?entidade=${camara}&x=1`]) {
      res = await t.call('GET', url);
      expect(csp(res), url).toBe(`${SPA_CSP}; ${framed}`);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }

    // a change is seen at once (the cached origins are dropped by the change feed)
    await setOrigins(admin, 'https://camara.vilaserena.mg.leg.br');
    expect(csp(await t.call('GET', panel))).toBe(`${SPA_CSP}; frame-ancestors 'self' https://camara.vilaserena.mg.leg.br`);

    // another company's panel follows that company's list
    expect(csp(await t.call('GET', `/legislativo/painel-eletronico?entidade=${prefeitura}`))).toBe(`${SPA_CSP}; frame-ancestors 'self'`);
    await setOrigins(admin, '');
  });

  it('a panel URL naming no known session or company, and the control room, may not be framed', async () => {
    await setOrigins(admin, 'https://camara.vilaserena.mg.leg.br');
    for (const url of [
      '/legislativo/painel-eletronico', '/legislativo/painel-eletronico/', '/legislativo/painel-eletronico/999999', '/legislativo/painel-eletronico/99999999999',
      '/legislativo/painel-eletronico/0', '/legislativo/painel-eletronico/Votacao?sessao=999999', '/legislativo/painel-eletronico?entidade=999999',
      '/legislativo/painel-eletronico?entidade=abc', `/legislativo/newPainel/${session}`, `/legislativo/painel-eletronico/${session}/x`,
    ]) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(csp(res), url).toBe(`${SPA_CSP}; ${NONE}`);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    // the panel's data (API) is never framed either
    const api = await t.call('GET', `/api/public/plenario/${session}`);
    expect(api.statusCode).toBe(200);
    expect(csp(api)).toContain(NONE);
    await setOrigins(admin, '');
  });

  it('the embedding sites are checked on write: origins only (422 in pt-BR)', async () => {
    for (const [value, message] of [
      ['https://camara.gov.br/painel', `Informe só o endereço do site, sem caminho: "https://camara.gov.br/painel" deve ser "https://camara.gov.br".`],
      ['https://*.camara.gov.br', `Curingas (*) não são aceitos: informe cada site, como https://camara.gov.br.`],
      ["https://camara.gov.br 'unsafe-inline'", `"'unsafe-inline'" não é o endereço de um site: use endereços que comecem com https:// (ou http://), como https://camara.gov.br, separados por espaço ou vírgula.`],
      ['javascript:alert(1)', `"javascript:alert(1)" não é o endereço de um site: use endereços que comecem com https:// (ou http://), como https://camara.gov.br, separados por espaço ou vírgula.`],
      ["https://a.gov.br; script-src 'unsafe-eval'", `"https://a.gov.br;" não é o endereço de um site: use endereços que comecem com https:// (ou http://), como https://camara.gov.br, separados por espaço ou vírgula.`],
    ]) {
      const res = await t.call('POST', '/api/companies/update_company', { token: admin, body: { painel_origens: value } });
      expect(res.statusCode, value).toBe(422);
      expect(res.json().errors, value).toEqual({ painel_origens: [message] });
    }
    const put = await t.call('PUT', `/api/companies/${camara}`, { token: admin, body: { painel_origens: 'https://*' } });
    expect(put.statusCode).toBe(422);
    const ok = await t.call('PUT', `/api/companies/${camara}`, { token: admin, body: { painel_origens: 'https://camara.gov.br,https://tv.camara.gov.br' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.painel_origens).toBe('https://camara.gov.br,https://tv.camara.gov.br');
    await setOrigins(admin, '');
  });

  it('no Strict-Transport-Security without TRUST_PROXY, whatever the request says', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Strict-Transport-Security behind a proxy (TRUST_PROXY)', () => {
  let p: TestApp;
  beforeAll(async () => { p = await makeApp({ trustProxy: true, webDir: web }); });
  afterAll(async () => { await p?.close(); });

  it('is sent when the proxy says the request came over HTTPS, on pages and API alike', async () => {
    for (const url of ['/api/health', '/auth/login']) {
      const res = await p.call('GET', url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is not sent over plain HTTP', async () => {
    expect((await p.call('GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
    expect((await p.call('GET', '/api/health', { headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('panelTarget', () => {
  it('reads the company or session a panel URL names, as the page does', () => {
    expect(panelTarget('/legislativo/painel-eletronico/12')).toEqual({ session: 12 });
    expect(panelTarget('/legislativo/painel-eletronico/12?entidade=3')).toEqual({ session: 12 });
    expect(panelTarget('/legislativo/painel-eletronico/Votacao?sessao=7&entidade=3')).toEqual({ session: 7 });
    expect(panelTarget('/legislativo/painel-eletronico?entidade=3')).toEqual({ company: 3 });
    expect(panelTarget('/legislativo/painel-eletronico/%31%32')).toEqual({ session: 12 });
    expect(panelTarget('/legislativo/painel-eletronico')).toBeNull();
    expect(panelTarget('/legislativo/painel-eletronico/99999999999')).toBeNull();
    expect(panelTarget('/legislativo/painel-eletronico/Votacao?sessao=-1')).toBeNull();
    expect(panelTarget('/legislativo/newPainel/12')).toBeUndefined();
    expect(panelTarget('/legislativo/painel-eletronico-x/12')).toBeUndefined();
    expect(panelTarget('/legislativo/painel-eletronico/12/x')).toBeUndefined();
    expect(panelTarget('/legislativo/painel-eletronico/%E0')).toBeUndefined();
  });
});
