/**
 * Culture registry (artists, culture groups, places, registration progress, "Meu Cadastro", is-artist, print) and
 * the ombudsman (manifestações: numbering, restricted identity, deadlines, public channel).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNationalHoliday } from '@paco/domain/holidays';
import { companies, logs, manifestacoes } from '../src/db/schema.generated.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let cultura: string; // pm_cultura_admin (prefeitura)
let adminPm: string; // admin (prefeitura)
let adminCm: string; // admin (câmara)
let protocolo: string; // protocolo (prefeitura): no culture or ombudsman access
let artista: string; // pm_cultura_artista with a record (seed)
let grupo: string; // pm_cultura_grupo with a record (seed)
let prefeitura: number;

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
function multipart(field: string, filename: string, mime: string, data: Buffer) {
  const boundary = `----paco${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await makeApp();
  [cultura, adminPm, adminCm, protocolo, artista, grupo] = await Promise.all(
    ['cultura@paco.demo', 'admin.prefeitura@paco.demo', 'admin@paco.demo', 'protocolo@paco.demo', 'artista@paco.demo', 'grupo@paco.demo'].map((e) => t.login(e)),
  );
  const [pm] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.abreviacao, 'PMVS'));
  prefeitura = pm.id;
});
afterAll(async () => { await t?.close(); });

const artist = (over: Record<string, unknown> = {}) => ({
  nomeCompleto: 'Tereza Cristina Barbosa', nomeArtistico: 'Tereza Viola', cpf: '483.920.571-04', dataNascimento: '1979-05-10',
  Sexo: 'feminino', Escolaridade: 'medio', racaCor: 'parda', pcd: false, bairro: 'Centro', cep: '35400-000', celular: '(31) 98765-4321',
  email: 'tereza.viola@exemplo.com.br', banco: '001 - Banco do Brasil', agencia: '1111', conta: '22222-3', tipoConta: 'corrente',
  liguagemSelect: ['musica'], declaracaoMorador: true, declaracaoAutentico: true, ...over,
});

describe('artists', () => {
  let id: number;

  it('creates a registration as pendente, recording the artist as the account holder', async () => {
    const res = await t.call('POST', '/api/artists', { token: cultura, body: artist({ situacao: 'ativo', senha: 'x', confirmaSenha: 'x' }) });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ nomeCompleto: 'Tereza Cristina Barbosa', cpf: '48392057104', cep: '35400000', situacao: 'pendente', cpfTitularConta: '48392057104', liguagemSelect: ['musica'] });
    expect(data).not.toHaveProperty('senha');
    id = data.id;
    // LGPD: the staff list (and its CSV) shows every CPF of the record masked; the record itself in full
    const listed = (await t.call('GET', `/api/artists?q=${encodeURIComponent('Tereza Cristina')}`, { token: cultura })).json().data.find((a: { id: number }) => a.id === id);
    expect(listed).toMatchObject({ cpf: '***.920.571-**', cpfTitularConta: '***.920.571-**' });
    expect((await t.call('GET', `/api/artists/${id}`, { token: cultura })).json().data).toMatchObject({ cpf: '48392057104', cpfTitularConta: '48392057104' });
  });

  it('refuses invalid data with pt-BR messages per field', async () => {
    const res = await t.call('POST', '/api/artists', { token: cultura, body: { cpf: '123.456.789-00', email: 'x', cep: '123', declaracaoAutentico: false } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      nomeCompleto: ['O campo Nome completo é obrigatório.'], cpf: ['CPF inválido.'], email: ['Informe um e-mail válido.'],
    });
    const decl = await t.call('POST', '/api/artists', { token: cultura, body: artist({ cpf: '98765432100', declaracaoAutentico: false }) });
    expect(decl.json().errors).toEqual({ declaracaoAutentico: ['É necessário declarar que as informações são verdadeiras.'] });
    const holder = await t.call('POST', '/api/artists', { token: cultura, body: artist({ cpf: '98765432100', cpfTitularConta: '529.982.247-25' }) });
    expect(holder.json().errors).toEqual({ cpfTitularConta: ['A conta bancária deve estar em nome do próprio artista (mesmo CPF).'] });
    const lang = await t.call('POST', '/api/artists', { token: cultura, body: artist({ cpf: '98765432100', liguagemSelect: ['musica', 'xadrez'] }) });
    expect(lang.json().errors).toEqual({ liguagemSelect: ['Opção desconhecida em Linguagens: xadrez.'] });
    const dup = await t.call('POST', '/api/artists', { token: cultura, body: artist() });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.cpf[0]).toEqual('Já existe um artista com o mesmo valor em “CPF”.');
  });

  it('lists with search, sort and filters', async () => {
    const s = await t.call('GET', '/api/artists?q=cida', { token: cultura });
    expect(s.json().data.map((a: { nomeArtistico: string }) => a.nomeArtistico)).toEqual(['Cida do Samba']);
    const accents = await t.call('GET', '/api/artists?q=luiza', { token: cultura });
    expect(accents.json().data.map((a: { nomeCompleto: string }) => a.nomeCompleto)).toEqual(['Ana Luíza Ferreira Costa']);
    const sorted = await t.call('GET', '/api/artists?sort=-nomeCompleto&perPage=2', { token: cultura });
    expect(sorted.json().meta).toMatchObject({ page: 1, perPage: 2, total: 6 });
    expect(sorted.json().data[0].nomeCompleto).toBe('Tereza Cristina Barbosa');
    const ativos = await t.call('GET', '/api/artists?situacao=ativo', { token: cultura });
    expect(ativos.json().data.map((a: { nomeCompleto: string }) => a.nomeCompleto)).toEqual(['Maria Aparecida dos Santos', 'Raimundo Nonato Araújo']);
  });

  it('shows, updates (PUT and POST ?_method=PUT) and keeps the state out of reach of updates', async () => {
    expect((await t.call('GET', `/api/artists/${id}`, { token: cultura })).json().data.nomeArtistico).toBe('Tereza Viola');
    const put = await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { nomeArtistico: 'Tereza da Viola', situacao: 'ativo' } });
    expect(put.json().data).toMatchObject({ nomeArtistico: 'Tereza da Viola', situacao: 'pendente' });
    const form = await t.call('POST', `/api/artists/${id}?_method=PUT`, { token: cultura, body: { historico: 'Violeira desde 1995.' } });
    expect(form.statusCode).toBe(200);
    expect(form.json().data.historico).toBe('Violeira desde 1995.');
    const bad = await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { nomeCompleto: '' } });
    expect(bad.json().errors).toEqual({ nomeCompleto: ['O campo Nome completo é obrigatório.'] });
  });

  it('moves the registration through its states with reasons and history (add_progress)', async () => {
    const next = await t.call('POST', `/api/artists/${id}/add_progress`, { token: cultura, body: {} });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data.situacao).toBe('em_analise');
    const noReason = await t.call('POST', `/api/artists/${id}/add_progress`, { token: cultura, body: { situacao: 'recusado' } });
    expect(noReason.json().errors).toEqual({ motivo: ['Informe o motivo para "Recusado".'] });
    const active = await t.call('POST', `/api/artists/${id}/add_progress`, { token: cultura });
    expect(active.json().data.situacao).toBe('ativo');
    const wrong = await t.call('POST', `/api/artists/${id}/add_progress`, { token: cultura, body: { situacao: 'pendente' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.situacao).toEqual(['Não é possível passar de "Ativo" para "Pendente".']);
    const bogus = await t.call('POST', `/api/artists/${id}/add_progress`, { token: cultura, body: { situacao: 'aprovadissimo' } });
    expect(bogus.json().errors.situacao).toEqual(['Escolha uma situação válida.']);
    const off = await t.call('POST', `/api/artists/${id}/add_progress`, { token: cultura, body: { situacao: 'inativo', motivo: 'Mudou-se do município.' } });
    expect(off.json().data).toMatchObject({ situacao: 'inativo', motivoSituacao: 'Mudou-se do município.' });
    const hist = await t.call('GET', `/api/artists/${id}/progress`, { token: cultura });
    expect(hist.json().data.map((p: { de: string; para: string }) => `${p.de}>${p.para}`).sort()).toEqual(['ativo>inativo', 'em_analise>ativo', 'pendente>em_analise']);
    const audit = await t.database.db.select().from(logs).where(and(eq(logs.resource, 'artists'), eq(logs.record_id, id), eq(logs.action, 'add_progress')));
    expect(audit).toHaveLength(3);
    expect((await t.call('POST', `/api/artists/${id}/add_progress`, { token: artista })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/artists/999999/add_progress', { token: cultura })).statusCode).toBe(404);
  });

  it('prints the registry as escaped HTML or CSV, CPF masked', async () => {
    await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { nomeArtistico: '<script>alert("x")</script>' } });
    const html = await t.call('GET', '/api/artists/print', { token: cultura });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('Prefeitura Municipal de Vila Serena');
    expect(html.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html.body).not.toContain('<script>');
    expect(html.body).toContain('***.920.571-**');
    expect(html.body).not.toContain('48392057104');
    const csv = await t.call('GET', '/api/artists/print?format=csv&situacao=ativo', { token: cultura });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Nome completo;Nome artístico;CPF;Linguagens;Bairro;Celular;E-mail;Situação;Cadastrado em');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Cida do Samba;***.982.247-**;Música, Cultura popular;Centro');
    expect((await t.call('GET', '/api/artists/print', { token: artista })).statusCode).toBe(403);
  });

  it('isolates companies and refuses other roles', async () => {
    expect((await t.call('GET', `/api/artists/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/artists/${id}`, { token: adminCm, body: { nomeArtistico: 'x' } })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/artists', { token: adminCm })).json().meta.total).toBe(0);
    expect((await t.call('GET', '/api/artists', { token: protocolo })).statusCode).toBe(403);
    // an artist reaches only their own registration (row scope: culture-workflow.test.ts covers every route)
    expect((await t.call('GET', '/api/artists', { token: artista })).json().meta.total).toBe(1);
    expect((await t.call('GET', `/api/artists/${id}`, { token: artista })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/artists')).statusCode).toBe(401);
  });

  it('deletes (with its history)', async () => {
    expect((await t.call('DELETE', `/api/artists/${id}`, { token: cultura })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/artists/${id}`, { token: cultura })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/artists/${id}`, { token: cultura })).statusCode).toBe(404);
  });
});

describe('Meu Cadastro and is-artist', () => {
  it('lets an artist read and change only their own record', async () => {
    const mine = await t.call('GET', '/api/artists/mine', { token: artista });
    expect(mine.json().data).toMatchObject({ nomeCompleto: 'Ana Luíza Ferreira Costa', situacao: 'pendente' });
    const upd = await t.call('PUT', '/api/artists/mine', { token: artista, body: { nomeArtistico: 'Luíza Ferreira Cia.', situacao: 'ativo', user_id: 1 } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ nomeArtistico: 'Luíza Ferreira Cia.', situacao: 'pendente', user_id: mine.json().data.user_id });
    const form = await t.call('POST', '/api/artists/mine?_method=PUT', { token: artista, body: { bairro: 'Centro' } });
    expect(form.json().data.bairro).toBe('Centro');
    const again = await t.call('POST', '/api/artists/mine', { token: artista, body: artist({ cpf: '98765432100' }) });
    expect(again.statusCode).toBe(409);
    const bad = await t.call('PUT', '/api/artists/mine', { token: artista, body: { cpf: '11111111111' } });
    expect(bad.json().errors).toEqual({ cpf: ['CPF inválido.'] });
    const { body, headers } = multipart('foto', 'eu.png', 'image/png', TINY_PNG);
    const up = await t.call('POST', '/api/artists/mine/upload', { token: artista, body, headers });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.foto).toMatchObject([{ mime: 'image/png', name: 'eu.png' }]); // a list (spec 2: foto (list))
    const notImage = multipart('foto', 'x.png', 'image/png', Buffer.from('texto'));
    expect((await t.call('POST', '/api/artists/mine/upload', { token: artista, ...notImage })).statusCode).toBe(422);
    expect((await t.call('GET', '/api/artists/mine', { token: protocolo })).statusCode).toBe(403);
  });

  it('tells whether the user has an artist or group record, and which', async () => {
    const a = await t.call('GET', '/api/is-artist', { token: artista });
    expect(a.json().data).toMatchObject({ isArtist: true, isGroup: false, artist: { nomeCompleto: 'Ana Luíza Ferreira Costa', situacao: 'pendente' }, artist_group: null });
    const g = await t.call('GET', '/api/is-artist', { token: grupo });
    expect(g.json().data).toMatchObject({ isArtist: false, isGroup: true, artist_group: { nome: 'Congado Nossa Senhora do Rosário de Vila Serena' } });
    expect((await t.call('GET', '/api/is-artist', { token: adminPm })).json().data).toMatchObject({ isArtist: false, isGroup: false });
    expect((await t.call('GET', '/api/is-artist')).statusCode).toBe(401);
  });

  it('takes a self-registered account from sign-up to its own registration', async () => {
    const reg = await t.call('POST', '/api/register', {
      body: { name: 'Tereza Viola', email: 'tereza@exemplo.com.br', password: 'viola-caipira', password_confirmation: 'viola-caipira', company_id: prefeitura },
    });
    expect(reg.statusCode, reg.body).toBe(202);
    const signedIn = await t.call('POST', '/api/login', { body: { email: 'tereza@exemplo.com.br', password: 'viola-caipira' } });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    expect((await t.call('GET', '/api/artists/mine', { token })).json().data).toBeNull();
    expect((await t.call('PUT', '/api/artists/mine', { token, body: { bairro: 'x' } })).statusCode).toBe(404);
    const invalid = await t.call('POST', '/api/artists/mine', { token, body: { nomeCompleto: 'Tereza' } });
    expect(invalid.json().errors.cpf).toEqual(['O campo CPF é obrigatório.']);
    const created = await t.call('POST', '/api/artists/mine', { token, body: artist({ cpf: '98765432100', senha: 'viola-caipira', confirmaSenha: 'viola-caipira' }) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ situacao: 'pendente', cpf: '98765432100' });
    expect((await t.call('GET', '/api/is-artist', { token })).json().data.isArtist).toBe(true);
    const list = await t.call('GET', '/api/artists?q=98765432100', { token: cultura });
    expect(list.json().data[0].user_id).toBe(signedIn.json().user.id);
  });
});

describe('artist groups', () => {
  let id: number;
  const group = (over: Record<string, unknown> = {}) => ({
    nome: 'Banda Lira Serenense', nomeResponsavel: 'Otávio Ramos', cpfResponsavel: '390.533.447-05', cnpj: '21.987.654/0001-20',
    bairro: 'Centro', celular: '(31) 3333-4444', nomeParticipantes: 'Otávio Ramos\nLia Campos', rendaProvem: 'Apresentações em festas',
    banco: '001 - Banco do Brasil', agencia: '1234', conta: '5678-9', documentoTitularConta: '21.987.654/0001-20',
    liguagemSelect: ['musica'], declaracaoAutentico: true, ...over,
  });

  it('creates, validates, lists, updates and deletes', async () => {
    const res = await t.call('POST', '/api/artist_groups', { token: cultura, body: group() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ nome: 'Banda Lira Serenense', cnpj: '21987654000120', documentoTitularConta: '21987654000120', situacao: 'pendente' });
    id = res.json().data.id;
    const bad = await t.call('POST', '/api/artist_groups', { token: cultura, body: { cnpj: '11.111.111/1111-11', declaracaoAutentico: true } });
    expect(bad.json().errors).toMatchObject({ nome: ['O campo Nome do grupo é obrigatório.'], nomeResponsavel: ['O campo Responsável é obrigatório.'], cnpj: ['CNPJ inválido.'] });
    const holder = await t.call('POST', '/api/artist_groups', { token: cultura, body: group({ cnpj: null, documentoTitularConta: '529.982.247-25' }) });
    expect(holder.json().errors).toEqual({ documentoTitularConta: ['A conta bancária deve estar em nome do grupo (CNPJ) ou do responsável (CPF).'] });
    const byResp = await t.call('POST', '/api/artist_groups', { token: cultura, body: group({ nome: 'Coral Vozes da Serra', cnpj: null, documentoTitularConta: '390.533.447-05' }) });
    expect(byResp.statusCode, byResp.body).toBe(201);
    expect(byResp.json().data.documentoTitularConta).toBe('39053344705');
    const l = await t.call('GET', '/api/artist_groups?q=lira&sort=-nome', { token: cultura });
    expect(l.json().data.map((g: { nome: string }) => g.nome)).toEqual(['Banda Lira Serenense']);
    const f = await t.call('GET', '/api/artist_groups?situacao=ativo', { token: cultura });
    expect(f.json().data.map((g: { nome: string }) => g.nome)).toEqual(['Grupo de Teatro Ventania']);
    const upd = await t.call('POST', `/api/artist_groups/${id}?_method=PUT`, { token: cultura, body: { proposta: 'Retreta na praça aos domingos.' } });
    expect(upd.json().data.proposta).toBe('Retreta na praça aos domingos.');
    expect((await t.call('GET', `/api/artist_groups/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/artist_groups', { token: protocolo, body: group() })).statusCode).toBe(403);
    const p = await t.call('POST', `/api/artist_groups/${id}/add_progress`, { token: cultura, body: { situacao: 'recusado', motivo: 'Faltam os documentos dos participantes.' } });
    expect(p.json().data).toMatchObject({ situacao: 'recusado', motivoSituacao: 'Faltam os documentos dos participantes.' });
    const back = await t.call('POST', `/api/artist_groups/${id}/add_progress`, { token: cultura });
    expect(back.json().data.situacao).toBe('em_analise');
    expect((await t.call('GET', `/api/artist_groups/${id}/progress`, { token: cultura })).json().data).toHaveLength(2);
    expect((await t.call('DELETE', `/api/artist_groups/${id}`, { token: cultura })).statusCode).toBe(204);
  });

  it('lets a group keep its own record', async () => {
    const mine = await t.call('GET', '/api/artist_groups/mine', { token: grupo });
    expect(mine.json().data.nome).toBe('Congado Nossa Senhora do Rosário de Vila Serena');
    const upd = await t.call('PUT', '/api/artist_groups/mine', { token: grupo, body: { proposta: 'Oficina de tambores para crianças.' } });
    expect(upd.json().data.proposta).toBe('Oficina de tambores para crianças.');
    expect((await t.call('GET', `/api/artist_groups/${mine.json().data.id}`, { token: grupo })).json().data.proposta).toBe('Oficina de tambores para crianças.');
  });
});

describe('places', () => {
  let id: number;
  let culturePlace: number;

  it('creates, validates, lists, updates, uploads and deletes', async () => {
    const kinds = (await t.call('GET', '/api/types_of/places', { token: cultura })).json().data as { id: number; slug: string }[];
    culturePlace = kinds.find((k) => k.slug === 'culture_place')!.id;
    const res = await t.call('POST', '/api/places', { token: cultura, body: {
      type_id: culturePlace, nomeEquipamento: 'Cine Teatro Serena', nomeReduzido: 'Cine Serena', horarioFuncionamento: 'Sextas e sábados, 19h às 23h',
      bairro: 'Centro', cep: '35400-000', celular: '(31) 3333-5555', capacidade: 200, acessivel: true, declaracaoAutentico: true,
    } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ nomeEquipamento: 'Cine Teatro Serena', type: { id: culturePlace, label: 'Espaço cultural' }, ativo: true });
    id = res.json().data.id;
    const bad = await t.call('POST', '/api/places', { token: cultura, body: { type_id: 999999, email: 'x@', capacidade: -1 } });
    expect(bad.json().errors).toMatchObject({ nomeEquipamento: ['O campo Nome do equipamento é obrigatório.'], email: ['Informe um e-mail válido.'] });
    const wrongType = (await t.call('GET', '/api/types_of/sessions', { token: cultura })).json().data[0].id;
    const notPlace = await t.call('POST', '/api/places', { token: cultura, body: { type_id: wrongType, nomeEquipamento: 'X' } });
    expect(notPlace.json().errors).toEqual({ type_id: ['Tipo de local: registro não encontrado.'] });
    const l = await t.call('GET', `/api/places?q=serena&sort=-nomeEquipamento&type_id=${culturePlace}`, { token: adminPm });
    expect(l.json().data.map((p: { nomeEquipamento: string }) => p.nomeEquipamento)).toEqual(['Cine Teatro Serena']);
    expect((await t.call('GET', `/api/places/${id}`, { token: adminPm })).json().data.nomeReduzido).toBe('Cine Serena');
    // places are shown by the Cultural, Licitação and Configurações screens only (spec 1 §6): not to protocolo or artists
    expect((await t.call('GET', `/api/places/${id}`, { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/places', { token: artista })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/places_of/culture_place', { token: artista })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/places/${id}`, { token: protocolo, body: { nomeReduzido: 'x' } })).statusCode).toBe(403);
    const upd = await t.call('POST', `/api/places/${id}?_method=PUT`, { token: cultura, body: { ativo: false } });
    expect(upd.json().data.ativo).toBe(false);
    const { body, headers } = multipart('foto', 'fachada.png', 'image/png', TINY_PNG);
    const up = await t.call('POST', `/api/places/${id}/upload`, { token: cultura, body, headers });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.foto.url).toMatch(/^\/api\/files\//);
    expect((await t.call('GET', `/api/places/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/places/${id}/upload`, { token: adminCm, body, headers })).statusCode).toBe(404);
  });

  it('lists places of a kind (paged or whole) and searches with a query payload', async () => {
    const paged = await t.call('GET', '/api/places_of/culture_place?page=1&perPage=2', { token: cultura });
    expect(paged.json().meta).toMatchObject({ page: 1, perPage: 2, total: 4 });
    expect(paged.json().data).toHaveLength(2);
    const all = await t.call('GET', '/api/places_of/culture_place', { token: cultura });
    expect(all.json().data).toHaveLength(4);
    const schools = await t.call('GET', '/api/places_of/school_place', { token: cultura });
    expect(schools.json().data.map((p: { nomeEquipamento: string }) => p.nomeEquipamento)).toEqual(['Escola Municipal Monteiro Lobato']);
    expect((await t.call('GET', '/api/places_of/castelos', { token: cultura })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/places_of/culture_place', { token: adminCm })).json().data).toEqual([]);
    const search = await t.call('POST', '/api/places/search?page=1', { token: cultura, body: { q: 'biblioteca', perPage: 5 } });
    expect(search.json().data.map((p: { nomeReduzido: string }) => p.nomeReduzido)).toEqual(['Biblioteca Municipal']);
    expect(search.json().meta).toMatchObject({ page: 1, perPage: 5, total: 1 });
    const filtered = await t.call('POST', '/api/places/search', { token: cultura, body: { ativo: false } });
    expect(filtered.json().data.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await t.call('POST', '/api/places/search', { token: cultura, body: [1, 2] })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/places/search', { body: {} })).statusCode).toBe(401);
  });

  it('deletes', async () => {
    expect((await t.call('DELETE', `/api/places/${id}`, { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/places/${id}`, { token: cultura })).statusCode).toBe(204);
  });
});

describe('ombudsman (manifestações)', () => {
  let id: number;
  const year = new Date().getFullYear();
  const addDays = (n: number) => {
    const d = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  /** n days ahead, moved past weekends and national holidays (the deadline rules: prazos-e-feriados.md) */
  const due = (n: number) => {
    let d = addDays(n);
    for (let k = n; [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()) || isNationalHoliday(d);) d = addDays(++k);
    return d;
  };

  it('registers with a yearly protocol number and a 30-day deadline', async () => {
    const seeded = (await t.database.db.select({ id: manifestacoes.id }).from(manifestacoes).innerJoin(companies, eq(companies.id, manifestacoes.company_id))
      .where(eq(companies.abreviacao, 'PMVS'))).length;
    const res = await t.call('POST', '/api/manifestacoes', { token: adminPm, body: {
      tipo: 'reclamacao', assunto: 'Buraco na Rua Sete de Setembro', texto: 'Há um buraco grande em frente ao número 45.',
      requerenteNome: 'Sílvia Nunes', requerenteCpf: '529.982.247-25', requerenteEmail: 'silvia@exemplo.com.br',
      protocolo: '1/1999', situacao: 'encerrada',
    } });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      protocolo: `${String(seeded + 1).padStart(6, '0')}/${year}`, ano: year, numero: seeded + 1, situacao: 'recebida', prazo: due(30), prorrogada: false, canal: 'presencial',
    });
    id = data.id;
    const cm = await t.call('POST', '/api/manifestacoes', { token: adminCm, body: { tipo: 'elogio', assunto: 'Sessão', texto: 'Boa sessão.' } });
    expect(cm.json().data.protocolo).toBe(`000002/${year}`);
  });

  it('keeps the requester identity out of lists and logs; shows it to the ombudsman in the record', async () => {
    const list = await t.call('GET', '/api/manifestacoes?q=buraco', { token: adminPm });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).not.toHaveProperty('requerenteNome');
    expect(list.body).not.toContain('Sílvia');
    const show = await t.call('GET', `/api/manifestacoes/${id}`, { token: adminPm });
    expect(show.json().data).toMatchObject({ requerenteNome: 'Sílvia Nunes', requerenteCpf: '52998224725', emAtraso: false });
    expect(show.json().data).not.toHaveProperty('codigoAcesso');
    const [log] = await t.database.db.select().from(logs).where(and(eq(logs.resource, 'manifestacoes'), eq(logs.record_id, id), eq(logs.action, 'create')));
    expect(JSON.stringify(log.changes)).not.toContain('Sílvia');
    expect((log.changes as Record<string, unknown>).requerenteNome).toBe('***');
    const late = await t.call('GET', '/api/manifestacoes?q=entulho', { token: adminPm });
    expect(late.json().data[0]).toMatchObject({ tipo: 'denuncia', emAtraso: true });
    const filtered = await t.call('GET', '/api/manifestacoes?tipo=elogio&situacao=respondida&sort=protocolo', { token: adminPm });
    expect(filtered.json().data.map((m: { assunto: string }) => m.assunto)).toEqual(['Atendimento na UBS Centro']);
  });

  it('validates with pt-BR messages', async () => {
    const res = await t.call('POST', '/api/manifestacoes', { token: adminPm, body: { tipo: 'xingamento', requerenteEmail: 'nada' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      tipo: ['Escolha uma opção válida.'], assunto: ['O campo Assunto é obrigatório.'], texto: ['O campo Relato é obrigatório.'],
      requerenteEmail: ['Informe um e-mail válido.'],
    });
  });

  it('treats it: analysis on first change, one extension with justification, answer, closing', async () => {
    const upd = await t.call('PUT', `/api/manifestacoes/${id}`, { token: adminPm, body: { assunto: 'Buraco na Rua Sete de Setembro, 45' } });
    expect(upd.json().data).toMatchObject({ situacao: 'em_analise', requerenteNome: 'Sílvia Nunes' });
    const short = await t.call('POST', `/api/manifestacoes/${id}/prorrogar`, { token: adminPm, body: { justificativa: 'curta' } });
    expect(short.json().errors).toEqual({ justificativa: ['O campo Justificativa deve ter no mínimo 10 caracteres.'] });
    const ext = await t.call('POST', `/api/manifestacoes/${id}/prorrogar`, { token: adminPm, body: { justificativa: 'Aguardando vistoria da Secretaria de Obras.' } });
    expect(ext.json().data).toMatchObject({ prorrogada: true, prazo: due(60), justificativaProrrogacao: 'Aguardando vistoria da Secretaria de Obras.' });
    const twice = await t.call('POST', `/api/manifestacoes/${id}/prorrogar`, { token: adminPm, body: { justificativa: 'Mais uma vez, por favor.' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('O prazo já foi prorrogado uma vez (Lei 13.460/2017, art. 16).');
    const empty = await t.call('POST', `/api/manifestacoes/${id}/responder`, { token: adminPm, body: { resposta: '  ' } });
    expect(empty.json().errors).toEqual({ resposta: ['O campo Resposta é obrigatório.'] });
    const ans = await t.call('POST', `/api/manifestacoes/${id}/responder`, { token: adminPm, body: { resposta: 'A operação tapa-buracos atendeu o local em 10/03.' } });
    expect(ans.json().data).toMatchObject({ situacao: 'respondida', resposta: 'A operação tapa-buracos atendeu o local em 10/03.' });
    expect(ans.json().data.dataResposta).toBeTruthy();
    const close = await t.call('POST', `/api/manifestacoes/${id}/encerrar`, { token: adminPm, body: { motivo: 'Atendida.' } });
    expect(close.json().data.situacao).toBe('encerrada');
    expect((await t.call('PUT', `/api/manifestacoes/${id}`, { token: adminPm, body: { assunto: 'x' } })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/manifestacoes/${id}/encerrar`, { token: adminPm })).statusCode).toBe(409);
  });

  it('isolates companies, refuses other roles, deletes', async () => {
    expect((await t.call('GET', `/api/manifestacoes/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/manifestacoes/${id}/responder`, { token: adminCm, body: { resposta: 'x' } })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/manifestacoes', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/manifestacoes', { token: cultura })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/manifestacoes')).statusCode).toBe(401);
    // a closed one is final; an open one may be deleted by the administrators
    expect((await t.call('DELETE', `/api/manifestacoes/${id}`, { token: adminPm })).statusCode).toBe(409);
    const open = await t.call('POST', '/api/manifestacoes', { token: adminPm, body: { tipo: 'elogio', assunto: 'Registro em duplicidade', texto: 'Duplicado.' } });
    expect((await t.call('DELETE', `/api/manifestacoes/${open.json().data.id}`, { token: adminPm })).statusCode).toBe(204);
  });

  it('takes manifestations from citizens without signing in, and lets them follow by protocol and code', async () => {
    const res = await t.call('POST', '/api/public/manifestacoes', { body: {
      company_id: prefeitura, tipo: 'solicitacao', assunto: 'Poda de árvore', texto: 'A árvore da praça está encostando na rede elétrica.',
      requerenteNome: 'Rui Campos', requerenteTelefone: '(31) 99876-5432',
    } });
    expect(res.statusCode, res.body).toBe(201);
    const { protocolo: prot, codigo } = res.json().data;
    expect(prot).toMatch(new RegExp(`^\\d{6}/${year}$`));
    expect(codigo).toMatch(/^[A-Z2-9]{10}$/);
    const follow = await t.call('GET', `/api/public/manifestacoes/consulta?company_id=${prefeitura}&protocolo=${encodeURIComponent(prot)}&codigo=${codigo.toLowerCase()}`);
    expect(follow.statusCode, follow.body).toBe(200);
    expect(follow.json().data).toMatchObject({ protocolo: prot, situacao: 'recebida', tipoLabel: 'Solicitação' });
    expect(follow.body).not.toContain('Rui Campos');
    expect((await t.call('GET', `/api/public/manifestacoes/consulta?company_id=${prefeitura}&protocolo=${encodeURIComponent(prot)}&codigo=ERRADO1234`)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/public/manifestacoes/consulta')).statusCode).toBe(422);
    const staff = (await t.call('GET', `/api/manifestacoes?q=${encodeURIComponent(prot)}`, { token: adminPm })).json().data[0];
    expect(staff).toMatchObject({ canal: 'internet', situacao: 'recebida' });
    const [log] = await t.database.db.select().from(logs).where(and(eq(logs.resource, 'manifestacoes'), eq(logs.record_id, staff.id)));
    expect(log).toMatchObject({ user_id: null, company_id: prefeitura });
    expect(log.actionDescription).toMatch(/^Cidadão \(canal público\) criou/);

    const anon = await t.call('POST', '/api/public/manifestacoes', { body: { company_id: prefeitura, tipo: 'denuncia', assunto: 'Som alto', texto: 'Todas as noites.', anonima: true, requerenteNome: 'Não deveria ficar' } });
    expect(anon.statusCode).toBe(201);
    const anonRec = (await t.call('GET', `/api/manifestacoes?q=${encodeURIComponent(anon.json().data.protocolo)}`, { token: adminPm })).json().data[0];
    expect((await t.call('GET', `/api/manifestacoes/${anonRec.id}`, { token: adminPm })).json().data.requerenteNome).toBeNull();

    const noName = await t.call('POST', '/api/public/manifestacoes', { body: { company_id: prefeitura, tipo: 'sugestao', assunto: 'Ciclovia', texto: 'Na avenida.' } });
    expect(noName.json().errors).toEqual({
      requerenteNome: ['Informe seu nome ou marque a manifestação como anônima.'], requerenteEmail: ['Informe um e-mail ou telefone para receber a resposta.'],
    });
    const noCompany = await t.call('POST', '/api/public/manifestacoes', { body: { company_id: 999999, tipo: 'sugestao', assunto: 'x', texto: 'y', anonima: true } });
    expect(noCompany.json().errors).toEqual({ company_id: ['Entidade não encontrada.'] });
    const invalid = await t.call('POST', '/api/public/manifestacoes', { body: { tipo: 'x' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.company_id).toEqual(['Informe a entidade.']);
  });
});

describe('robustness', () => {
  const garbage: unknown[] = [null, [], 'texto', 42, { nomeCompleto: { $ne: 1 } }, { cpf: 12345678909 }, { liguagemSelect: 'musica' },
    { liguagemSelect: [{ a: 1 }] }, { type_id: 'abc' }, { capacidade: '1e309' }, { dataNascimento: '2023-02-30' }, { situacao: ['ativo'] },
    { tipo: 'elogio', assunto: 'a'.repeat(5000), texto: 'x' }, { company_id: '1; drop table', tipo: 'elogio' }, { resposta: ['x'] }, { justificativa: 123 }];
  const writes = (ids: { artist: number; group: number; place: number; manif: number }): [string, string, string][] => [
    ['POST', '/api/artists', cultura], ['PUT', `/api/artists/${ids.artist}`, cultura], ['POST', `/api/artists/${ids.artist}/add_progress`, cultura],
    ['POST', '/api/artists/mine', artista], ['PUT', '/api/artists/mine', artista],
    ['POST', '/api/artist_groups', cultura], ['PUT', `/api/artist_groups/${ids.group}`, cultura], ['POST', `/api/artist_groups/${ids.group}/add_progress`, cultura],
    ['PUT', '/api/artist_groups/mine', grupo],
    ['POST', '/api/places', cultura], ['PUT', `/api/places/${ids.place}`, cultura], ['POST', '/api/places/search', cultura],
    ['POST', '/api/manifestacoes', adminPm], ['PUT', `/api/manifestacoes/${ids.manif}`, adminPm], ['POST', `/api/manifestacoes/${ids.manif}/prorrogar`, adminPm],
    ['POST', `/api/manifestacoes/${ids.manif}/responder`, adminPm], ['POST', '/api/public/manifestacoes', ''],
  ];

  it('never answers 500 to malformed payloads, and stores nothing from refused ones', async () => {
    const first = async (path: string, token: string) => (await t.call('GET', `${path}?perPage=1`, { token })).json().data[0].id as number;
    const ids = { artist: await first('/api/artists', cultura), group: await first('/api/artist_groups', cultura), place: await first('/api/places', cultura), manif: await first('/api/manifestacoes', adminPm) };
    const before = (await t.call('GET', '/api/artists', { token: cultura })).json().meta.total;
    for (const [method, url, token] of writes(ids)) {
      for (const body of garbage) {
        const res = await t.call(method, url, { token: token || undefined, body: body === null ? 'null' : typeof body === 'string' ? JSON.stringify(body) : (body as object), headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    expect((await t.call('GET', '/api/artists', { token: cultura })).json().meta.total).toBe(before);
    for (const bad of ['/api/artists/abc', '/api/artists/0', '/api/artists/99999999999', '/api/places_of/%00', '/api/artists/print?format=<x>']) {
      expect((await t.call('GET', bad, { token: cultura })).statusCode, bad).toBeLessThan(500);
    }
  });

  it('documents every call in OpenAPI', async () => {
    const doc = await t.call('GET', '/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of ['/api/artists/{id}/add_progress', '/api/artists/print', '/api/is-artist', '/api/places_of/{place}', '/api/places/search', '/api/public/manifestacoes']) {
      expect(paths, p).toContain(p);
    }
  });

  it('rate-limits the public channel', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await t.call('POST', '/api/public/manifestacoes', { body: { company_id: prefeitura, tipo: 'sugestao', assunto: `Teste ${i}`, texto: 'Texto.', anonima: true } })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('Usuários da Cultura (culture_users)', () => {
  type U = { id: number; email: string };
  const emails = (res: { json(): { data: U[] } }) => res.json().data.map((u) => u.email).sort();

  it('lists, to the culture staff, only the accounts of artists and groups of their company', async () => {
    const res = await t.call('GET', '/api/culture_users?perPage=100', { token: cultura });
    expect(res.statusCode, res.body).toBe(200);
    const seen = emails(res);
    expect(seen).toEqual(expect.arrayContaining(['artista@paco.demo', 'grupo@paco.demo']));
    // staff accounts (the culture admin's own, the prefeitura's admin) are not culture accounts
    expect(seen).not.toContain('cultura@paco.demo');
    expect(seen).not.toContain('admin.prefeitura@paco.demo');
    // the same for an admin: the view is the culture accounts, whoever reads it
    expect(emails(await t.call('GET', '/api/culture_users?perPage=100', { token: adminPm }))).toEqual(seen);
    // searched and paged like any list
    const one = await t.call('GET', '/api/culture_users?perPage=1&page=2&sort=email', { token: cultura });
    expect(one.json().meta.total).toBe(seen.length);
    expect(emails(one)).toEqual([seen[1]]);
    expect(emails(await t.call('GET', '/api/culture_users?q=luiza', { token: cultura }))).toEqual(['artista@paco.demo']);
  });

  it('shows a culture account, never a staff one; nothing is written through it; closed to other roles', async () => {
    const all = (await t.call('GET', '/api/users?perPage=100', { token: adminPm })).json().data as U[];
    const artistUser = all.find((u) => u.email === 'artista@paco.demo')!;
    const staffUser = all.find((u) => u.email === 'cultura@paco.demo')!;
    const shown = await t.call('GET', `/api/culture_users/${artistUser.id}`, { token: cultura });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ email: 'artista@paco.demo' });
    expect(shown.json().data).not.toHaveProperty('password');
    expect((await t.call('GET', `/api/culture_users/${staffUser.id}`, { token: cultura })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/culture_users/${staffUser.id}`, { token: adminPm })).statusCode).toBe(404);
    for (const [method, path] of [['PUT', `/api/culture_users/${artistUser.id}`], ['DELETE', `/api/culture_users/${artistUser.id}`], ['POST', '/api/culture_users']] as const) {
      expect((await t.call(method, path, { token: cultura, body: { name: 'Outro nome', email: 'x@exemplo.com', password: 'segredo-forte' } })).statusCode).toBeGreaterThanOrEqual(404);
    }
    expect((await t.call('GET', `/api/culture_users/${artistUser.id}`, { token: cultura })).json().data.name).toBe('Luíza Ferreira');
    // other roles: refused; another company's admin: not found
    expect((await t.call('GET', '/api/culture_users', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/culture_users', { token: artista })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/culture_users/${artistUser.id}`, { token: adminCm })).statusCode).toBe(404);
  });
});
