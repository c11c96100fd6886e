/**
 * Bad input never answers 5xx: every operation of the OpenAPI document is called with a fixed set of bad query
 * parameters, bodies, path parameters and multipart bodies, as the superadmin (acting in the Câmara), as the
 * Prefeitura's admin and without a session. Any answer >= 500 is collected and reported in one assertion.
 * NUL characters (which PostgreSQL text cannot hold) are refused with 422 before any handler runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPTH_MESSAGE, NUL_MESSAGE } from '../src/http/input-guard.ts';
import { makeApp, type TestApp } from './helpers.ts';

interface SchemaObject { type?: string | string[]; properties?: Record<string, SchemaObject>; items?: SchemaObject; anyOf?: SchemaObject[]; oneOf?: SchemaObject[] }
interface Operation {
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; schema?: SchemaObject }[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}
interface Op { method: string; path: string; op: Operation }
interface Input { label: string; query?: string; body?: string | Buffer; type?: string; params?: Record<string, string> }
interface Failure { who: string; method: string; url: string; input: string; status: number; body: string }

const LONG = 'x'.repeat(250);
const BIG = 'x'.repeat(10_000);
const NUL = 'a\u0000b';
/** `{"a":{"a":…"fundo"…}}`, written out (JSON.stringify itself would overflow the stack) */
const deepJson = (depth: number): string => `${'{"a":'.repeat(depth)}"fundo"${'}'.repeat(depth)}`;
const DEEP = deepJson(5000);

/** Bad query strings for every GET (and once, all together, for other methods). */
const BAD_QUERIES: [string, string][] = [
  ['page=abc', 'page=abc'],
  ['perPage=abc', 'perPage=abc'],
  ['perPage=-1', 'perPage=-1'],
  ['page=-1&perPage=99999999999', 'page=-1&perPage=99999999999'],
  ['trashed=all', 'trashed=all'],
  ['q de 250 caracteres', `q=${LONG}`],
  ['sort de 250 caracteres', `sort=${LONG}`],
  ['search de 250 caracteres', `search=${LONG}`],
  ['sort=;drop', `sort=${encodeURIComponent(';drop table users;--')}`],
  ['sort de campos desconhecidos', 'sort=-nope,,,-,%20'],
  ['q com NUL', 'q=a%00b'],
  ['page[]=1', 'page[]=1&perPage[]=2&q[]=x'],
  ['parâmetros repetidos', 'page=1&page=2&q=a&q=b&sort=id&sort=-id&trashed=with&trashed=only'],
  ['company_id/id ruins', 'company_id=abc&id=-1&since=abc&format=x&_method=NOPE'],
];
const ALL_BAD_QUERY = `page=abc&perPage=-1&trashed=all&q=${LONG}&sort=${LONG}&search=${LONG}`;

/** Junk for path parameters (the real value is used otherwise). */
const BAD_IDS: [string, string][] = [
  ['abc', 'abc'], ['-1', '-1'], ['0', '0'], ['99999999999', '99999999999'], ['1.5', '1.5'], ['300 caracteres', 'x'.repeat(300)], ['NUL', 'a%00b'],
  ['percent-encoding malformado', '%E0%A4%A'],
];

/** Fastify's own English answers ({ error, code, message }) or English words in a message. */
const ENGLISH = /(?<!\p{L})(the|not|must|should|invalid|request|exceeding|found|expected|required)(?!\p{L})/iu;
function notPortuguese(status: number, body: string): string | null {
  if (status < 400) return null;
  let json: { message?: unknown; error?: unknown; code?: unknown };
  try { json = JSON.parse(body) as typeof json; } catch { return 'não é JSON'; }
  if (typeof json.message !== 'string' || !json.message) return 'sem message';
  if (json.error !== undefined || json.code !== undefined || ENGLISH.test(json.message)) return 'mensagem fora do padrão pt-BR';
  return null;
}

/** A value of the wrong type for a JSON-schema type. */
function wrongValue(s: SchemaObject | undefined): unknown {
  const type = Array.isArray(s?.type) ? s?.type[0] : s?.type ?? (s?.anyOf ?? s?.oneOf)?.[0]?.type;
  switch (type) {
    case 'string': return 12345;
    case 'integer': case 'number': return 'abc';
    case 'boolean': return 'talvez';
    case 'array': return 'x';
    case 'object': return 'x';
    default: return { a: [1, { b: null }] };
  }
}

