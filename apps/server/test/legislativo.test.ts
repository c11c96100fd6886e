/**
 * Legislativo: parliamentarians and their sub-lists, parties, coalitions, legislatures, legislative sessions and
 * their Mesa Diretora, mandates, dependents, absences, affiliations, agents — through the API, on the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string; // admin of the câmara
let adminPm: string; // admin of the prefeitura (another company)
let vereador: string; // cm_parlamentar, linked to "Vera Lúcia"
let operador: string; // cm_admin + cm_operador_sessao + cm_operador_painel
let protocolo: string; // prefeitura protocol clerk (no Legislativo role)

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(parts: { name: string; value?: string; file?: { data: Buffer; filename: string; type: string } }[]) {
  const boundary = '----pacoTest123';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.file) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}\r\n\r\n`), p.file.data, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function send(method: string, url: string, token: string | undefined, mp: ReturnType<typeof multipart>) {
  const res = await t.app.inject({ method: method as never, url, headers: { ...mp.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: mp.body });
  return Object.assign(res, { json: () => JSON.parse(res.body) });
}

const get = (url: string, token = admin) => t.call('GET', url, { token });
const post = (url: string, body: unknown, token = admin) => t.call('POST', url, { token, body });
const put = (url: string, body: unknown, token = admin) => t.call('PUT', url, { token, body });
const del = (url: string, token = admin) => t.call('DELETE', url, { token });

/** id of a demo record found by a search */
async function idOf(path: string, q: string, token = admin): Promise<number> {
  const res = await get(`/api/${path}?q=${encodeURIComponent(q)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.length, `${path}?q=${q}`).toBeGreaterThan(0);
  return res.json().data[0].id;
}
async function typeId(type: string, slug: string): Promise<number> {
  const res = await get(`/api/types_of/${type}`);
  return res.json().data.find((x: { slug: string }) => x.slug === slug).id;
}

beforeAll(async () => {
  t = await makeApp();
  [admin, adminPm, vereador, operador, protocolo] = await Promise.all(
    ['admin@paco.demo', 'admin.prefeitura@paco.demo', 'vereador@paco.demo', 'operador@paco.demo', 'protocolo@paco.demo'].map((e) => t.login(e)),
  );
});
afterAll(async () => { await t?.close(); });

describe('parties', () => {
  it('lists the demo parties paged (?page=), searches accent-free, sorts and filters', async () => {
    const page = await get('/api/parties?page=1&perPage=5&sort=-number');
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toMatchObject({ page: 1, perPage: 5, total: 10 });
    expect(page.json().data.map((p: { number: number }) => p.number)).toEqual([55, 45, 44, 40, 22]);
    const search = await get('/api/parties?q=uniao');
    expect(search.json().data.map((p: { abbreviations: string }) => p.abbreviations)).toEqual(['UNIÃO']);
    const filtered = await get('/api/parties?number=13');
    expect(filtered.json().data.map((p: { abbreviations: string }) => p.abbreviations)).toEqual(['PT']);
    const all = await get('/api/parties/all');
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toBeUndefined();
    expect(all.json().data).toHaveLength(10);
  });

  it('creates, validates in pt-BR, shows, updates (PUT and ?_method=PUT), uploads the logo and deletes', async () => {
    const bad = await post('/api/parties', { name: '', number: 7 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ abbreviations: ['O campo Sigla é obrigatório.'], name: ['O campo Nome é obrigatório.'], number: ['O campo Número deve ser no mínimo 10.'] });
    const created = await post('/api/parties', { abbreviations: 'NOVO', name: 'Partido Novo', number: 30, founded: '2011-02-12' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const dup = await post('/api/parties', { abbreviations: 'NOVO', name: 'Outro' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.abbreviations[0]).toMatch(/Já existe/);
    const period = await put(`/api/parties/${id}`, { extinct: '2000-01-01' });
    expect(period.statusCode).toBe(422);
    expect(period.json().errors.extinct[0]).toBe('O campo Extinção deve ser igual ou posterior a Fundação.');
    expect((await put(`/api/parties/${id}`, { observation: 'Registrado no TSE em 2015.' })).json().data.observation).toBe('Registrado no TSE em 2015.');
    const override = await post(`/api/parties/${id}?_method=PUT`, { name: 'Partido Novo (NOVO)' });
    expect(override.statusCode).toBe(200);
    expect((await get(`/api/parties/${id}`)).json().data).toMatchObject({ abbreviations: 'NOVO', name: 'Partido Novo (NOVO)', number: 30, founded: '2011-02-12' });
    const logo = await send('POST', `/api/parties/${id}/upload`, admin, multipart([{ name: 'logo', file: { data: PNG, filename: 'novo.png', type: 'image/png' } }]));
    expect(logo.statusCode, logo.body).toBe(200);
    expect(logo.json().data.logo.url).toMatch(/^\/api\/files\//);
    expect((await del(`/api/parties/${id}`)).statusCode).toBe(204);
    expect((await get(`/api/parties/${id}`)).statusCode).toBe(404);
  });

  it('refuses deleting a party with affiliations (409), other companies (404) and roles outside Legislaturas/Partidos (403)', async () => {
    const pt = await idOf('parties', 'Trabalhadores');
    const res = await del(`/api/parties/${pt}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Não é possível excluir o partido: há registros vinculados (filiações partidárias).');
    expect((await get(`/api/parties/${pt}`, adminPm)).statusCode).toBe(404);
    expect((await put(`/api/parties/${pt}`, { name: 'X' }, adminPm)).statusCode).toBe(404);
    expect((await get('/api/parties', vereador)).statusCode).toBe(403);
    expect((await get('/api/parties/all', vereador)).statusCode).toBe(403);
    expect((await get('/api/parties')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/parties')).statusCode).toBe(401);
  });
});

