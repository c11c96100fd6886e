/**
 * Field capabilities of the engine, on the resources that use them: a list of labelled options (`multi`, the artists'
 * and groups' Linguagens), file fields holding several files (`multiple`: an artist's fotos and portfolio, a group's
 * companion lists), a select's allowed transitions (a tender's situation, Lei 14.133), a field given once
 * (`createOnly`: the citizen's text of a manifestação) and the `types` categories chosen from a list.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists, companies } from '../src/db/schema.generated.ts';
import { cpfFrom } from '../src/modules/administrativo/seed.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let cultura: string; // pm_cultura_admin (prefeitura)
let adminPm: string; // admin (prefeitura)
let adminCm: string; // admin (câmara)
let artista: string; // pm_cultura_artista with a record (seed)
let grupo: string; // pm_cultura_grupo with a record (seed)
let licitacao: string; // licitacao (prefeitura), created below

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
function multipart(field: string, filename: string, mime: string, body: Buffer) {
  const boundary = `----paco${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`);
  return { body: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (url: string, token: string, field: string, name = 'foto.png', mime = 'image/png', body = PNG) => {
  const m = multipart(field, name, mime, body);
  return t.call('POST', url, { token, body: m.body, headers: m.headers });
};

const artist = (over: Record<string, unknown> = {}) => ({
  nomeCompleto: 'Joana Prado Lima', cpf: cpfFrom('731640285'), declaracaoAutentico: true, liguagemSelect: ['musica'], ...over,
});

beforeAll(async () => {
  t = await makeApp();
  [cultura, adminPm, adminCm, artista, grupo] = await Promise.all(
    ['cultura@paco.demo', 'admin.prefeitura@paco.demo', 'admin@paco.demo', 'artista@paco.demo', 'grupo@paco.demo'].map((e) => t.login(e)),
  );
  const created = await t.call('POST', '/api/users', { token: adminPm, body: { name: 'Licitação Teste', email: 'licitacao.campos@paco.demo', password: 'paco-demo' } });
  const roles = (await t.call('GET', '/api/roles?perPage=100', { token: adminPm })).json().data as { id: number; name: string }[];
  await t.call('POST', `/api/users/${data(created).id}/vincula`, { token: adminPm, body: { role_id: roles.find((r) => r.name === 'licitacao')!.id } });
  licitacao = await t.login('licitacao.campos@paco.demo');
});
afterAll(async () => { await t?.close(); });

describe('Linguagens: several options chosen by their labels (multi, types "linguagens")', () => {
  let id: number;

  it('keeps the list of slugs, once each, and refuses unknown ones and non-lists in pt-BR', async () => {
    const res = await t.call('POST', '/api/artists', { token: cultura, body: artist({ liguagemSelect: ['musica', 'teatro', 'musica'] }) });
    expect(res.statusCode, res.body).toBe(201);
    id = data(res).id;
    expect(data(res).liguagemSelect).toEqual(['musica', 'teatro']);
    const unknown = await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { liguagemSelect: ['danca', 'xadrez'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ liguagemSelect: ['Opção desconhecida em Linguagens: xadrez.'] });
    const text = await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { liguagemSelect: 'musica' } });
    expect(text.json().errors).toEqual({ liguagemSelect: ['Informe uma lista de opções.'] });
    const many = await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { liguagemSelect: Array.from({ length: 21 }, (_, i) => `l${i}`) } });
    expect(many.json().errors).toEqual({ liguagemSelect: ['Escolha no máximo 20 opções.'] });
    const cleared = await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { liguagemSelect: [] } });
    expect(data(cleared).liguagemSelect).toEqual([]);
  });

  it("accepts the company's own languages, and not another company's", async () => {
    const own = await t.call('POST', '/api/type/linguagens/add', { token: adminPm, body: { slug: 'hip_hop', label: 'Hip-hop' } });
    expect(own.statusCode, own.body).toBe(201);
    const other = await t.call('POST', '/api/type/linguagens/add', { token: adminCm, body: { slug: 'repente', label: 'Repente' } });
    expect(other.statusCode).toBe(201);
    expect(data(await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { liguagemSelect: ['hip_hop', 'danca'] } })).liguagemSelect).toEqual(['hip_hop', 'danca']);
    const foreign = await t.call('PUT', `/api/artists/${id}`, { token: cultura, body: { liguagemSelect: ['repente'] } });
    expect(foreign.json().errors).toEqual({ liguagemSelect: ['Opção desconhecida em Linguagens: repente.'] });
    const labels = data(await t.call('GET', '/api/types_of/linguagens', { token: artista })) as { slug: string; label: string }[];
    expect(labels.find((x) => x.slug === 'hip_hop')?.label).toBe('Hip-hop');
    expect(labels.some((x) => x.slug === 'repente')).toBe(false);
  });

  it('is written by the artist and the group on their own registration, and printed by label', async () => {
    const mine = await t.call('PUT', '/api/artists/mine', { token: artista, body: { liguagemSelect: ['teatro', 'circo'] } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(data(mine).liguagemSelect).toEqual(['teatro', 'circo']);
    const group = await t.call('PUT', '/api/artist_groups/mine', { token: grupo, body: { liguagemSelect: ['danca'] } });
    expect(data(group).liguagemSelect).toEqual(['danca']);
    expect((await t.call('PUT', '/api/artist_groups/mine', { token: grupo, body: { liguagemSelect: ['nada'] } })).json().errors)
      .toEqual({ liguagemSelect: ['Opção desconhecida em Linguagens: nada.'] });
    const print = await t.call('GET', `/api/artists/print?q=${encodeURIComponent(data(mine).nomeCompleto)}`, { token: cultura });
    expect(print.body).toContain('Teatro, Circo');
  });

  it('is described in OpenAPI as a list of strings', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    const body = doc.paths['/api/artists'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body)).toContain('"liguagemSelect"');
    expect(JSON.stringify(body.properties.liguagemSelect)).toContain('"array"');
  });
});

describe('several files in a field (multiple)', () => {
  let id: number;

  it("adds an artist's photos and portfolio files one by one, each with its id, up to the limit", async () => {
    id = data(await t.call('POST', '/api/artists', { token: cultura, body: artist({ cpf: cpfFrom('731640286') }) })).id;
    const first = await upload(`/api/artists/${id}/upload`, cultura, 'foto', 'palco.png');
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload(`/api/artists/${id}/upload`, cultura, 'foto', 'ensaio.png');
    const fotos = data(second).foto as { id: string; url: string; name: string; mime: string }[];
    expect(fotos.map((f) => f.name)).toEqual(['palco.png', 'ensaio.png']);
    expect(fotos.every((f) => f.id && f.url.startsWith('/api/files/') && f.mime === 'image/png')).toBe(true);
    expect((await t.call('GET', fotos[0].url)).statusCode).toBe(200);
    const pdf = await upload(`/api/artists/${id}/upload`, cultura, 'portfolio', 'portfolio.pdf', 'application/pdf', PDF);
    expect(data(pdf).portfolio).toHaveLength(1);
    expect(data(pdf).foto).toHaveLength(2);
    const wrong = await upload(`/api/artists/${id}/upload`, cultura, 'foto', 'x.pdf', 'application/pdf', PDF);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ foto: ['Tipo de arquivo não permitido.'] });
    for (let i = 3; i <= 10; i++) expect((await upload(`/api/artists/${id}/upload`, cultura, 'foto', `f${i}.png`)).statusCode).toBe(200);
    const full = await upload(`/api/artists/${id}/upload`, cultura, 'foto', 'f11.png');
    expect(full.statusCode).toBe(422);
    expect(full.json().errors).toEqual({ foto: ['Fotos: envie no máximo 10 arquivos (remova algum para enviar outro).'] });
  });

  it('removes one file by its id (the others stay, the removed one is gone from storage)', async () => {
    const before = data(await t.call('GET', `/api/artists/${id}`, { token: cultura })).foto as { id: string; url: string; name: string }[];
    const res = await t.call('DELETE', `/api/artists/${id}/upload/foto/${before[0].id}`, { token: cultura });
    expect(res.statusCode, res.body).toBe(200);
    expect((data(res).foto as { name: string }[]).map((f) => f.name)).toEqual(before.slice(1).map((f) => f.name));
    expect((await t.call('GET', before[0].url)).statusCode).toBe(404);
    const history = data(await t.call('GET', `/api/artists/${id}/audit`, { token: cultura })) as { action: string; actionLabel: string }[];
    expect(history.find((h) => h.action === 'remove_file')?.actionLabel).toBe('Remoção de arquivo');
    expect((await t.call('GET', before[1].url)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/artists/${id}/upload/foto/${before[0].id}`, { token: cultura })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/artists/${id}/upload/nomeCompleto/${before[1].id}`, { token: cultura })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/artists/${id}/upload/foto/${before[1].id}`, { token: adminCm })).statusCode).toBe(404);
    // another artist's registration is outside the artist's rows (row scope): not found, as any other route answers
    expect((await t.call('DELETE', `/api/artists/${id}/upload/foto/${before[1].id}`, { token: artista })).statusCode).toBe(404);
    // the form's method override
    const viaPost = await t.call('POST', `/api/artists/${id}/upload/foto/${before[1].id}?_method=DELETE`, { token: cultura });
    expect(viaPost.statusCode).toBe(200);
    expect(data(viaPost).foto).toHaveLength(8);
  });

  it('reads a photo stored before the field was a list as a list of one, and adds to it', async () => {
    const [row] = await t.database.db.select({ foto: artists.foto }).from(artists).where(eq(artists.id, id));
    const one = (row.foto as unknown[])[0];
    await t.database.db.update(artists).set({ foto: one }).where(eq(artists.id, id));
    const read = data(await t.call('GET', `/api/artists/${id}`, { token: cultura }));
    expect(read.foto).toHaveLength(1);
    expect(data(await upload(`/api/artists/${id}/upload`, cultura, 'foto', 'nova.png')).foto).toHaveLength(2);
  });

  it('lets the artist add and remove their own files through "Meu Cadastro"', async () => {
    const up = await upload('/api/artists/mine/upload', artista, 'portfolio', 'release.pdf', 'application/pdf', PDF);
    expect(up.statusCode, up.body).toBe(200);
    const [file] = data(up).portfolio as { id: string }[];
    const again = await upload('/api/artists/mine/upload', artista, 'portfolio', 'rider.pdf', 'application/pdf', PDF);
    expect(data(again).portfolio).toHaveLength(2);
    const del = await t.call('DELETE', `/api/artists/mine/upload/portfolio/${file.id}`, { token: artista });
    expect(del.statusCode, del.body).toBe(200);
    expect((data(del).portfolio as { name: string }[]).map((f) => f.name)).toEqual(['rider.pdf']);
    expect((await t.call('DELETE', `/api/artists/mine/upload/portfolio/${file.id}`, { token: artista })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/artists/mine/upload/portfolio/${file.id}`, { token: cultura })).statusCode).toBe(403);
  });

  it("keeps a group's single foto and portfolio (spec 2) and adds companion lists", async () => {
    const single = await upload('/api/artist_groups/mine/upload', grupo, 'foto', 'grupo.png');
    expect(single.statusCode, single.body).toBe(200);
    expect(data(single).foto).toMatchObject({ name: 'grupo.png', mime: 'image/png' });
    expect(data(single).fotos).toEqual([]);
    await upload('/api/artist_groups/mine/upload', grupo, 'fotos', 'apresentacao1.png');
    const more = await upload('/api/artist_groups/mine/upload', grupo, 'fotos', 'apresentacao2.png');
    expect((data(more).fotos as { name: string }[]).map((f) => f.name)).toEqual(['apresentacao1.png', 'apresentacao2.png']);
    expect(data(more).foto.name).toBe('grupo.png');
    const docs = await upload('/api/artist_groups/mine/upload', grupo, 'portfolios', 'clipping.pdf', 'application/pdf', PDF);
    expect(data(docs).portfolios).toHaveLength(1);
    // the single file can be removed by its id too
    const removed = await t.call('DELETE', `/api/artist_groups/mine/upload/foto/${data(more).foto.id}`, { token: grupo });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(data(removed).foto).toBeNull();
    expect(data(removed).fotos).toHaveLength(2);
  });
});

describe("a select's transitions: the tender's situation (Lei 14.133)", () => {
  let id: number;

  it('moves only to the next situations of the map, with the allowed ones in the message', async () => {
    const mod = (data(await t.call('GET', '/api/types_of/tenders', { token: licitacao })) as { id: number; slug: string }[]).find((x) => x.slug === 'concorrencia')!.id;
    const c = await t.call('POST', '/api/licitacaos', { token: licitacao, body: { exercicio: 2026, numero: '7/2026', modalidade_id: mod, objeto: 'Reforma da praça', situacao: 'planejada' } });
    expect(c.statusCode, c.body).toBe(201);
    id = data(c).id;
    const jump = await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: 'homologada' } });
    expect(jump.statusCode).toBe(422);
    expect(jump.json().errors).toEqual({
      situacao: ['Situação: não é possível passar de "Planejada" para "Homologada". De "Planejada" pode passar para "Em andamento", "Revogada" ou "Anulada".'],
    });
    expect(data(await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: 'em_andamento' } })).situacao).toBe('em_andamento');
    expect(data(await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: 'suspensa' } })).situacao).toBe('suspensa');
    expect(data(await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: 'em_andamento' } })).situacao).toBe('em_andamento');
    expect(data(await t.call('POST', `/api/licitacaos/${id}?_method=PUT`, { token: licitacao, body: { situacao: 'homologada' } })).situacao).toBe('homologada');
    const back = await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: 'planejada', objeto: 'Reforma da praça central' } });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.situacao[0]).toBe('Situação: não é possível passar de "Homologada" para "Planejada". De "Homologada" pode passar para "Revogada" ou "Anulada".');
    expect(data(await t.call('GET', `/api/licitacaos/${id}`, { token: licitacao }))).toMatchObject({ situacao: 'homologada', objeto: 'Reforma da praça' });
    // the same value again (a form sends every field) and other fields change freely
    expect(data(await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: 'homologada', pncp: '12345' } })).pncp).toBe('12345');
    const blank = await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: null } });
    expect(blank.json().errors).toEqual({ situacao: ['Situação: não é possível deixar em branco (hoje "Homologada").'] });
    expect(data(await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: 'anulada' } })).situacao).toBe('anulada');
    const final = await t.call('PUT', `/api/licitacaos/${id}`, { token: licitacao, body: { situacao: 'em_andamento' } });
    expect(final.json().errors).toEqual({ situacao: ['Situação: "Anulada" é uma situação final e não pode mais ser alterada.'] });
  });

  it('starts from any situation (a tender registered after the fact)', async () => {
    const mod = (data(await t.call('GET', '/api/types_of/tenders', { token: licitacao })) as { id: number }[])[0].id;
    const c = await t.call('POST', '/api/licitacaos', { token: licitacao, body: { exercicio: 2025, numero: '3/2025', modalidade_id: mod, objeto: 'Merenda', situacao: 'homologada' } });
    expect(data(c).situacao).toBe('homologada');
  });

  it('starts from the declared default when the situation is left out or sent empty (the engine applies it)', async () => {
    const mod = (data(await t.call('GET', '/api/types_of/tenders', { token: licitacao })) as { id: number }[])[0].id;
    const body = { exercicio: 2025, modalidade_id: mod, objeto: 'Transporte escolar' };
    const omitted = await t.call('POST', '/api/licitacaos', { token: licitacao, body: { ...body, numero: '4/2025' } });
    const empty = await t.call('POST', '/api/licitacaos', { token: licitacao, body: { ...body, numero: '5/2025', situacao: null } });
    expect([data(omitted).situacao, data(empty).situacao]).toEqual(['em_andamento', 'em_andamento']);
  });
});

describe('a field given once: the citizen\'s text of a manifestação (createOnly)', () => {
  it('refuses to change the text on update, accepts it sent back unchanged, and lets other fields change', async () => {
    const c = await t.call('POST', '/api/manifestacoes', { token: adminPm, body: { tipo: 'reclamacao', assunto: 'Iluminação', texto: 'A lâmpada do poste 12 está queimada.' } });
    expect(c.statusCode, c.body).toBe(201);
    const id = data(c).id;
    const changed = await t.call('PUT', `/api/manifestacoes/${id}`, { token: adminPm, body: { texto: 'Texto reescrito pela equipe.' } });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors).toEqual({ texto: ['O relato do manifestante não pode ser alterado depois do registro.'] });
    const same = await t.call('PUT', `/api/manifestacoes/${id}`, { token: adminPm, body: { texto: ' A lâmpada do poste 12 está queimada. ', assunto: 'Iluminação pública' } });
    expect(same.statusCode, same.body).toBe(200);
    expect(data(same)).toMatchObject({ assunto: 'Iluminação pública', texto: 'A lâmpada do poste 12 está queimada.' });
    expect((await t.call('POST', `/api/manifestacoes/${id}?_method=PUT`, { token: adminPm, body: { texto: 'Outro' } })).statusCode).toBe(422);
  });

  it("keeps the public channel's text the same way", async () => {
    const [pm] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.abreviacao, 'PMVS'));
    const pub = await t.call('POST', '/api/public/manifestacoes', { body: { company_id: pm.id, tipo: 'sugestao', assunto: 'Feira', texto: 'Feira aos sábados.', anonima: true } });
    expect(pub.statusCode, pub.body).toBe(201);
    const list = data(await t.call('GET', `/api/manifestacoes?q=${encodeURIComponent(pub.json().data.protocolo)}`, { token: adminPm }));
    const res = await t.call('PUT', `/api/manifestacoes/${list[0].id}`, { token: adminPm, body: { texto: 'Feira aos domingos.' } });
    expect(res.statusCode).toBe(422);
  });
});

describe('types: categories chosen from a list, by their pt-BR names', () => {
  it('refuses an unknown category on every create call and reads the category as its option', async () => {
    const bad = await t.call('POST', '/api/types', { token: adminPm, body: { type: 'xpto', slug: 'x', label: 'X' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ type: ['Escolha uma opção válida.'] });
    const path = await t.call('POST', '/api/type/xpto/add', { token: adminPm, body: { slug: 'x', label: 'X' } });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({ type: ['Categoria desconhecida: xpto.'] });
    const ok = await t.call('POST', '/api/types', { token: adminPm, body: { type: 'places', slug: 'praca', label: 'Praça' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(data(ok).type).toBe('places');
    const filtered = data(await t.call('GET', '/api/types?type=places&perPage=100', { token: adminPm })) as { slug: string }[];
    expect(filtered.map((x) => x.slug)).toContain('praca');
    const doc = (await t.call('GET', '/api/docs/json')).json();
    expect(doc.paths['/api/types'].post.requestBody.content['application/json'].schema.properties.type.enum).toContain('linguagens');
  });
});