/** The declared body fields of an operation (or a generic set of the names handlers read from raw bodies). */
function bodyFields(op: Operation): Record<string, SchemaObject> {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const props = schema?.properties;
  if (props && Object.keys(props).length) return props;
  return Object.fromEntries(['id', 'ids', 'page', 'perPage', 'sort', 'q', 'search', 'trashed', 'company_id', 'type_id', 'situacao', 'motivo', 'name', 'description', 'data', 'format']
    .map((k) => [k, {}]));
}

function bodyInputs(op: Operation): Input[] {
  const fields = bodyFields(op);
  const each = (f: (s: SchemaObject, k: string) => unknown): string => JSON.stringify(Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, f(s, k)])));
  const eachRaw = (raw: string): string => `{${Object.keys(fields).map((k) => `${JSON.stringify(k)}:${raw}`).join(',')}}`;
  const json = 'application/json';
  // inputs that may succeed (an empty body closes a manifestation, starts a session…) go last, so the others meet
  // the records as the demo data has them
  return [
    { label: 'NUL em todos os campos', body: each(() => NUL), type: json },
    { label: 'NUL em chave', body: JSON.stringify({ [NUL]: 'x', nested: { [NUL]: 1 } }), type: json },
    { label: 'tipos errados', body: each(wrongValue), type: json },
    { label: 'objetos em todos os campos', body: each(() => ({ $gt: '', a: [1] })), type: json },
    { label: 'listas em todos os campos', body: each(() => [1, 'x', null]), type: json },
    { label: 'textos de 10 kB', body: each(() => BIG), type: json },
    { label: 'números enormes', body: each(() => 1e308), type: json },
    { label: 'aninhados em todos os campos', body: eachRaw(deepJson(1000)), type: json },
    { label: 'objeto aninhado 5000 níveis', body: DEEP, type: json },
    { label: 'JSON malformado', body: '{"a":', type: json },
    { label: 'texto puro', body: 'texto', type: 'text/plain' },
    { label: '"x"', body: '"x"', type: json },
    { label: '[]', body: '[]', type: json },
    { label: 'null', body: 'null', type: json },
    { label: 'sem corpo' },
    { label: '{}', body: '{}', type: json },
    { label: 'query ruim e {}', query: ALL_BAD_QUERY, body: '{}', type: json },
  ];
}

