import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crestPng } from '../src/seed/crest.ts';
import { makeApp, type TestApp } from './helpers.ts';

type Row = Record<string, any>;

let t: TestApp;
let pm: string; // Prefeitura admin (the demo content lives in the Prefeitura)
let cm: string; // Câmara admin: another company
let protocolo: string; // Prefeitura, role protocolo: no access to site content or these settings
let vereador: string; // Câmara, cm_parlamentar
let pmId: number;
const typeIds: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  t = await makeApp();
  [pm, cm, protocolo, vereador] = await Promise.all(
    ['admin.prefeitura@paco.demo', 'admin@paco.demo', 'protocolo@paco.demo', 'vereador@paco.demo'].map((e) => t.login(e)),
  );
  pmId = (await t.call('GET', '/api/load-user', { token: pm })).json().data.company_id;
  for (const c of ['secretarias', 'portarias', 'publications', 'posts', 'faqs', 'competencias']) {
    typeIds[c] = Object.fromEntries((await t.call('GET', `/api/types_of/${c}`, { token: pm })).json().data.map((x: Row) => [x.slug, x.id]));
  }
});
afterAll(async () => { await t?.close(); });

const multipart = (field: string, name: string, mime: string, data: Buffer, fields: Record<string, string> = {}) => {
  const boundary = '----paco' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const body = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const PNG = () => crestPng('#2e7d32', '#ffffff', 16);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const JUNK: unknown[] = [
  'texto', 42, [1, 2], null, { nome: { $ne: 1 } }, { title: ['a'] }, { id: -1, company_id: 'x', rate: 'NaN' },
  { numero: 1e20, exercicio: '2026; drop table x', data: '2026-02-30', dataInicio: 'amanhã' }, { '__proto__': { admin: true } },
];

interface Spec {
  path: string;
  valid: () => Row;
  invalid: Row;
  errors: Record<string, string>;
  update: Row;
  q: string;
  filter?: () => [string, string | number];
  sort: string;
}

const specs: Spec[] = [
  {
    path: 'secretarias', sort: 'nome', q: 'esportes',
    valid: () => ({ nome: 'Secretaria Municipal de Esportes', abreviacao: 'SEMESP', cnpj: '11.222.333/0001-81', dataInicio: '2026-01-01', type_id: typeIds.secretarias.secretaria, mostrar_no_site: true }),
    invalid: { nome: '', cnpj: '123', dataInicio: '2026-13-01', maps: 'não é link' },
    errors: { nome: 'O campo Nome é obrigatório.', cnpj: 'CNPJ inválido.', dataInicio: 'Data inválida.', maps: 'Informe um endereço válido.' },
    update: { funcionamento: 'Segunda a sexta, das 7h às 16h' },
    filter: () => ['type_id', typeIds.secretarias.secretaria],
  },
  {
    path: 'portarias', sort: '-data', q: 'zeladoria',
    valid: () => ({ numero: 300, exercicio: 2026, data: '2026-11-20', descricao: 'Designa comissão de zeladoria do paço municipal.', coletiva: true, type_id: typeIds.portarias.designacao }),
    invalid: { numero: 'abc', data: '20/11/2026' },
    errors: { numero: 'O campo Número é inválido.', data: 'Data inválida.', exercicio: 'O campo Exercício é obrigatório.', descricao: 'O campo Descrição é obrigatório.' },
    update: { coletiva: false },
    filter: () => ['exercicio', 2026],
  },
  {
    path: 'publicacaos', sort: '-exercicio', q: 'informacoes',
    valid: () => ({ descricao: 'Lei nº 1.300/2026 — Institui o Programa de Informações ao Cidadão', numero: '1.300/2026', secao: 'leis', inicio: '2026-11-10' }),
    invalid: { descricao: '', secao: 'xyz', fim: 'x' },
    errors: { descricao: 'O campo Descrição é obrigatório.', secao: 'Escolha uma opção válida.', fim: 'Data inválida.' },
    update: { numero: '1.300-A/2026' },
    filter: () => ['secao', 'leis'],
  },
  {
    path: 'banners', sort: 'order', q: 'natal',
    valid: () => ({ title: 'Campanha Natal Solidário', link: 'https://www.vilaserena.mg.gov.br/natal', order: 3 }),
    invalid: { title: '', link: 'não é link', order: 'x' },
    errors: { title: 'O campo Título é obrigatório.', link: 'Informe um endereço válido.', order: 'O campo Ordem é inválido.' },
    update: { active: false },
    filter: () => ['active', 'true'],
  },
  {
    path: 'posts', sort: '-published_at', q: 'praca',
    valid: () => ({ title: 'Nova praça no bairro São José', content: 'A praça tem playground e academia ao ar livre.', type_id: typeIds.posts.noticia }),
    invalid: { title: '  ', published: 'talvez' },
    errors: { title: 'O campo Título é obrigatório.', published: 'O campo Publicado é inválido.' },
    update: { description: 'Inaugurada no sábado.' },
    filter: () => ['type_id', typeIds.posts.noticia],
  },
  {
    path: 'services', sort: 'title', q: 'alvara',
    valid: () => ({ title: 'Alvará de funcionamento', forma: 'online', custo: 'Gratuito' }),
    invalid: { title: '', forma: 'telepatia', link: 'x' },
    errors: { title: 'O campo Serviço é obrigatório.', forma: 'Escolha uma opção válida.', link: 'Informe um endereço válido.' },
    update: { prazo: '10 dias úteis' },
    filter: () => ['forma', 'online'],
  },
  {
    path: 'events', sort: '-dataInicio', q: 'ciencias',
    valid: () => ({ title: 'Feira de Ciências das escolas municipais', dataInicio: '2026-12-10T09:00:00-03:00', dataFim: '2026-12-10T17:00:00-03:00', local: 'Ginásio Municipal' }),
    invalid: { title: '', dataInicio: 'ontem' },
    errors: { title: 'O campo Título é obrigatório.', dataInicio: 'Data e hora inválidas.' },
    update: { local: 'Praça da Matriz' },
  },
  {
    path: 'evaluations', sort: '-created_at', q: 'cordial',
    valid: () => ({ rate: 4, comment: 'Atendimento cordial.', pagina: 'Ouvidoria' }),
    invalid: { rate: 9 },
    errors: { rate: 'O campo Nota deve ser no máximo 5.' },
    update: { rate: 5 },
    filter: () => ['rate', 4],
  },
  {
    path: 'faqs', sort: 'order', q: 'prefeitura fica',
    valid: () => ({ question: 'Onde a Prefeitura fica?', answer: 'Na Praça da Matriz, 1, Centro.', type_id: typeIds.faqs.geral }),
    invalid: { question: '', answer: '' },
    errors: { question: 'O campo Pergunta é obrigatório.', answer: 'O campo Resposta é obrigatório.' },
    update: { order: 9 },
    filter: () => ['type_id', typeIds.faqs.geral],
  },
  {
    path: 'schools', sort: 'name', q: 'rui barbosa',
    valid: () => ({ name: 'Escola Municipal Rui Barbosa', inep: '31999950', cep: '35400-000', email: 'RUI@escola.mg.gov.br' }),
    invalid: { name: '', cep: '123', email: 'x' },
    errors: { name: 'O campo Nome é obrigatório.', cep: 'CEP inválido (use 00000-000).', email: 'Informe um e-mail válido.' },
    update: { bairro: 'Centro' },
  },
  {
    path: 'vehicles', sort: 'board', q: 'hilux',
    valid: () => ({ board: 'abc-1234', marca: 'Toyota', modelo: 'Hilux', ano: 2022 }),
    invalid: { board: '', ano: 1800 },
    errors: { board: 'O campo Placa é obrigatório.', ano: 'O campo Ano deve ser no mínimo 1950.' },
    update: { cor: 'Prata' },
  },
  {
    path: 'menus', sort: 'name', q: 'rodape',
    valid: () => ({ name: 'Rodapé', description: 'Links do rodapé' }),
    invalid: { name: '' },
    errors: { name: 'O campo Nome é obrigatório.' },
    update: { description: 'Rodapé do portal' },
  },
  {
    path: 'links', sort: 'order', q: 'diario oficial',
    valid: () => ({ description: 'Diário Oficial', url: 'https://dom.vilaserena.mg.gov.br', order: 5 }),
    invalid: { description: '', url: 'não é link', order: -1 },
    errors: { description: 'O campo Texto é obrigatório.', url: 'Informe um endereço válido.', order: 'O campo Ordem deve ser no mínimo 0.' },
    update: { order: 6 },
  },
  {
    path: 'files', sort: '-created_at', q: 'brasao',
    valid: () => ({ description: 'Brasão em alta resolução' }),
    invalid: { description: 'x'.repeat(300) },
    errors: { description: 'O campo Descrição deve ter no máximo 255 caracteres.' },
    update: { description: 'Brasão oficial em alta resolução' },
  },
  {
    path: 'themes', sort: 'name', q: 'festivo',
    valid: () => ({ name: 'Festivo', primary_color: '#aa0000', secundary_color: '#ffd700' }),
    invalid: { name: '', primary_color: 'vermelho' },
    errors: { name: 'O campo Nome é obrigatório.', primary_color: 'Informe uma cor no formato #RRGGBB.' },
    update: { secundary_color: '#ffcc00' },
  },
  {
    path: 'categories', sort: 'name', q: 'esportes',
    valid: () => ({ name: 'Esportes', description: 'Competições e escolinhas' }),
    invalid: { name: '' },
    errors: { name: 'O campo Nome é obrigatório.' },
    update: { description: 'Competições, escolinhas e ginásios' },
  },
  {
    path: 'watchlist', sort: 'name', q: 'obras',
    valid: () => ({ name: 'Acompanhar obras', description: 'Notícias de obras' }),
    invalid: { name: '' },
    errors: { name: 'O campo Nome é obrigatório.' },
    update: { description: 'Notícias de obras e serviços urbanos' },
  },
  {
    path: 'serie', sort: 'title', q: 'bicentenario',
    valid: () => ({ title: 'Série Bicentenário de Vila Serena' }),
    invalid: { title: '' },
    errors: { title: 'O campo Título é obrigatório.' },
    update: { description: 'Reportagens sobre os 200 anos do município' },
  },
];

describe.each(specs)('$path through the engine', (s) => {
  let id: number;

  it('refuses without a session (401) and for roles spec 1 §6 does not allow (403)', async () => {
    expect((await t.call('GET', `/api/${s.path}`)).statusCode).toBe(401);
    expect((await t.call('POST', `/api/${s.path}`, { body: s.valid() })).statusCode).toBe(401);
    expect((await t.call('GET', `/api/${s.path}`, { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/${s.path}`, { token: protocolo, body: s.valid() })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/${s.path}`, { token: vereador })).statusCode).toBe(403);
  });

  it('validates with pt-BR messages beside the fields (422), storing nothing', async () => {
    const before = (await t.call('GET', `/api/${s.path}`, { token: pm })).json().meta.total;
    const res = await t.call('POST', `/api/${s.path}`, { token: pm, body: s.invalid });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    for (const [k, m] of Object.entries(s.errors)) expect(errors[k], k).toContain(m);
    expect((await t.call('GET', `/api/${s.path}`, { token: pm })).json().meta.total).toBe(before);
  });

  it('never answers 500 to random or malformed payloads', async () => {
    for (const body of JUNK) {
      for (const [m, u] of [['POST', `/api/${s.path}`], ['PUT', `/api/${s.path}/1`], ['POST', `/api/${s.path}/1?_method=PUT`]] as const) {
        const res = await t.call(m, u, { token: pm, body: body as never, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${m} ${u} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    const raw = await t.app.inject({ method: 'POST', url: `/api/${s.path}`, headers: { authorization: `Bearer ${pm}`, 'content-type': 'application/json' }, payload: '{"nome": ' });
    expect(raw.statusCode).toBe(422);
  });

  it('creates (201) in the session\'s company, ignoring a company in the body', async () => {
    const res = await t.call('POST', `/api/${s.path}`, { token: pm, body: { ...s.valid(), company_id: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().data.id;
    expect(res.json().data.company_id).toBe(pmId);
  });

  it('lists with search, sort and filter in the list envelope', async () => {
    const found = await t.call('GET', `/api/${s.path}?q=${encodeURIComponent(s.q)}`, { token: pm });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((r: Row) => r.id)).toContain(id);
    const sorted = await t.call('GET', `/api/${s.path}?sort=${s.sort}&perPage=2&page=1`, { token: pm });
    expect(sorted.json().meta).toMatchObject({ page: 1, perPage: 2 });
    expect(sorted.json().data.length).toBeLessThanOrEqual(2);
    if (s.filter) {
      const [k, v] = s.filter();
      const filtered = await t.call('GET', `/api/${s.path}?${k}=${v}&perPage=100`, { token: pm });
      expect(filtered.json().data.map((r: Row) => r.id)).toContain(id);
      expect(filtered.json().data.every((r: Row) => String(r[k]) === String(v))).toBe(true);
    }
    const none = await t.call('GET', `/api/${s.path}?q=${encodeURIComponent('zzzz-nada-encontrado')}`, { token: pm });
    expect(none.json().meta.total).toBe(0);
  });

  it('shows, updates (PUT and POST ?_method=PUT) and keeps other companies out (404)', async () => {
    expect((await t.call('GET', `/api/${s.path}/${id}`, { token: pm })).json().data.id).toBe(id);
    const put = await t.call('PUT', `/api/${s.path}/${id}`, { token: pm, body: s.update });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject(s.update);
    const form = await t.call('POST', `/api/${s.path}/${id}?_method=PUT`, { token: pm, body: { ...s.update, id } });
    expect(form.statusCode).toBe(200);
    expect((await t.call('GET', `/api/${s.path}/${id}`, { token: cm })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/${s.path}/${id}`, { token: cm, body: s.update })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/${s.path}/${id}`, { token: cm })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/${s.path}/abc`, { token: pm })).statusCode).toBe(404);
  });

  it('deletes (204)', async () => {
    expect((await t.call('DELETE', `/api/${s.path}/${id}`, { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/${s.path}/${id}`, { token: pm })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/${s.path}/${id}`, { token: pm })).statusCode).toBe(404);
  });
});

describe('POST {resource}/search (query payload)', () => {
  it.each(['secretarias', 'portarias', 'publicacaos', 'banners', 'posts', 'services'])('%s/search pages and filters', async (path) => {
    const all = await t.call('POST', `/api/${path}/search?page=1`, { token: pm, body: { perPage: 2 } });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toMatchObject({ page: 1, perPage: 2 });
    expect(all.json().meta.total).toBeGreaterThan(0);
    expect((await t.call('POST', `/api/${path}/search`, { body: {} })).statusCode).toBe(401);
    expect((await t.call('POST', `/api/${path}/search`, { token: protocolo, body: {} })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/${path}/search`, { token: pm, body: { q: ['x'] } })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/${path}/search`, { token: cm, body: { perPage: 100 } })).json().data.every((r: Row) => r.company_id !== pmId)).toBe(true);
  });

  it('reads ?page= and filters from the payload', async () => {
    const p2 = await t.call('POST', '/api/secretarias/search?page=2', { token: pm, body: { perPage: 3, sort: 'nome' } });
    expect(p2.json().meta).toMatchObject({ page: 2, perPage: 3 });
    const saude = await t.call('POST', '/api/secretarias/search', { token: pm, body: { q: 'saude' } });
    expect(saude.json().data.map((r: Row) => r.abreviacao)).toEqual(['SEMUS']);
    const leis = await t.call('POST', '/api/publicacaos/search', { token: pm, body: { secao: 'lrf' } });
    expect(leis.json().data.length).toBeGreaterThanOrEqual(2);
    expect(leis.json().data.every((r: Row) => r.secao === 'lrf')).toBe(true);
  });
});

describe('secretariats and their sub-lists', () => {
  let sec: number;
  beforeAll(async () => {
    sec = (await t.call('POST', '/api/secretarias', { token: pm, body: { nome: 'Secretaria Municipal de Meio Ambiente', abreviacao: 'SEMMA' } })).json().data.id;
  });

  it('refuses an end before the start', async () => {
    const res = await t.call('PUT', `/api/secretarias/${sec}`, { token: pm, body: { dataInicio: '2026-05-01', dataFim: '2026-04-30' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.dataFim).toEqual(['O campo Fim não pode ser anterior a Início.']);
  });

  it('adds and lists contacts; links an existing one; unlinks', async () => {
    const bad = await t.call('POST', `/api/secretarias/${sec}/add_contact`, { token: pm, body: { email: 'x', cep: '1' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ email: ['Informe um e-mail válido.'], cep: ['CEP inválido (use 00000-000).'] });
    const add = await t.call('POST', `/api/secretarias/${sec}/add_contact`, { token: pm, body: { description: 'Gabinete', email: 'meioambiente@vilaserena.mg.gov.br', phone: '(31) 3321-5090' } });
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toMatchObject({ description: 'Gabinete', phone: '3133215090', company_id: pmId });
    const other = (await t.call('POST', '/api/contacts', { token: pm, body: { description: 'Plantão ambiental', phone: '(31) 99999-0000' } })).json().data.id;
    expect((await t.call('POST', `/api/secretarias/${sec}/add_contact`, { token: pm, body: { contact_id: other } })).statusCode).toBe(201);
    const foreign = (await t.call('POST', '/api/contacts', { token: cm, body: { description: 'Da Câmara' } })).json().data.id;
    expect((await t.call('POST', `/api/secretarias/${sec}/add_contact`, { token: pm, body: { contact_id: foreign } })).statusCode).toBe(422);
    const list = await t.call('GET', `/api/secretarias/${sec}/contacts`, { token: pm });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: Row) => c.description).sort()).toEqual(['Gabinete', 'Plantão ambiental']);
    expect((await t.call('DELETE', `/api/secretarias/${sec}/remove_contact/${other}`, { token: pm })).json().data).toHaveLength(1);
    expect((await t.call('GET', `/api/secretarias/${sec}/contacts`, { token: cm })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/secretarias/${sec}/add_contact`, { token: cm, body: { description: 'x' } })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/secretarias/${sec}/add_contact`, { token: protocolo, body: { description: 'x' } })).statusCode).toBe(403);
  });

  it('keeps secretários: GET, POST secretarios, add_secretario, DELETE secretarios/:id', async () => {
    const bad = await t.call('POST', `/api/secretarias/${sec}/add_secretario`, { token: pm, body: { nome: '', email: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.nome).toEqual(['O campo Nome é obrigatório.']);
    const a = await t.call('POST', `/api/secretarias/${sec}/add_secretario`, { token: pm, body: { nome: 'Ana Clara Rezende', cargo: 'Secretária Municipal', inicio: '2026-01-01', secretaria_id: 999 } });
    expect(a.statusCode).toBe(201);
    expect(a.json().data.secretaria_id).toBe(sec);
    const b = await t.call('POST', `/api/secretarias/${sec}/secretarios`, { token: pm, body: { nome: 'João Batista Reis', cargo: 'Secretário Adjunto' } });
    expect(b.statusCode).toBe(201);
    expect((await t.call('POST', `/api/secretarias/${sec}/secretarios`, { token: pm, body: { nome: 'X', inicio: '2026-02-01', fim: '2026-01-01' } })).statusCode).toBe(422);
    const list = await t.call('GET', `/api/secretarias/${sec}/secretarios`, { token: pm });
    expect(list.json().data.map((x: Row) => x.nome)).toEqual(['Ana Clara Rezende', 'João Batista Reis']);
    expect((await t.call('DELETE', `/api/secretarios/${b.json().data.id}`, { token: cm })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/secretarios/${b.json().data.id}`, { token: pm })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/secretarias/${sec}/secretarios`, { token: pm })).json().data).toHaveLength(1);
    expect((await t.call('GET', `/api/secretarias/${sec}/secretarios`)).statusCode).toBe(401);
  });

  it('keeps funções: GET funcoes, POST add_funcao, DELETE funcaos/:id', async () => {
    expect((await t.call('POST', `/api/secretarias/${sec}/add_funcao`, { token: pm, body: {} })).json().errors.nome).toEqual(['O campo Nome é obrigatório.']);
    const f = await t.call('POST', `/api/secretarias/${sec}/add_funcao`, { token: pm, body: { nome: 'Licenciamento ambiental', descricao: 'Emitir licenças de atividades de impacto local.' } });
    expect(f.statusCode).toBe(201);
    expect((await t.call('GET', `/api/secretarias/${sec}/funcoes`, { token: pm })).json().data.map((x: Row) => x.nome)).toEqual(['Licenciamento ambiental']);
    expect((await t.call('DELETE', `/api/funcaos/${f.json().data.id}`, { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/funcaos/${f.json().data.id}`, { token: pm })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/secretarias/${sec}/funcoes`, { token: pm })).json().data).toEqual([]);
  });

  it('keeps ordenadores de despesa (find, add, delete)', async () => {
    expect((await t.call('POST', `/api/secretarias/${sec}/add_ordenador`, { token: pm, body: { nome: 'Fulano', cpf: '111.111.111-11' } })).json().errors.cpf).toEqual(['CPF inválido.']);
    const o = await t.call('POST', `/api/secretarias/${sec}/add_ordenador`, { token: pm, body: { nome: 'Ana Clara Rezende', cpf: '529.982.247-25', ato: 'Portaria nº 5/2026' } });
    expect(o.statusCode).toBe(201);
    expect(o.json().data.cpf).toBe('52998224725');
    expect((await t.call('GET', `/api/secretarias/${sec}/ordenadores`, { token: pm })).json().data).toHaveLength(1);
    expect((await t.call('DELETE', `/api/secretarias/${sec}/delete_ordenador/${o.json().data.id}`, { token: pm })).statusCode).toBe(204);
  });

  it('answers 409 in pt-BR when a portaria still refers to it; its sub-lists go with it', async () => {
    const p = await t.call('POST', '/api/portarias', { token: pm, body: { numero: 77, exercicio: 2026, data: '2026-03-01', descricao: 'Portaria de teste', secretaria_id: sec } });
    expect(p.statusCode).toBe(201);
    const blocked = await t.call('DELETE', `/api/secretarias/${sec}`, { token: pm });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe('Não é possível excluir a secretaria: há registros vinculados (portarias).');
    expect((await t.call('DELETE', `/api/portarias/${p.json().data.id}`, { token: pm })).statusCode).toBe(204);
    expect((await t.call('DELETE', `/api/secretarias/${sec}`, { token: pm })).statusCode).toBe(204);
  });
});

describe('portarias and publications', () => {
  it('checks the process and the secretariat belong to the company', async () => {
    const res = await t.call('POST', '/api/portarias', { token: pm, body: { numero: 1, exercicio: 2026, data: '2026-01-02', descricao: 'x', process_id: 999999, type_id: typeIds.publications.leis } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ process_id: ['Processo: registro não encontrado.'], type_id: ['Tipo: registro não encontrado.'] });
    const cmSec = (await t.call('POST', '/api/secretarias', { token: cm, body: { nome: 'Diretoria Legislativa' } })).json().data.id;
    const other = await t.call('POST', '/api/publicacaos', { token: pm, body: { descricao: 'x', secretaria_id: cmSec } });
    expect(other.json().errors.secretaria_id).toEqual(['Secretaria: registro não encontrado.']);
  });

  it('derives the section from the publication type and the type from the section', async () => {
    const bySection = await t.call('POST', '/api/publicacaos', { token: pm, body: { descricao: 'Diárias de novembro', secao: 'diarias', inicio: '2025-11-01' } });
    expect(bySection.json().data).toMatchObject({ secao: 'diarias', tipo_publicacao_id: typeIds.publications.diarias, exercicio: 2025 });
    const byType = await t.call('POST', '/api/publicacaos', { token: pm, body: { descricao: 'RREO', tipo_publicacao_id: typeIds.publications.lrf, competencia_id: typeIds.competencias.bimestre_6 } });
    expect(byType.json().data).toMatchObject({ secao: 'lrf', competencia: { label: '6º bimestre' } });
    const neither = await t.call('POST', '/api/publicacaos', { token: pm, body: { descricao: 'Aviso diverso' } });
    expect(neither.json().data.secao).toBe('outras');
    const section = await t.call('GET', '/api/publicacaos?secao=diarias&perPage=100', { token: pm });
    expect(section.json().data.every((r: Row) => r.secao === 'diarias')).toBe(true);
    expect((await t.call('PUT', `/api/publicacaos/${neither.json().data.id}`, { token: pm, body: { inicio: '2026-05-02', fim: '2026-05-01' } })).statusCode).toBe(422);
  });

  it('finds publications and posts by Portuguese full text, accents ignored', async () => {
    const pubs = await t.call('GET', '/api/publicacaos?q=informacao', { token: pm });
    expect(pubs.json().data.map((r: Row) => r.descricao)).toContain('Lei nº 1.284/2026 — Dispõe sobre a Política Municipal de Acesso à Informação');
    const posts = await t.call('GET', '/api/posts?q=informacoes', { token: pm });
    expect(posts.json().data.map((r: Row) => r.title)).toContain('Portal da Transparência ganha nova seção de informações sobre obras');
    const inContent = await t.call('GET', '/api/posts?search=vacinacao', { token: pm });
    expect(inContent.json().data.map((r: Row) => r.title)).toContain('Campanha de vacinação contra a gripe chega aos bairros');
  });

  it('uploads the document of a publication (PDF by content)', async () => {
    const id = (await t.call('GET', '/api/publicacaos?perPage=1', { token: pm })).json().data[0].id;
    const ok = multipart('arquivo', 'lei.pdf', 'application/pdf', PDF);
    const res = await t.call('POST', `/api/publicacaos/${id}/upload`, { token: pm, body: ok.body, headers: ok.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.arquivo).toMatchObject({ name: 'lei.pdf', mime: 'application/pdf' });
    expect((await t.app.inject({ method: 'GET', url: res.json().data.arquivo.url })).statusCode).toBe(200);
    const fake = multipart('arquivo', 'lei.pdf', 'application/pdf', Buffer.from('MZ não é PDF'));
    expect((await t.call('POST', `/api/publicacaos/${id}/upload`, { token: pm, body: fake.body, headers: fake.headers })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/publicacaos/${id}/upload`, { token: cm, body: ok.body, headers: ok.headers })).statusCode).toBe(404);
  });
});

describe('uploads of vehicles, banners, posts and themes', () => {
  it.each([['vehicles', 'photo'], ['banners', 'image'], ['posts', 'image'], ['themes', 'logo']])('%s/:id/upload', async (path, field) => {
    const id = (await t.call('GET', `/api/${path}?perPage=1`, { token: pm })).json().data[0].id;
    const up = multipart(field, 'imagem.png', 'image/png', PNG());
    const res = await t.call('POST', `/api/${path}/${id}/upload`, { token: pm, body: up.body, headers: up.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[field]).toMatchObject({ mime: 'image/png' });
    const pdf = multipart(field, 'doc.pdf', 'application/pdf', PDF);
    expect((await t.call('POST', `/api/${path}/${id}/upload`, { token: pm, body: pdf.body, headers: pdf.headers })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/${path}/${id}/upload`, { token: protocolo, body: up.body, headers: up.headers })).statusCode).toBe(403);
  });
});

describe('posts: posts_of, categories, the example module', () => {
  it('lists the posts of a type for the staff, and the published ones for the portal', async () => {
    const staff = await t.call('GET', '/api/posts_of/noticia', { token: pm });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().meta).toBeUndefined();
    const titles = staff.json().data.map((r: Row) => r.title);
    expect(titles).toContain('Festival de Inverno 2027: programação em elaboração');
    expect(titles).not.toContain('Interdição parcial da Rua das Acácias para recapeamento');
    const portal = await t.call('GET', `/api/posts_of/noticia?company_id=${pmId}`);
    expect(portal.statusCode).toBe(200);
    const ptitles = portal.json().data.map((r: Row) => r.title);
    expect(ptitles).not.toContain('Festival de Inverno 2027: programação em elaboração');
    expect(ptitles.length).toBeGreaterThan(0);
    expect(portal.json().data[0].published).toBeUndefined();
    expect((await t.call('GET', '/api/posts_of/aviso', { token: pm })).json().data.map((r: Row) => r.title)).toEqual(['Interdição parcial da Rua das Acácias para recapeamento']);
    expect((await t.call('GET', '/api/posts_of/inexistente', { token: pm })).json().data).toEqual([]);
    expect((await t.call('GET', '/api/posts_of/noticia')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/posts_of/noticia', { token: protocolo })).statusCode).toBe(403);
    const cmTitles = (await t.call('GET', '/api/posts_of/noticia', { token: cm })).json().data.map((r: Row) => r.title);
    expect(cmTitles).toContain('Câmara aprova o Plano Plurianual 2026–2029');
    expect(cmTitles).not.toContain('Campanha de vacinação contra a gripe chega aos bairros');
  });

  it('lists categories (GET categories) and refuses deleting one in use (409)', async () => {
    const cats = await t.call('GET', '/api/categories', { token: pm });
    expect(cats.json().data.map((c: Row) => c.name)).toContain('Transparência');
    const used = cats.json().data.find((c: Row) => c.name === 'Transparência').id;
    const res = await t.call('DELETE', `/api/categories/${used}`, { token: pm });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Não é possível excluir a categoria: há registros vinculados \(.+\)\.$/);
    const dup = await t.call('POST', '/api/categories', { token: pm, body: { name: 'Saúde' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name[0]).toEqual('Já existe uma categoria com o mesmo valor em “Nome”.');
  });

  it('watchlist: GET watchlist/:id/posts, with add and remove', async () => {
    const w = (await t.call('POST', '/api/watchlist', { token: pm, body: { name: 'Minhas notícias' } })).json().data.id;
    const post = (await t.call('GET', '/api/posts?perPage=1', { token: pm })).json().data[0].id;
    expect((await t.call('POST', `/api/watchlist/${w}/add_post`, { token: pm, body: { post_id: post } })).statusCode).toBe(200);
    const list = await t.call('GET', `/api/watchlist/${w}/posts`, { token: pm });
    expect(list.json().data.map((p: Row) => p.id)).toEqual([post]);
    const cmPost = (await t.call('GET', '/api/posts?perPage=1', { token: cm })).json().data[0].id;
    expect((await t.call('POST', `/api/watchlist/${w}/add_post`, { token: pm, body: { post_id: cmPost } })).statusCode).toBe(422);
    expect((await t.call('DELETE', `/api/watchlist/${w}/remove_post/${post}`, { token: pm })).json().data).toEqual([]);
    expect((await t.call('GET', `/api/watchlist/${w}/posts`, { token: cm })).statusCode).toBe(404);
  });

  it('serie: GET, POST, DELETE serie/:id/posts', async () => {
    const s = (await t.call('POST', '/api/serie', { token: pm, body: { title: 'Obras do bairro' } })).json().data.id;
    const posts = (await t.call('GET', '/api/posts?perPage=2', { token: pm })).json().data.map((p: Row) => p.id);
    const add = await t.call('POST', `/api/serie/${s}/posts`, { token: pm, body: { post_ids: posts } });
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toHaveLength(2);
    expect((await t.call('GET', `/api/serie/${s}/posts`, { token: pm })).json().data).toHaveLength(2);
    const del = await t.call('DELETE', `/api/serie/${s}/posts`, { token: pm, body: { post_id: posts[0] } });
    expect(del.json().data.map((p: Row) => p.id)).toEqual([posts[1]]);
    expect((await t.call('POST', `/api/serie/${s}/posts`, { token: pm, body: {} })).statusCode).toBe(422);
    expect((await t.call('GET', `/api/serie/${s}/posts`, { token: protocolo })).statusCode).toBe(403);
  });
});

describe('events and their photos', () => {
  let ev: number;
  let photo: number;
  beforeAll(async () => {
    ev = (await t.call('POST', '/api/events', { token: pm, body: { title: 'Desfile cívico de 7 de Setembro', dataInicio: '2026-09-07T09:00:00-03:00' } })).json().data.id;
  });

  it('refuses an end before the start', async () => {
    const res = await t.call('PUT', `/api/events/${ev}`, { token: pm, body: { dataFim: '2026-09-06T09:00:00-03:00' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.dataFim).toEqual(['O campo Fim não pode ser anterior a Início.']);
  });

  it('adds a photo (multipart), lists, shows and deletes it', async () => {
    const up = multipart('photo', 'desfile.png', 'image/png', PNG(), { description: 'Banda marcial' });
    const add = await t.call('POST', `/api/events/${ev}/add_photo`, { token: pm, body: up.body, headers: up.headers });
    expect(add.statusCode, add.body).toBe(201);
    photo = add.json().data.id;
    expect(add.json().data).toMatchObject({ event_id: ev, description: 'Banda marcial', photo: { mime: 'image/png', name: 'desfile.png' } });
    expect((await t.app.inject({ method: 'GET', url: add.json().data.photo.url })).statusCode).toBe(200);
    const json = await t.call('POST', `/api/events/${ev}/add_photo`, { token: pm, body: { description: 'x' } });
    expect(json.statusCode).toBe(415);
    const pdf = multipart('photo', 'x.pdf', 'application/pdf', PDF);
    expect((await t.call('POST', `/api/events/${ev}/add_photo`, { token: pm, body: pdf.body, headers: pdf.headers })).json().errors.photo).toEqual(['Tipo de arquivo não permitido.']);
    expect((await t.call('POST', `/api/events/${ev}/add_photo`, { token: cm, body: up.body, headers: up.headers })).statusCode).toBe(404);
    const list = await t.call('GET', `/api/events/${ev}/get_photos`, { token: pm });
    expect(list.json().data.map((p: Row) => p.id)).toEqual([photo]);
    expect((await t.call('GET', `/api/events/${ev}/photos/${photo}`, { token: pm })).json().data.id).toBe(photo);
    const otherEvent = (await t.call('GET', '/api/events?perPage=1&sort=title', { token: pm })).json().data[0].id;
    expect((await t.call('GET', `/api/events/${otherEvent}/photos/${photo}`, { token: pm })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/events/${ev}/photos/${photo}`, { token: cm })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/events/${ev}/get_photos`, { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/events/${ev}`, { token: pm })).json().data.photos_count).toBe(1);
    expect((await t.call('DELETE', `/api/events/${ev}/delete_photos/${photo}`, { token: cm })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/events/${ev}/delete_photos/${photo}`, { token: pm })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/events/${ev}/get_photos`, { token: pm })).json().data).toEqual([]);
  });

  it('deletes an event with its photos', async () => {
    const up = multipart('file', 'a.png', 'image/png', PNG());
    expect((await t.call('POST', `/api/events/${ev}/add_photo`, { token: pm, body: up.body, headers: up.headers })).statusCode).toBe(201);
    expect((await t.call('DELETE', `/api/events/${ev}`, { token: pm })).statusCode).toBe(204);
  });
});