describe('legislatures and legislative sessions', () => {
  it('CRUD of legislatures with period check, search, legislative_sections and 409 when in use', async () => {
    const bad = await post('/api/legislatures', { numero: 'vinte', inicio: '2029-01-01', fim: '2028-12-31' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ numero: ['O campo Número é inválido.'], descricao: ['O campo Descrição é obrigatório.'] });
    const backwards = await post('/api/legislatures', { numero: 20, descricao: '20ª Legislatura (2029–2032)', inicio: '2029-01-01', fim: '2028-12-31' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.fim).toEqual(['O campo Fim deve ser igual ou posterior a Início.']);
    const created = await post('/api/legislatures', { numero: 20, descricao: '20ª Legislatura (2029–2032)', eleicao: '2028-10-01', inicio: '2029-01-01', fim: '2032-12-31' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const list = await get('/api/legislatures?sort=numero&q=legislatura');
    expect(list.json().data.map((l: { numero: number }) => l.numero)).toEqual([19, 20]);
    expect((await put(`/api/legislatures/${id}`, { eleicao: '2028-10-08' })).json().data.eleicao).toBe('2028-10-08');
    expect((await get(`/api/legislatures/${id}`, adminPm)).statusCode).toBe(404);
    expect((await get('/api/legislatures', vereador)).statusCode).toBe(403);

    const current = await idOf('legislatures', '19ª');
    const sections = await get(`/api/legislatures/${current}/legislative_sections`);
    expect(sections.statusCode).toBe(200);
    expect(sections.json().data.map((s: { numero: number }) => s.numero).sort()).toEqual([1, 2]);
    const inUse = await del(`/api/legislatures/${current}`);
    expect(inUse.statusCode).toBe(409);
    // the database names the first family that still refers to it
    expect(inUse.json().message).toMatch(/^Não é possível excluir a legislatura: há registros vinculados \((sessões legislativas|mandatos|sessões plenárias)\)\.$/);
    expect((await del(`/api/legislatures/${id}`)).statusCode).toBe(204);
  });

  it('legislative sessions inside their legislature, with the Mesa Diretora (GET/POST :id/boards)', async () => {
    const leg = await idOf('legislatures', '19ª');
    const ordinaria = await typeId('legislative_sessions', 'ordinaria');
    const outside = await post('/api/legislative_sessions', { numero: 5, legislature_id: leg, type_id: ordinaria, inicio: '2029-02-01', fim: '2029-12-22' });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.inicio[0]).toBe('A sessão legislativa deve estar dentro da legislatura (01/01/2025 a 31/12/2028).');
    const wrongType = await post('/api/legislative_sessions', { numero: 3, legislature_id: leg, type_id: await typeId('sessions', 'solene'), inicio: '2027-02-01', fim: '2027-12-22' });
    expect(wrongType.statusCode).toBe(422);
    const created = await post('/api/legislative_sessions', { numero: 3, legislature_id: leg, type_id: ordinaria, inicio: '2027-02-01', fim: '2027-12-22' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.legislature).toMatchObject({ id: leg, descricao: '19ª Legislatura (2025–2028)' });
    const id = created.json().data.id;

    const first = (await get('/api/legislative_sessions?sort=numero&legislature_id=' + leg)).json().data[0];
    const mesa = await get(`/api/legislative_sessions/${first.id}/boards`, vereador);
    expect(mesa.statusCode).toBe(200);
    expect(mesa.json().data.map((b: { cargo: { label: string }; parliamentary: { nome: string } }) => `${b.cargo.label}: ${b.parliamentary.nome}`).sort())
      .toEqual(['1º Secretário: Zé do Mercado', '2º Secretário: Tânia Ribeiro', 'Presidente: Dr. Ricardo Menezes', 'Vice-Presidente: Ana Paula Rocha']);

    const presidente = await typeId('cargos_mesa', 'presidente');
    const beto = await idOf('parliamentaries', 'Beto');
    const lucas = await idOf('parliamentaries', 'Professor Lucas');
    const add = await post(`/api/legislative_sessions/${id}/boards`, { cargo_id: presidente, parliamentary_id: beto, legislative_session_id: first.id });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().data).toMatchObject({ legislative_session_id: id, parliamentary_id: beto });
    const taken = await post(`/api/legislative_sessions/${id}/boards`, { cargo_id: presidente, parliamentary_id: lucas });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.cargo_id).toEqual(['Este cargo já está ocupado nesta sessão legislativa.']);
    const twice = await post(`/api/legislative_sessions/${id}/boards`, { cargo_id: await typeId('cargos_mesa', 'vice_presidente'), parliamentary_id: beto });
    expect(twice.json().errors.parliamentary_id).toEqual(['Este parlamentar já ocupa um cargo da Mesa nesta sessão legislativa.']);
    expect((await post(`/api/legislative_sessions/${id}/boards`, { cargo_id: presidente, parliamentary_id: lucas }, vereador)).statusCode).toBe(403);
    expect((await get(`/api/legislative_sessions/${id}/boards`, adminPm)).statusCode).toBe(404);

    expect((await put(`/api/legislative_sessions/${id}`, { inicioIntervalo: '2027-07-31', fimIntervalo: '2027-07-18' })).json().errors.fimIntervalo)
      .toEqual(['O campo Fim do recesso deve ser igual ou posterior a Início do recesso.']);
    expect((await put(`/api/legislative_sessions/${id}`, { inicioIntervalo: '2027-07-18', fimIntervalo: '2027-07-31' })).statusCode).toBe(200);
    expect((await del(`/api/legislative_sessions/${id}`)).statusCode).toBe(204);
    expect((await get(`/api/legislative_sessions/${id}`)).statusCode).toBe(404);
  });
});

describe('boards (Mesa Diretora)', () => {
  it('CRUD with filters, read by vereadores, written by the câmara admins', async () => {
    const list = await get(`/api/boards?cargo_id=${await typeId('cargos_mesa', 'presidente')}`, vereador);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(2);
    expect(list.json().data[0].parliamentary.nome).toBe('Dr. Ricardo Menezes');
    const session = list.json().data[0].legislative_session_id;
    const missing = await post('/api/boards', { obs: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ cargo_id: ['O campo Cargo é obrigatório.'], parliamentary_id: ['O campo Parlamentar é obrigatório.'] });
    // the vice-presidency of the second session is vacated and filled again
    const vice = (await get(`/api/boards?legislative_session_id=${session}&cargo_id=${await typeId('cargos_mesa', 'vice_presidente')}`)).json().data[0];
    expect((await del(`/api/boards/${vice.id}`)).statusCode).toBe(204);
    const created = await post('/api/boards', { legislative_session_id: session, cargo_id: vice.cargo_id, parliamentary_id: await idOf('parliamentaries', 'Cida'), obs: 'Eleita em 2 de fevereiro.' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await get(`/api/boards/${id}`)).json().data.parliamentary.nome).toBe('Cida Moreira');
    expect((await put(`/api/boards/${id}`, { obs: 'Eleita por unanimidade.' })).json().data.obs).toBe('Eleita por unanimidade.');
    expect((await put(`/api/boards/${id}`, { obs: 'x' }, vereador)).statusCode).toBe(403);
    expect((await get(`/api/boards/${id}`, adminPm)).statusCode).toBe(404);
    expect((await get('/api/boards', protocolo)).statusCode).toBe(403);
  });
});

describe('parliamentarians', () => {
  it('lists the 11 vereadores with their party; search ignores accents; filters and sorts', async () => {
    const res = await get('/api/parliamentaries?perPage=20', vereador);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(11);
    const vera = res.json().data.find((p: { nome: string }) => p.nome === 'Vera Lúcia');
    expect(vera.party).toMatchObject({ abbreviations: 'PT', number: 13 });
    expect((await get('/api/parliamentaries?q=tania')).json().data.map((p: { nome: string }) => p.nome)).toEqual(['Tânia Ribeiro']);
    expect((await get('/api/parliamentaries?q=joao batista')).json().data.map((p: { nome: string }) => p.nome)).toEqual(['Joãozinho da Saúde']);
    const sorted = (await get('/api/parliamentaries?sort=-numGabinete&perPage=2')).json().data.map((p: { numGabinete: string }) => p.numGabinete);
    expect(sorted).toEqual(['111', '110']);
    expect((await get('/api/parliamentaries?ativo=false')).json().meta.total).toBe(0);
    expect((await get('/api/parliamentaries', protocolo)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/parliamentaries')).statusCode).toBe(401);
  });

  it('creates with pt-BR validation, shows, updates by PUT and by POST ?_method=PUT with a JSON or multipart form, deletes', async () => {
    const bad = await post('/api/parliamentaries', { nomeCompleto: 'Sem nome', cep: '123', fone: '12', ativo: 'talvez', city_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      nome: ['O campo Nome parlamentar é obrigatório.'], cep: ['CEP inválido (use 00000-000).'],
      fone: ['Telefone inválido (informe DDD e número).'], ativo: ['O campo Ativo é inválido.'], city_id: ['O campo Município é inválido.'],
    });
    const created = await post('/api/parliamentaries', { nome: 'Neide Suplente', nomeCompleto: 'Neide Aparecida Souza', cep: '35400-000', fone: '(31) 99876-5432', profissao: 'Comerciária', ativo: false });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().data;
    expect(p).toMatchObject({ nome: 'Neide Suplente', cep: '35400000', fone: '31998765432', ativo: false, party: null, photo_parliamentary: null });
    expect((await post('/api/parliamentaries', { nome: 'X' }, vereador)).statusCode).toBe(403);

    expect((await put(`/api/parliamentaries/${p.id}`, { numGabinete: '112' })).json().data.numGabinete).toBe('112');

    // the contract's update: POST parliamentaries/{id}?_method=PUT with a form payload carrying id
    const json = await post(`/api/parliamentaries/${p.id}?_method=PUT`, { id: p.id, nome: 'Neide Souza', ativo: true });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data).toMatchObject({ id: p.id, nome: 'Neide Souza', ativo: true, numGabinete: '112' });
    const form = await send('POST', `/api/parliamentaries/${p.id}?_method=PUT`, admin, multipart([
      { name: 'id', value: String(p.id) }, { name: 'nome', value: 'Neide da Feira' }, { name: 'ativo', value: 'false' },
      { name: 'biografia', value: 'Feirante há 20 anos.' }, { name: 'foneResidencial', value: 'null' },
      { name: 'photo_parliamentary', file: { data: PNG, filename: 'neide.png', type: 'image/png' } },
    ]));
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data).toMatchObject({ nome: 'Neide da Feira', ativo: false, biografia: 'Feirante há 20 anos.', foneResidencial: null });
    expect(form.json().data.photo_parliamentary).toMatchObject({ name: 'neide.png', mime: 'image/png' });
    const photo = await t.call('GET', form.json().data.photo_parliamentary.url);
    expect(photo.statusCode).toBe(200);
    const formBad = await send('POST', `/api/parliamentaries/${p.id}?_method=PUT`, admin, multipart([{ name: 'id', value: String(p.id) }, { name: 'nome', value: '' }, { name: 'cep', value: 'abc' }]));
    expect(formBad.statusCode).toBe(422);
    expect(formBad.json().errors).toMatchObject({ nome: ['O campo Nome parlamentar é obrigatório.'], cep: ['CEP inválido (use 00000-000).'] });
    const wrongId = await post(`/api/parliamentaries/${p.id}?_method=PUT`, { id: p.id + 1000, nome: 'Outro' });
    expect(wrongId.statusCode).toBe(422);
    expect(wrongId.json().errors.id).toEqual(['O id do formulário não corresponde ao parlamentar do endereço.']);
    const notPhoto = await send('POST', `/api/parliamentaries/${p.id}?_method=PUT`, admin, multipart([{ name: 'photo_parliamentary', file: { data: Buffer.from('texto'), filename: 'a.png', type: 'image/png' } }]));
    expect(notPhoto.statusCode).toBe(422);
    expect((await post(`/api/parliamentaries/${p.id}?_method=PUT`, { nome: 'X' }, vereador)).statusCode).toBe(403);
    expect((await post(`/api/parliamentaries/${p.id}?_method=PUT`, { nome: 'X' }, adminPm)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/parliamentaries/${p.id}?_method=PUT`, { body: { nome: 'X' } })).statusCode).toBe(401);
    expect((await post(`/api/parliamentaries/${p.id}?_method=PUT`, [1, 2])).statusCode).toBe(422);

    const shown = await get(`/api/parliamentaries/${p.id}`, vereador);
    expect(shown.json().data).toMatchObject({ nome: 'Neide da Feira', users: [] });
    expect((await get(`/api/parliamentaries/${p.id}`, adminPm)).statusCode).toBe(404);
    expect((await del(`/api/parliamentaries/${p.id}`, adminPm)).statusCode).toBe(404);
    expect((await post(`/api/parliamentaries/${p.id}?_method=DELETE`, {})).statusCode).toBe(204);
    expect((await get(`/api/parliamentaries/${p.id}`)).statusCode).toBe(404);
  });

  it('refuses deleting a parliamentarian with a history (409, pt-BR)', async () => {
    const res = await del(`/api/parliamentaries/${await idOf('parliamentaries', 'Ricardo')}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Não é possível excluir o parlamentar: há registros vinculados \(.+\)\. Para tirá-lo das listas, marque-o como inativo\.$/);
    expect(res.json().message).toMatch(/filiações partidárias/);
  });

  it('uploads the photo (POST :id/upload), checked by content', async () => {
    const id = await idOf('parliamentaries', 'Pastor Edson');
    const ok = await send('POST', `/api/parliamentaries/${id}/upload`, admin, multipart([{ name: 'photo_parliamentary', file: { data: PNG, filename: 'edson.png', type: 'image/png' } }]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.photo_parliamentary.url).toMatch(/^\/api\/files\/.*exp=0/);
    const pdf = await send('POST', `/api/parliamentaries/${id}/upload`, admin, multipart([{ name: 'photo_parliamentary', file: { data: PDF, filename: 'x.png', type: 'image/png' } }]));
    expect(pdf.statusCode).toBe(422);
    expect((await send('POST', `/api/parliamentaries/${id}/upload`, vereador, multipart([{ name: 'file', file: { data: PNG, filename: 'a.png', type: 'image/png' } }]))).statusCode).toBe(403);
  });

  it('GET parliamentaries/active: active ones without paging, also for session operators', async () => {
    const res = await get('/api/parliamentaries/active', operador);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toBeUndefined();
    expect(res.json().data.length).toBeGreaterThanOrEqual(11);
    expect(res.json().data.every((p: { ativo: boolean }) => p.ativo)).toBe(true);
    expect((await get('/api/parliamentaries/active', protocolo)).statusCode).toBe(403);
  });

  it('GET parliamentariesCompany/:id is public and shows only public fields', async () => {
    const me = (await get('/api/load-user')).json().data;
    const res = await t.call('GET', `/api/parliamentariesCompany/${me.company_id}`);
    expect(res.statusCode).toBe(200);
    const vera = res.json().data.find((p: { nome: string }) => p.nome === 'Vera Lúcia');
    expect(Object.keys(vera).sort()).toEqual(['id', 'nome', 'nomeCompleto', 'party', 'photo', 'photo_parliamentary'].sort());
    expect(vera.party).toMatchObject({ abbreviations: 'PT' });
    expect(JSON.stringify(res.json())).not.toMatch(/fone|biografia|endResidencial/);
    expect((await t.call('GET', '/api/parliamentariesCompany/999999')).statusCode).toBe(404);
    expect((await t.call('GET', '/api/parliamentariesCompany/abc')).statusCode).toBe(404);
    const other = (await get('/api/load-user', adminPm)).json().data.company_id;
    expect((await t.call('GET', `/api/parliamentariesCompany/${other}`)).json().data).toEqual([]);
  });

  it('GET is-parliamentary answers from the user link', async () => {
    const yes = await get('/api/is-parliamentary', vereador);
    expect(yes.statusCode).toBe(200);
    expect(yes.json().data.isParliamentary).toBe(true);
    expect(yes.json().data.parliamentary).toMatchObject({ nome: 'Vera Lúcia', party: { abbreviations: 'PT' } });
    expect(yes.json().data.parliamentary.dependents.map((d: { name: string }) => d.name)).toContain('Mariana Andrade Campos');
    const no = await get('/api/is-parliamentary', admin);
    expect(no.json().data).toEqual({ isParliamentary: false, parliamentary: null });
    expect((await t.call('GET', '/api/is-parliamentary')).statusCode).toBe(401);
  });
});

describe('sub-lists of a parliamentarian', () => {
  it('dependents: get_dependents / add_dependent', async () => {
    const id = await idOf('parliamentaries', 'Sargento');
    const add = await post(`/api/parliamentaries/${id}/add_dependent`, { name: 'Lívia de Almeida', type_id: await typeId('dependents', 'filho'), parliamentary_id: 999 });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().data).toMatchObject({ parliamentary_id: id, type: { label: 'Filho(a)' } });
    expect((await post(`/api/parliamentaries/${id}/add_dependent`, {})).json().errors.name).toEqual(['O campo Nome é obrigatório.']);
    const list = await get(`/api/parliamentaries/${id}/get_dependents`, vereador);
    expect(list.json().data.map((d: { name: string }) => d.name)).toEqual(['Lívia de Almeida']);
    expect((await get(`/api/parliamentaries/${id}/get_dependents`, adminPm)).statusCode).toBe(404);
    expect((await post(`/api/parliamentaries/${id}/add_dependent`, { name: 'X' }, vereador)).statusCode).toBe(403);
  });

  it('mandates: get_mandates / add_mandates, one per legislature', async () => {
    const id = await idOf('parliamentaries', 'Zé do Mercado');
    const list = await get(`/api/parliamentaries/${id}/get_mandates`);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ votos: 1530, titular: true, legislature: { descricao: '19ª Legislatura (2025–2028)' } });
    const leg = list.json().data[0].legislature_id;
    const dup = await post(`/api/parliamentaries/${id}/add_mandates`, { legislature_id: leg, votos: 10 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.legislature_id).toEqual(['O parlamentar já tem um mandato nesta legislatura.']);
    const old = await post('/api/legislatures', { numero: 18, descricao: '18ª Legislatura (2021–2024)', inicio: '2021-01-01', fim: '2024-12-31' });
    const add = await post(`/api/parliamentaries/${id}/add_mandates`, { legislature_id: old.json().data.id, votos: 1211, inicio: '2021-01-01', fim: '2024-12-31', titular: true });
    expect(add.statusCode, add.body).toBe(201);
    expect((await get(`/api/parliamentaries/${id}/get_mandates`)).json().data).toHaveLength(2);
  });

  it('affiliations: get_affiliations / add_affiliation, one party at a time', async () => {
    const id = await idOf('parliamentaries', 'Beto Carvalho');
    const current = (await get(`/api/parliamentaries/${id}/get_affiliations`)).json().data;
    expect(current.map((a: { party: { abbreviations: string } }) => a.party.abbreviations)).toEqual(['PSDB']);
    const pv = (await post('/api/parties', { abbreviations: 'PV', name: 'Partido Verde', number: 43 })).json().data.id;
    const overlap = await post(`/api/parliamentaries/${id}/add_affiliation`, { party_id: pv, inicio: '2026-03-01' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors.inicio).toEqual(['O parlamentar já tem filiação partidária neste período (encerre a filiação anterior).']);
    expect((await put(`/api/affiliations/${current[0].id}`, { fim: '2026-02-28' })).statusCode).toBe(200);
    const add = await post(`/api/parliamentaries/${id}/add_affiliation`, { party_id: pv, inicio: '2026-03-01', obs: 'Janela partidária de 2026.' });
    expect(add.statusCode, add.body).toBe(201);
    const foreign = await post(`/api/parliamentaries/${id}/add_affiliation`, { party_id: 999999, inicio: '2030-01-01' });
    expect(foreign.json().errors.party_id).toEqual(['Partido: registro não encontrado.']);
  });

  it('users: get_users / add_user / remove_user/:id, and is-parliamentary follows the link', async () => {
    const id = await idOf('parliamentaries', 'Professor Lucas');
    const users = (await get('/api/admin/users?q=otavio')).json().data;
    const otavio = users[0].id;
    // the demo links each vereador to their own sign-in (Professor Lucas: vereador8@paco.demo)
    const seeded = (await get(`/api/parliamentaries/${id}/get_users`)).json().data.map((u: { name: string }) => u.name);
    expect(seeded).toEqual(['Lucas Henrique Barbosa']);
    const add = await post(`/api/parliamentaries/${id}/add_user`, { user_id: otavio });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data.map((u: { name: string }) => u.name).sort()).toEqual(['Lucas Henrique Barbosa', 'Otávio Operador']);
    expect((await get(`/api/parliamentaries/${id}/get_users`)).json().data.map((u: { id: number }) => u.id)).toContain(otavio);
    expect((await get('/api/is-parliamentary', operador)).json().data.parliamentary.nome).toBe('Professor Lucas');
    const other = (await get('/api/admin/users?q=paulo', adminPm)).json().data[0].id;
    expect((await post(`/api/parliamentaries/${id}/add_user`, { user_id: other })).statusCode).toBe(422);
    expect((await post(`/api/parliamentaries/${id}/add_user`, { user_id: otavio }, vereador)).statusCode).toBe(403);
    const rm = await post(`/api/parliamentaries/${id}/remove_user/${otavio}`, {});
    expect(rm.statusCode).toBe(200);
    expect(rm.json().data.map((u: { name: string }) => u.name)).toEqual(['Lucas Henrique Barbosa']);
    expect((await get('/api/is-parliamentary', operador)).json().data.isParliamentary).toBe(false);
  });

  it('reports and commissions: reports / add_report, get_comissions / add_comission', async () => {
    const id = await idOf('parliamentaries', 'Ana Paula');
    const reports = await get(`/api/parliamentaries/${id}/reports`);
    expect(reports.statusCode).toBe(200);
    expect(Array.isArray(reports.json().data)).toBe(true);
    const noMatter = await post(`/api/parliamentaries/${id}/add_report`, { designacao: '2026-03-10' });
    expect(noMatter.statusCode).toBe(422);
    expect(noMatter.json().errors.matter_id).toBeDefined();
    const comissions = await get(`/api/parliamentaries/${id}/get_comissions`);
    expect(comissions.statusCode).toBe(200);
    expect(Array.isArray(comissions.json().data)).toBe(true);
    const noComposition = await post(`/api/parliamentaries/${id}/add_comission`, {});
    expect(noComposition.statusCode).toBe(422);
    expect(noComposition.json().errors.composition_id).toBeDefined();
    expect((await get(`/api/parliamentaries/${id}/reports`, adminPm)).statusCode).toBe(404);
  });

  it('matters and propositions: get_matters / add_matter, propositions / add_proposition (through the author record)', async () => {
    const id = await idOf('parliamentaries', 'Cida');
    const before = (await get(`/api/parliamentaries/${id}/get_matters`)).json().meta.total;
    const badMatter = await post(`/api/parliamentaries/${id}/add_matter`, { matter_id: 999999 });
    expect(badMatter.statusCode).toBe(422);
    expect(badMatter.json().errors.matter_id).toEqual(['Matéria não encontrada.']);
    const invalid = await post(`/api/parliamentaries/${id}/add_matter`, { ementa: '' });
    expect(invalid.statusCode).toBe(422);
    const created = await post(`/api/parliamentaries/${id}/add_matter`, {
      type_id: await typeId('matters', 'ind'), dataApresentacao: '2026-03-02', ementa: 'Indica a instalação de iluminação pública na Rua das Acácias.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const matterId = created.json().data.id;
    const mine = await get(`/api/parliamentaries/${id}/get_matters`, vereador);
    expect(mine.json().meta.total).toBe(before + 1);
    expect(mine.json().data.map((m: { id: number }) => m.id)).toContain(matterId);
    // an existing matter gets a co-author
    const lucas = await idOf('parliamentaries', 'Professor Lucas');
    expect((await post(`/api/parliamentaries/${lucas}/add_matter`, { matter_id: matterId })).statusCode).toBe(201);
    expect((await get(`/api/parliamentaries/${lucas}/get_matters?perPage=100`)).json().data.map((m: { id: number }) => m.id)).toContain(matterId);
    expect((await post(`/api/parliamentaries/${lucas}/add_matter`, { matter_id: matterId }, adminPm)).statusCode).toBe(404);

    const badProp = await post(`/api/parliamentaries/${id}/add_proposition`, { ementa: '' });
    expect(badProp.statusCode).toBe(422);
    expect(badProp.json().errors.ementa).toEqual(['O campo Ementa é obrigatório.']);
    const prop = await post(`/api/parliamentaries/${id}/add_proposition`, { type_id: await typeId('propositions', 'emenda'), ementa: 'Emenda modificativa ao art. 2º.', numero: 1, ano: 2026 });
    expect(prop.statusCode, prop.body).toBe(201);
    const props = await get(`/api/parliamentaries/${id}/propositions?perPage=100`);
    expect(props.json().data.map((x: { ementa: string }) => x.ementa)).toContain('Emenda modificativa ao art. 2º.');
    expect(props.json().data.find((x: { ementa: string }) => x.ementa === 'Emenda modificativa ao art. 2º.').author.name).toBe('Cida Moreira');
    expect((await post(`/api/parliamentaries/${id}/add_proposition`, { ementa: 'x' }, vereador)).statusCode).toBe(403);
  });
});

describe('mandates, coalitions, dependents, absences, affiliations, agents', () => {
  it('coalitions CRUD', async () => {
    expect((await post('/api/coalitions', {})).json().errors.name).toEqual(['O campo Nome é obrigatório.']);
    const c = await post('/api/coalitions', { name: 'Frente Vila Serena Unida', description: 'Coligação majoritária de 2024.' });
    expect(c.statusCode).toBe(201);
    const id = c.json().data.id;
    expect((await get('/api/coalitions?q=serena', vereador)).json().data.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await put(`/api/coalitions/${id}`, { name: 'Frente Vila Serena' })).json().data.name).toBe('Frente Vila Serena');
    expect((await get(`/api/coalitions/${id}`, adminPm)).statusCode).toBe(404);
    expect((await post('/api/coalitions', { name: 'X' }, vereador)).statusCode).toBe(403);
    // referenced by a mandate → 409
    const mandate = (await get('/api/mandates?perPage=1')).json().data[0];
    expect((await put(`/api/mandates/${mandate.id}`, { coalition_id: id })).json().data.coalition).toMatchObject({ name: 'Frente Vila Serena' });
    const inUse = await del(`/api/coalitions/${id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('Não é possível excluir a coligação: há registros vinculados (mandatos).');
    expect((await put(`/api/mandates/${mandate.id}`, { coalition_id: null })).statusCode).toBe(200);
    expect((await del(`/api/coalitions/${id}`)).statusCode).toBe(204);
  });

  it('mandates CRUD', async () => {
    const p = await idOf('parliamentaries', 'Tânia');
    const leg = (await post('/api/legislatures', { numero: 17, descricao: '17ª Legislatura (2017–2020)', inicio: '2017-01-01', fim: '2020-12-31' })).json().data.id;
    const bad = await post('/api/mandates', { parliamentary_id: p, votos: -1, inicio: '2020-01-01', fim: '2017-01-01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ legislature_id: ['O campo Legislatura é obrigatório.'], votos: ['O campo Votos deve ser no mínimo 0.'] });
    const m = await post('/api/mandates', { parliamentary_id: p, legislature_id: leg, votos: 402, titular: false, obs: 'Suplente em exercício.' });
    expect(m.statusCode, m.body).toBe(201);
    const id = m.json().data.id;
    expect((await get(`/api/mandates?parliamentary_id=${p}&sort=-votos`)).json().data.map((x: { votos: number }) => x.votos)).toEqual([903, 402]);
    expect((await put(`/api/mandates/${id}`, { inicio: '2019-03-01', fim: '2019-01-01' })).json().errors.fim).toEqual(['O campo Fim deve ser igual ou posterior a Início.']);
    expect((await get(`/api/mandates/${id}`, vereador)).json().data.titular).toBe(false);
    expect((await get(`/api/mandates/${id}`, adminPm)).statusCode).toBe(404);
    expect((await del(`/api/mandates/${id}`, vereador)).statusCode).toBe(403);
    expect((await del(`/api/mandates/${id}`)).statusCode).toBe(204);
  });

  it('dependents CRUD', async () => {
    const p = await idOf('parliamentaries', 'Vera');
    const list = await get(`/api/dependents?parliamentary_id=${p}&sort=name`, vereador);
    expect(list.json().data.map((d: { name: string }) => d.name)).toEqual(['Mariana Andrade Campos', 'Paulo Henrique Campos']);
    const bad = await post('/api/dependents', { name: 'Sem parlamentar' });
    expect(bad.json().errors).toMatchObject({ parliamentary_id: ['O campo Parlamentar é obrigatório.'] });
    const wrongType = await post('/api/dependents', { parliamentary_id: p, name: 'Rita', type_id: await typeId('matters', 'pl') });
    expect(wrongType.json().errors).toEqual({ type_id: ['Parentesco: registro não encontrado.'] });
    const d = await post('/api/dependents', { parliamentary_id: p, name: 'Rita Andrade', type_id: await typeId('dependents', 'pai_mae') });
    expect(d.statusCode).toBe(201);
    expect((await get('/api/dependents?q=rita')).json().data).toHaveLength(1);
    expect((await put(`/api/dependents/${d.json().data.id}`, { name: 'Rita de Cássia Andrade' })).json().data.name).toBe('Rita de Cássia Andrade');
    expect((await get(`/api/dependents/${d.json().data.id}`, adminPm)).statusCode).toBe(404);
    expect((await del(`/api/dependents/${d.json().data.id}`)).statusCode).toBe(204);
  });

  it('absences CRUD (also by the session operator)', async () => {
    const p = await idOf('parliamentaries', 'Vera');
    const bad = await post('/api/absences', { parliamentary_id: p, data: '31/02/2026', horario: '25:00' }, operador);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ data: ['Data inválida.'], horario: ['Horário inválido (use hh:mm).'] });
    const a = await post('/api/absences', { parliamentary_id: p, data: '2026-03-09', horario: '19:00', obs: 'Consulta médica (atestado anexo).' }, operador);
    expect(a.statusCode, a.body).toBe(201);
    const id = a.json().data.id;
    const up = await send('POST', `/api/absences/${id}/upload`, operador, multipart([{ name: 'anexo', file: { data: PDF, filename: 'atestado.pdf', type: 'application/pdf' } }]));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.anexo).toMatchObject({ name: 'atestado.pdf', mime: 'application/pdf' });
    expect((await get('/api/absences?q=atestado&sort=-data', vereador)).json().data.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await put(`/api/absences/${id}`, { horario: '18:30' }, operador)).json().data.horario).toMatch(/^18:30/);
    expect((await post('/api/absences', { parliamentary_id: p, data: '2026-03-10' }, vereador)).statusCode).toBe(403);
    expect((await get(`/api/absences/${id}`, adminPm)).statusCode).toBe(404);
    expect((await del(`/api/absences/${id}`, operador)).statusCode).toBe(204);
  });

  it('affiliations CRUD with the upload of the ficha de filiação', async () => {
    const p = await idOf('parliamentaries', 'Pastor Edson');
    const list = (await get(`/api/affiliations?parliamentary_id=${p}`)).json().data;
    expect(list[0].party.abbreviations).toBe('REPUBLICANOS');
    const bad = await post('/api/affiliations', { parliamentary_id: p, party_id: list[0].party_id, inicio: '2010-01-01', fim: '2009-01-01' });
    expect(bad.json().errors.fim).toEqual(['O campo Fim deve ser igual ou posterior a Início.']);
    const old = await post('/api/affiliations', { parliamentary_id: p, party_id: await idOf('parties', 'PSD'), inicio: '2012-04-01', fim: '2019-11-19' });
    expect(old.statusCode, old.body).toBe(201);
    const id = old.json().data.id;
    const up = await send('POST', `/api/affiliations/${id}/upload`, admin, multipart([{ name: 'file', file: { data: PDF, filename: 'ficha.pdf', type: 'application/pdf' } }]));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.anexo.name).toBe('ficha.pdf');
    expect((await send('POST', `/api/affiliations/${id}/upload`, admin, multipart([{ name: 'anexo', file: { data: Buffer.from('MZ\x90\x00'), filename: 'x.exe', type: 'application/pdf' } }]))).statusCode).toBe(422);
    expect((await get(`/api/affiliations?parliamentary_id=${p}&sort=inicio`)).json().data.map((x: { id: number }) => x.id)[0]).toBe(id);
    expect((await put(`/api/affiliations/${id}`, { obs: 'Desfiliação a pedido.' })).json().data.obs).toBe('Desfiliação a pedido.');
    expect((await get(`/api/affiliations/${id}`, adminPm)).statusCode).toBe(404);
    expect((await put(`/api/affiliations/${id}`, { obs: 'x' }, vereador)).statusCode).toBe(403);
    expect((await del(`/api/affiliations/${id}`)).statusCode).toBe(204);
  });

  it('agents CRUD with the net pay computed', async () => {
    const list = await get('/api/agents?sort=-liquido', vereador);
    expect(list.json().data[0]).toMatchObject({ name: 'Cláudia Regina Souza', liquido: 5426.63 });
    const bad = await post('/api/agents', { provento: -10, desconto: 'muito' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ name: ['O campo Nome é obrigatório.'], provento: ['O campo Proventos deve ser no mínimo 0.'], desconto: ['O campo Descontos é inválido.'] });
    const a = await post('/api/agents', { name: 'Sérgio Antunes', matricula: '0051', provento: 3200.5, desconto: 410.25 });
    expect(a.statusCode).toBe(201);
    expect(a.json().data.liquido).toBe(2790.25);
    const id = a.json().data.id;
    expect((await post('/api/agents', { name: 'Outro', matricula: '0051' })).json().errors.matricula[0]).toMatch(/Já existe/);
    expect((await put(`/api/agents/${id}`, { desconto: 200.5 })).json().data.liquido).toBe(3000);
    expect((await get('/api/agents?q=sergio')).json().data.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await get(`/api/agents/${id}`, adminPm)).statusCode).toBe(404);
    expect((await post('/api/agents', { name: 'X' }, vereador)).statusCode).toBe(403);
    expect((await del(`/api/agents/${id}`)).statusCode).toBe(204);
  });
});

describe('malformed input never gives 500 and stores nothing', () => {
  const paths = ['parties', 'coalitions', 'legislatures', 'legislative_sessions', 'boards', 'parliamentaries', 'mandates', 'dependents', 'absences', 'affiliations', 'agents'];
  const junk: unknown[] = [
    [1, 2, 3], 'texto', 42, null, { nome: { $gt: '' } }, { name: 'x'.repeat(100_000) }, { numero: 1e40, votos: '1e400', data: '2026-13-45' },
    { parliamentary_id: -1, party_id: '1; drop table parties', legislature_id: 2 ** 40 }, { inicio: [], fim: {}, ativo: 'sim' }, { '__proto__': { admin: true }, constructor: 1 },
  ];
  it.each(paths)('%s', async (path) => {
    const before = (await get(`/api/${path}?perPage=1`)).json().meta.total;
    const one = (await get(`/api/${path}?perPage=1`)).json().data[0];
    for (const body of junk) {
      for (const [m, url] of [['POST', `/api/${path}`], ['PUT', `/api/${path}/${one?.id ?? 1}`], ['POST', `/api/${path}/${one?.id ?? 1}?_method=PUT`]] as const) {
        const res = await t.call(m, url, { token: admin, body });
        expect(res.statusCode, `${m} ${url} ${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (m === 'POST' && !url.includes('?')) expect(res.statusCode).not.toBe(201);
      }
      const raw = await t.app.inject({ method: 'POST', url: `/api/${path}`, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: '{"nome": ' });
      expect(raw.statusCode).toBe(422);
    }
    for (const q of ['?page=-1', '?perPage=99999', '?sort=;drop', '?parliamentary_id=abc', '?ativo=talvez', '?q=%27%22%5C', '?number=1e99']) {
      expect((await get(`/api/${path}${q}`)).statusCode, q).toBeLessThan(500);
    }
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) expect((await get(`/api/${path}/${bad}`)).statusCode).toBe(404);
    expect((await get(`/api/${path}?perPage=1`)).json().meta.total).toBe(before);
  });
});