function queryInputs(op: Operation): Input[] {
  const inputs: Input[] = BAD_QUERIES.map(([label, query]) => ({ label, query }));
  const declared = (op.parameters ?? []).filter((p) => p.in === 'query');
  if (declared.length) {
    const wrong = declared.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(JSON.stringify(wrongValue(p.schema))))}`).join('&');
    inputs.push({ label: 'parâmetros declarados com tipos errados', query: wrong });
    inputs.push({ label: 'parâmetros declarados longos', query: declared.map((p) => `${encodeURIComponent(p.name)}=${LONG}`).join('&') });
  }
  return inputs;
}

/** multipart bodies, well and badly formed */
const CRLF = '\r\n';
const part = (boundary: string, name: string, filename: string, type: string, data: string | Buffer): Buffer => Buffer.concat([
  Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"; filename="${filename}"${CRLF}Content-Type: ${type}${CRLF}${CRLF}`),
  Buffer.isBuffer(data) ? data : Buffer.from(data),
  Buffer.from(CRLF),
]);
const field = (boundary: string, name: string, value: string): Buffer =>
  Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`);
const end = (boundary: string): Buffer => Buffer.from(`--${boundary}--${CRLF}`);
/** a tiny valid PNG */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function multipartInputs(partName: string): Input[] {
  const b = 'pacoLimite123';
  const type = `multipart/form-data; boundary=${b}`;
  const full = Buffer.concat([field(b, 'description', 'Descrição'), part(b, partName, 'foto.png', 'image/png', PNG), end(b)]);
  return [
    { label: 'multipart sem boundary', body: full, type: 'multipart/form-data' },
    { label: 'multipart com boundary errado', body: full, type: 'multipart/form-data; boundary=outroLimite' },
    { label: 'multipart com boundary vazio', body: full, type: 'multipart/form-data; boundary=' },
    { label: 'multipart truncado', body: full.subarray(0, full.length - 30), type },
    { label: 'multipart truncado no cabeçalho', body: full.subarray(0, 60), type },
    { label: 'multipart vazio', body: Buffer.alloc(0), type },
    { label: 'multipart só com o fim', body: end(b), type },
    { label: 'arquivo vazio', body: Buffer.concat([part(b, partName, 'vazio.png', 'image/png', ''), end(b)]), type },
    { label: 'texto fingindo ser imagem', body: Buffer.concat([part(b, partName, 'foto.png', 'image/png', 'não sou uma imagem'), end(b)]), type },
    { label: 'parte com nome desconhecido', body: Buffer.concat([part(b, 'outro', 'foto.png', 'image/png', PNG), end(b)]), type },
    { label: 'dois arquivos', body: Buffer.concat([part(b, partName, 'a.png', 'image/png', PNG), part(b, partName, 'b.png', 'image/png', PNG), end(b)]), type },
    { label: 'NUL no nome do arquivo', body: Buffer.concat([part(b, partName, 'fo\u0000to.png', 'image/png', PNG), end(b)]), type },
    { label: 'NUL num campo', body: Buffer.concat([field(b, 'description', NUL), field(b, 'nome', NUL), part(b, partName, 'foto.png', 'image/png', PNG), end(b)]), type },
    { label: 'campo de 10 kB', body: Buffer.concat([field(b, 'description', BIG), part(b, partName, 'foto.png', 'image/png', PNG), end(b)]), type },
    { label: 'só campos', body: Buffer.concat([field(b, 'id', 'abc'), field(b, '_method', 'PUT'), end(b)]), type },
  ];
}

const isMultipart = (o: Op): boolean =>
  /\/upload$/.test(o.path) || /multipart/i.test(`${o.op.summary ?? ''} ${o.op.description ?? ''}`) || !!o.op.requestBody?.content?.['multipart/form-data'];
const isStream = (o: Op): boolean => /\/stream$/.test(o.path) || /\(SSE\)/.test(o.op.summary ?? '');
/** Calls that end or replace the walking session: made at the end with a throwaway token. */
const endsSession = (o: Op): boolean => o.path === '/api/logout' || o.path === '/api/load-session';

let t: TestApp;
let ops: Op[];
beforeAll(async () => {
  t = await makeApp();
  const doc = (await t.call('GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
});
afterAll(async () => { await t?.close(); });

class Walker {
  failures: Failure[] = [];
  calls = 0;
  private token: string | undefined;
  private ids = new Map<string, string>();
  constructor(private who: string, private email?: string) {}

  async signIn(): Promise<void> {
    if (this.email) this.token = await t.login(this.email);
  }

  async send(o: Op, path: string, input: Input): Promise<number> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (input.type) headers['content-type'] = input.type;
    const url = input.query ? `${path}?${input.query}` : path;
    this.calls++;
    const res = await t.app.inject({ method: o.method as never, url, headers, ...(input.body !== undefined ? { payload: input.body } : {}) });
    if (res.statusCode >= 500) {
      this.failures.push({ who: this.who, method: o.method, url: url.length > 160 ? `${url.slice(0, 160)}…` : url, input: input.label, status: res.statusCode, body: res.body.slice(0, 200) });
    }
    const wrong = notPortuguese(res.statusCode, res.body);
    if (wrong && res.statusCode < 500) {
      this.failures.push({ who: this.who, method: o.method, url: url.length > 160 ? `${url.slice(0, 160)}…` : url, input: input.label, status: res.statusCode, body: `${wrong}: ${res.body.slice(0, 160)}` });
    }
    if (res.statusCode === 401 && this.email && (await t.call('GET', '/api/load-user', { token: this.token })).statusCode === 401) await this.signIn();
    return res.statusCode;
  }

  /** A real id of the resource at `prefix` (its list's first row), else '1'. */
  async realId(prefix: string): Promise<string> {
    const known = this.ids.get(prefix);
    if (known) return known;
    let id = '1';
    for (const p of [prefix, prefix.replace(/^public\//, '')]) {
      if (!ops.some((o) => o.method === 'GET' && o.path === `/api/${p}`)) continue;
      const res = await t.call('GET', `/api/${p}?perPage=1`, { token: this.token });
      const first = res.statusCode === 200 ? (res.json() as { data?: { id?: number }[] }).data?.[0]?.id : undefined;
      if (first) { id = String(first); break; }
    }
    this.ids.set(prefix, id);
    return id;
  }

  async slugOf(category: string): Promise<string> {
    const key = `slug:${category}`;
    if (!this.ids.has(key)) {
      const res = await t.call('GET', `/api/types_of/${category}`, { token: this.token });
      this.ids.set(key, (res.statusCode === 200 && (res.json() as { data: { slug?: string }[] }).data[0]?.slug) || category);
    }
    return this.ids.get(key)!;
  }

  /** The path with its parameters set to real values where one is found. */
  async realPath(path: string): Promise<string> {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    let out = path;
    for (const [i, name] of names.entries()) {
      const at = out.indexOf(`{${name}}`);
      const prefix = out.slice('/api/'.length, at).replace(/\/$/, '');
      let value = '1';
      if (name === 'type') value = /plenary_sessions/.test(path) ? 'expediente' : /posts_of/.test(path) ? await this.slugOf('posts') : 'places';
      else if (name === 'place') value = await this.slugOf('places');
      else if (i === 0 || name === 'event') value = await this.realId(prefix);
      out = out.replace(`{${name}}`, value);
    }
    return out;
  }

  /** Every bad input of one operation. */
  async walk(o: Op, full: boolean): Promise<void> {
    const real = await this.realPath(o.path);
    const stream = isStream(o);
    if (!stream) {
      if (o.method === 'GET') for (const input of queryInputs(o.op)) await this.send(o, real, input);
      else if (full) {
        for (const input of bodyInputs(o.op)) await this.send(o, real, input);
        if (o.method === 'PUT') {
          // the form override of the original client (POST ?_method=PUT), not in the OpenAPI
          const post = { ...o, method: 'POST' };
          for (const input of bodyInputs(o.op).slice(0, 5)) await this.send(post, real, { ...input, label: `_method=PUT, ${input.label}`, query: '_method=PUT' });
        }
        if (isMultipart(o)) for (const input of multipartInputs(/photo/.test(o.path) ? 'photo' : 'file')) await this.send(o, real, input);
      } else {
        await this.send(o, real, { label: 'NUL em todos os campos', body: JSON.stringify(Object.fromEntries(Object.keys(bodyFields(o.op)).map((k) => [k, NUL]))), type: 'application/json' });
        await this.send(o, real, { label: 'query ruim e {}', query: ALL_BAD_QUERY, body: '{}', type: 'application/json' });
        if (isMultipart(o)) for (const input of multipartInputs('file').slice(0, 5)) await this.send(o, real, input);
      }
    }
    // junk in each path parameter, the others real
    for (const m of o.path.matchAll(/\{(\w+)\}/g)) {
      const realOthers = await this.realPath(o.path.replace(m[0], '\u0001'));
      for (const [label, junk] of BAD_IDS) {
        const input: Input = o.method === 'GET' ? { label: `${m[1]}=${label}` } : { label: `${m[1]}=${label}`, body: '{}', type: 'application/json' };
        await this.send(o, realOthers.replace('\u0001', junk), input);
      }
    }
  }

  async walkAll(filter: (o: Op) => boolean, full: boolean): Promise<void> {
    const chosen = ops.filter((o) => filter(o) && !endsSession(o));
    // reads first, then writes, deletes last (so what later calls need is still there)
    const rank = (o: Op) => (o.method === 'GET' ? 0 : o.method === 'DELETE' ? 2 : 1);
    for (const o of [...chosen].sort((a, b) => rank(a) - rank(b))) await this.walk(o, full);
  }
}

const report = (failures: Failure[]): string =>
  `${failures.length} answers >= 500, or 4xx without a pt-BR { message }:\n${failures.map((f) => `  [${f.who}] ${f.method} ${f.url} (${f.input}) → ${f.status} ${f.body}`).join('\n')}`;

describe('NUL characters', () => {
  it('are refused with 422 in a JSON body, naming the field, before the handler runs', async () => {
    const token = await t.login('admin.prefeitura@paco.demo');
    const open = (await t.call('GET', '/api/manifestacoes?perPage=100', { token })).json().data.find((m: { situacao: string }) => m.situacao !== 'encerrada');
    const res = await t.call('POST', `/api/manifestacoes/${open.id}/encerrar`, { token, body: { motivo: NUL } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Os dados enviados são inválidos.', errors: { motivo: [NUL_MESSAGE] } });
    // the handler never ran: the manifestation is still open
    expect((await t.call('GET', `/api/manifestacoes/${open.id}`, { token })).json().data.situacao).toBe(open.situacao);

    const nested = await t.call('POST', '/api/people', { token, body: { name: 'Fulano', extra: [{ ok: 'x' }, { ['ch\u0000ave']: 1, texto: NUL }] } });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toEqual({ 'extra.1.chave': [NUL_MESSAGE], 'extra.1.texto': [NUL_MESSAGE] });
    const text = await t.app.inject({ method: 'POST', url: '/api/people', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, payload: NUL });
    expect(text.statusCode).toBe(422);
  });

  it('are refused in the query string and in route parameters', async () => {
    const token = await t.login('admin.prefeitura@paco.demo');
    const q = await t.call('GET', '/api/people?q=a%00b&page=1', { token });
    expect(q.statusCode).toBe(422);
    expect(q.json().errors).toEqual({ q: [NUL_MESSAGE] });
    const param = await t.call('GET', '/api/types_of/pla%00ces', { token });
    expect(param.statusCode).toBe(422);
    expect(param.json().errors).toEqual({ type: [NUL_MESSAGE] });
    // without a session, 401 still comes first
    expect((await t.call('GET', '/api/people?q=a%00b')).statusCode).toBe(401);
  });

  it('are refused in multipart field values and file names', async () => {
    const token = await t.login('admin@paco.demo');
    const b = 'pacoLimite123';
    const send = (body: Buffer) => t.app.inject({
      method: 'POST', url: '/api/files/upload', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${b}` }, payload: body,
    });
    const name = await send(Buffer.concat([part(b, 'file', `fo${NUL}to.png`, 'image/png', PNG), end(b)]));
    expect(name.statusCode).toBe(422);
    expect(name.json().errors).toEqual({ file: [NUL_MESSAGE] });
    // a field before the file, and one after it (read while the file is)
    for (const body of [
      Buffer.concat([field(b, 'description', NUL), part(b, 'file', 'foto.png', 'image/png', PNG), end(b)]),
      Buffer.concat([part(b, 'file', 'foto.png', 'image/png', PNG), field(b, 'description', NUL), end(b)]),
    ]) {
      const res = await send(body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ description: [NUL_MESSAGE] });
    }
    const files = (await t.call('GET', '/api/files?perPage=100', { token })).json().data as { originalName: string }[];
    expect(files.some((f) => f.originalName.includes('foto'))).toBe(false);
    // the same form without NUL is stored
    const ok = await send(Buffer.concat([part(b, 'file', 'foto.png', 'image/png', PNG), field(b, 'description', 'Foto'), end(b)]));
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });
});