describe('menus, links, files, themes, vehicles, schools', () => {
  it('menus: GET links and POST add_link', async () => {
    const menu = (await t.call('POST', '/api/menus', { token: pm, body: { name: 'Serviços' } })).json().data.id;
    expect((await t.call('POST', `/api/menus/${menu}/add_link`, { token: pm, body: { url: 'x' } })).json().errors).toMatchObject({ description: ['O campo Texto é obrigatório.'] });
    const l = await t.call('POST', `/api/menus/${menu}/add_link`, { token: pm, body: { description: 'IPTU', url: 'https://www.vilaserena.mg.gov.br/iptu', order: 1 } });
    expect(l.statusCode).toBe(201);
    expect(l.json().data).toMatchObject({ menu_id: menu, menu: { id: menu, name: 'Serviços' } });
    const sub = await t.call('POST', `/api/menus/${menu}/add_link`, { token: pm, body: { description: '2ª via', links_id: l.json().data.id, order: 2 } });
    expect(sub.json().data.links_id).toBe(l.json().data.id);
    expect((await t.call('GET', `/api/menus/${menu}/links`, { token: pm })).json().data.map((x: Row) => x.description)).toEqual(['IPTU', '2ª via']);
    expect((await t.call('GET', `/api/menus/${menu}/links`, { token: cm })).statusCode).toBe(404);
    // links go with their menu
    expect((await t.call('DELETE', `/api/menus/${menu}`, { token: pm })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/links/${l.json().data.id}`, { token: pm })).statusCode).toBe(404);
  });

  it('files/upload creates the record from the file; files are public', async () => {
    const up = multipart('file', 'Relatório Anual.pdf', 'application/pdf', PDF, { description: 'Relatório anual de gestão' });
    const res = await t.call('POST', '/api/files/upload', { token: pm, body: up.body, headers: up.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ description: 'Relatório anual de gestão', originalName: 'Relatório Anual.pdf', extension: 'pdf', type: 'application/pdf', company_id: pmId });
    expect(res.json().data.url).toMatch(/^\/api\/files\/.+exp=0/);
    expect((await t.app.inject({ method: 'GET', url: res.json().data.url })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/files?extension=pdf', { token: pm })).json().data.map((f: Row) => f.id)).toContain(res.json().data.id);
    expect((await t.call('POST', '/api/files/upload', { token: protocolo, body: up.body, headers: up.headers })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/files/upload', { body: up.body, headers: up.headers })).statusCode).toBe(401);
    const exe = multipart('file', 'x.exe', 'application/octet-stream', Buffer.from('MZ\x90\x00'));
    expect((await t.call('POST', '/api/files/upload', { token: pm, body: exe.body, headers: exe.headers })).statusCode).toBe(422);
    expect((await t.call('GET', `/api/files/${res.json().data.id}`, { token: cm })).statusCode).toBe(404);
  });

  it('themes: activating one deactivates the others of the company only', async () => {
    const id = (await t.call('POST', '/api/themes', { token: pm, body: { name: 'Natal', primary_color: '#b71c1c', active: true } })).json().data.id;
    const pmThemes = (await t.call('GET', '/api/themes?active=true', { token: pm })).json().data;
    expect(pmThemes.map((x: Row) => x.id)).toEqual([id]);
    expect((await t.call('GET', '/api/themes?active=true', { token: cm })).json().data.map((x: Row) => x.name)).toEqual(['Câmara Azul']);
  });

  it('vehicles: plates are checked and normalized, unique per company', async () => {
    const bad = await t.call('POST', '/api/vehicles', { token: pm, body: { board: 'XX-12' } });
    expect(bad.json().errors.board).toEqual(['Placa inválida (use ABC1D23 ou ABC-1234).']);
    const ok = await t.call('POST', '/api/vehicles', { token: pm, body: { board: 'bra 2e19' } });
    expect(ok.json().data.board).toBe('BRA2E19');
    expect((await t.call('POST', '/api/vehicles', { token: pm, body: { board: 'BRA2E19' } })).statusCode).toBe(422);
    expect((await t.call('POST', '/api/vehicles', { token: cm, body: { board: 'BRA2E19' } })).statusCode).toBe(201);
  });

  it('schools: INEP code of 8 digits', async () => {
    const bad = await t.call('POST', '/api/schools', { token: pm, body: { name: 'Escola X', inep: '12' } });
    expect(bad.json().errors.inep).toEqual(['Código INEP inválido (8 dígitos).']);
  });
});

describe('the public portal reads without a session', () => {
  it('lists published content of the company in ?company_id= only, with public fields', async () => {
    const posts = await t.call('GET', `/api/public/posts?company_id=${pmId}&perPage=50`);
    expect(posts.statusCode).toBe(200);
    const titles = posts.json().data.map((r: Row) => r.title);
    expect(titles).toContain('Campanha de vacinação contra a gripe chega aos bairros');
    expect(titles).not.toContain('Festival de Inverno 2027: programação em elaboração');
    expect(titles).not.toContain('Câmara aprova o Plano Plurianual 2026–2029');
    expect(posts.json().data[0]).not.toHaveProperty('published');
    expect(posts.json().data[0]).not.toHaveProperty('company_id');
    const search = await t.call('GET', `/api/public/posts?company_id=${pmId}&q=informacao`);
    expect(search.json().data.map((r: Row) => r.title)).toContain('Portal da Transparência ganha nova seção de informações sobre obras');
    const missing = await t.call('GET', '/api/public/posts');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.company_id[0]).toBe('Informe a entidade (company_id).');
    expect((await t.call('GET', '/api/public/posts?company_id=abc')).statusCode).toBe(422);
  });

  it.each(['categories', 'themes', 'menus', 'secretarias', 'portarias', 'publicacaos', 'banners', 'posts', 'services', 'events', 'faqs', 'schools'])('public/%s', async (path) => {
    const res = await t.call('GET', `/api/public/${path}?company_id=${pmId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBeGreaterThan(0);
    const first = res.json().data[0];
    const one = await t.call('GET', `/api/public/${path}/${first.id}?company_id=${pmId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.id).toBe(first.id);
    const cmId = (await t.call('GET', '/api/load-user', { token: cm })).json().data.company_id;
    expect((await t.call('GET', `/api/public/${path}/${first.id}?company_id=${cmId}`)).statusCode).toBe(404);
  });

  it('shows a secretariat with its secretários, funções and contacts; hidden ones are not shown', async () => {
    const list = (await t.call('GET', `/api/public/secretarias?company_id=${pmId}&q=saude`)).json().data;
    const one = (await t.call('GET', `/api/public/secretarias/${list[0].id}?company_id=${pmId}`)).json().data;
    expect(one.secretarios.map((s: Row) => s.nome)).toEqual(['Dr. Ricardo Teixeira Lima']);
    expect(one.funcoes.map((s: Row) => s.nome)).toEqual(['Atenção básica', 'Vigilância em saúde']);
    expect(one.contacts[0]).toMatchObject({ description: 'Secretaria de Saúde', whatsapp: '31998765432' });
    expect(one.contacts[0]).not.toHaveProperty('user_id');
    await t.call('PUT', `/api/secretarias/${one.id}`, { token: pm, body: { mostrar_no_site: false } });
    expect((await t.call('GET', `/api/public/secretarias/${one.id}?company_id=${pmId}`)).statusCode).toBe(404);
    await t.call('PUT', `/api/secretarias/${one.id}`, { token: pm, body: { mostrar_no_site: true } });
  });

  it('shows menus with their links and only the active theme', async () => {
    const menus = (await t.call('GET', `/api/public/menus?company_id=${pmId}`)).json().data;
    expect(menus.find((m: Row) => m.name === 'Menu principal').links.map((l: Row) => l.description)).toContain('Portal da Transparência');
    const themes = (await t.call('GET', `/api/public/themes?company_id=${pmId}`)).json().data;
    expect(themes).toHaveLength(1);
  });
});

describe('catalogue walk (spec 2 §7, "Public content and settings": this area\'s calls)', () => {
  const MINE = new Set(['secretarias', 'secretarios', 'funcaos', 'portarias', 'publicacaos', 'banners', 'posts', 'services', 'posts_of', 'categories',
    'watchlist', 'serie', 'events', 'menus', 'files', 'evaluations', 'faqs', 'schools', 'vehicles', 'links', 'themes']);
  it('routes every call, refuses a missing token, answers in the documented envelope', async () => {
    const { CATALOGUE } = await import('./spec/catalogue.ts');
    const calls = CATALOGUE.filter((c) => c.group === 'Public content and settings' && MINE.has(c.path.split('/')[0]));
    expect(calls.length).toBeGreaterThan(100);
    const ids = {
      secretarias: (await t.call('GET', '/api/secretarias?perPage=1', { token: pm })).json().data[0].id,
      events: (await t.call('GET', '/api/events?perPage=1', { token: pm })).json().data[0].id,
      menus: (await t.call('GET', '/api/menus?perPage=1', { token: pm })).json().data[0].id,
      watchlist: (await t.call('POST', '/api/watchlist', { token: pm, body: { name: 'Walk' } })).json().data.id,
      serie: (await t.call('POST', '/api/serie', { token: pm, body: { title: 'Walk' } })).json().data.id,
    } as Record<string, number>;
    for (const c of calls) {
      const root = c.path.split('/')[0];
      const url = `/api/${c.path.replace(':type', 'noticia').replace(':event', String(ids.events)).replace(':id', String(ids[root] ?? 999999))}`;
      const anon = await t.call(c.method, url, { body: c.method === 'GET' || c.method === 'DELETE' ? undefined : {} });
      expect(anon.statusCode, `${c.method} ${url} without token`).toBe(401);
      const res = await t.call(c.method, url, { token: pm, body: c.method === 'GET' || c.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${c.method} ${url}`).toBeLessThan(500);
      if (res.body) expect(res.json().message ?? '', `${c.method} ${url}`).not.toBe('Rota não encontrada.');
      if (res.statusCode === 200 && c.answer === 'list') expect(res.json(), `${c.method} ${url}`).toMatchObject({ data: expect.any(Array), meta: { page: expect.any(Number), perPage: expect.any(Number), total: expect.any(Number) } });
      if (res.statusCode === 200 && c.answer === 'collection') expect(res.json().data, `${c.method} ${url}`).toEqual(expect.any(Array));
      if (res.statusCode === 200 && c.answer === 'record') expect(res.json().data, `${c.method} ${url}`).toEqual(expect.objectContaining({ id: expect.any(Number) }));
    }
  });
});