describe('list queries', () => {
  it('read alike on the main list, sub-lists, action lists and searches: bad paging falls back, bad text is 422', async () => {
    const token = await t.login('admin.prefeitura@paco.demo');
    const user = (await t.call('GET', '/api/admin/users?perPage=1', { token })).json().data[0].id;
    const lists = ['/api/admin/users', `/api/admin/users/${user}/contacts`, '/api/type/places/list', '/api/solicitations/list', '/api/places_of/school_place?page=1'];
    for (const url of lists) {
      const sep = url.includes('?') ? '&' : '?';
      const paging = await t.call('GET', `${url}${sep}page=abc&perPage=-1`, { token });
      expect(paging.statusCode, `${url}: ${paging.body}`).toBe(200);
      expect(paging.json().meta.page, url).toBe(1);
      for (const [query, key, message] of [
        ['trashed=all', 'trashed', 'Use trashed=with (com os excluídos) ou trashed=only (só os excluídos).'],
        [`q=${LONG}`, 'q', 'A busca deve ter no máximo 200 caracteres.'],
        [`sort=${LONG}`, 'sort', 'A ordenação deve ter no máximo 200 caracteres.'],
        ['q=a&q=b', 'q', 'Busca inválida: informe um único texto.'],
      ]) {
        const res = await t.call('GET', `${url}${sep}${query}`, { token });
        expect(res.statusCode, `${url}${sep}${query}: ${res.body}`).toBe(422);
        expect(res.json().errors[key], url).toEqual([message]);
      }
    }
    const search = await t.call('POST', '/api/places/search', { token, body: { trashed: 'all', page: 'abc' } });
    expect(search.statusCode).toBe(422);
    expect(search.json().errors.trashed).toHaveLength(1);
    expect((await t.call('POST', '/api/places/search', { token, body: { page: 'abc', perPage: { $gt: 1 }, q: '' } })).statusCode).toBe(200);
  });
});

describe('malformed requests', () => {
  it('answer 4xx in pt-BR: multipart without or with a wrong boundary, cut short; deep JSON; long or broken paths', async () => {
    const token = await t.login('admin@paco.demo');
    const party = (await t.call('GET', '/api/parties?perPage=1', { token })).json().data[0].id;
    const b = 'pacoLimite123';
    const full = Buffer.concat([part(b, 'file', 'logo.png', 'image/png', PNG), end(b)]);
    for (const [type, body] of [
      ['multipart/form-data', full],
      ['multipart/form-data; boundary=outro', full],
      [`multipart/form-data; boundary=${b}`, full.subarray(0, full.length - 20)],
      [`multipart/form-data; boundary=${b}`, full.subarray(0, 40)],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/parties/${party}/upload`, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: body });
      expect(res.statusCode, `${type} ${body.length}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe('O formulário enviado está malformado ou incompleto.');
    }
    const deepRes = await t.app.inject({ method: 'POST', url: '/api/parties', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: `{"name":"P","x":${deepJson(100_000)}}` });
    expect(deepRes.statusCode).toBe(422);
    expect(Object.values(deepRes.json().errors)).toEqual([[DEPTH_MESSAGE]]);
    const long = await t.call('GET', `/api/parties/${'x'.repeat(300)}`, { token });
    expect([long.statusCode, long.json()]).toEqual([414, { message: 'O endereço pedido é longo demais.' }]);
    const broken = await t.call('GET', '/api/parties/%E0%A4%A', { token });
    expect([broken.statusCode, broken.json()]).toEqual([400, { message: 'O endereço pedido é inválido.' }]);
  });
});

describe('bad input', () => {
  it('never answers 5xx on any route of the OpenAPI', async () => {
    const started = Date.now();
    expect(ops.length).toBeGreaterThan(500);
    // the Prefeitura's admin first, without deletes of real records; then without a session; the superadmin's
    // walk (deletes of real records last) ends the walks that need the demo data
    const prefeitura = new Walker('admin.prefeitura', 'admin.prefeitura@paco.demo');
    await prefeitura.signIn();
    await prefeitura.walkAll((o) => o.method !== 'DELETE', true);

    const anonymous = new Walker('sem sessão');
    await anonymous.walkAll((o) => o.method === 'GET', false);

    // "Meu Cadastro" calls answer 404 to users without their own record: walked by the artist and the group
    const artist = new Walker('artista', 'artista@paco.demo');
    await artist.signIn();
    await artist.walkAll((o) => o.path.startsWith('/api/artists/mine'), true);
    const group = new Walker('grupo', 'grupo@paco.demo');
    await group.signIn();
    await group.walkAll((o) => o.path.startsWith('/api/artist_groups/mine'), true);

    // the session calls, each with a throwaway token
    const ending = new Walker('sessão descartável', 'admin@paco.demo');
    for (const o of ops.filter(endsSession)) {
      for (const input of bodyInputs(o.op).slice(0, 8)) {
        await ending.signIn();
        await ending.send(o, o.path, input);
      }
    }

    const superadmin = new Walker('superadmin', 'superadmin@paco.demo');
    await superadmin.signIn();
    await superadmin.walkAll(() => true, true);

    const walkers = [prefeitura, anonymous, artist, group, ending, superadmin];
    const failures = walkers.flatMap((w) => w.failures);
    console.info(`bad-input walk: ${ops.length} operations, ${walkers.reduce((n, w) => n + w.calls, 0)} calls, ${failures.length} failures, ${Date.now() - started} ms`);
    expect(failures.length, report(failures)).toBe(0);
  }, 600_000);
});
