/**
 * The culture registry's review as declared record actions and its row scope (issue 11; docs/workflows/
 * cadastro-cultural.md). Actors: cultura@ (pm_cultura_admin), artista@ (an artist's account), grupo@ (a group's
 * account), a second artist registered here, admin.prefeitura@ (admin) and admin@ (another company).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.base.ts';
import { companies, logs } from '../src/db/schema.generated.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let cultura: string;
let adminPm: string;
let adminCm: string;
let artista: string;
let grupo: string;
let segundo: string; // a second artist, self-registered here
let ids: { artista: number; grupo: number; segundo: number; segundoUser: number; artistaUser: number };
let fotoUrl: string;
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
function multipart(field: string, filename: string, mime: string, bytes: Buffer) {
  const boundary = `----paco${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`);
  return { body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await makeApp();
  [cultura, adminPm, adminCm, artista, grupo] = await Promise.all(
    ['cultura@paco.demo', 'admin.prefeitura@paco.demo', 'admin@paco.demo', 'artista@paco.demo', 'grupo@paco.demo'].map((e) => t.login(e)),
  );
  const [pm] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.abreviacao, 'PMVS'));
  const reg = await t.call('POST', '/api/register', {
    body: { name: 'Tereza Viola', email: 'tereza.viola@exemplo.com.br', password: 'viola-caipira', password_confirmation: 'viola-caipira', company_id: pm.id },
  });
  expect(reg.statusCode, reg.body).toBe(202);
  segundo = await t.login('tereza.viola@exemplo.com.br', 'viola-caipira');
  const me = (token: string) => t.call('GET', '/api/load-user', { token }).then((r) => data(r).id as number);
  const artistaUser = await me(artista);
  const segundoUser = await me(segundo);
  // the generic create: the owner comes from the session, whatever the body says
  const created = await t.call('POST', '/api/artists', { token: segundo, body: {
    nomeCompleto: 'Tereza Cristina Barbosa', nomeArtistico: 'Tereza Viola', cpf: '483.920.571-04', bairro: 'Centro',
    declaracaoAutentico: true, user_id: artistaUser, situacao: 'ativo',
  } });
  expect(created.statusCode, created.body).toBe(201);
  expect(data(created)).toMatchObject({ user_id: segundoUser, situacao: 'pendente' });
  ids = {
    artista: data(await t.call('GET', '/api/artists/mine', { token: artista })).id,
    grupo: data(await t.call('GET', '/api/artist_groups/mine', { token: grupo })).id,
    segundo: data(created).id, segundoUser, artistaUser,
  };
  const { body, headers } = multipart('foto', 'luiza.png', 'image/png', TINY_PNG);
  const up = await t.call('POST', `/api/artists/${ids.artista}/upload`, { token: artista, body, headers });
  expect(up.statusCode, up.body).toBe(200);
  // the artist's photos are a list (spec 2): the new one is the last
  fotoUrl = (data(up).foto as { url: string }[]).at(-1)!.url;
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('row scope: a registrant reaches only their own registration, on every route', () => {
  const attempts = (res: 'artists' | 'artist_groups', id: number): [string, string, unknown?][] => [
    ['GET', `/api/${res}/${id}`],
    ['PUT', `/api/${res}/${id}`, { bairro: 'Invasão' }],
    ['POST', `/api/${res}/${id}?_method=PUT`, { bairro: 'Invasão' }],
    ['GET', `/api/${res}/${id}/progress`],
  ];

  it('artists and groups get 404 on each other\'s registration (show, update, sub-list, upload) and never list it', async () => {
    const cases: [string, string, 'artists' | 'artist_groups', number, string][] = [
      ['artista', artista, 'artists', ids.segundo, 'Tereza'], ['segundo', segundo, 'artists', ids.artista, 'Luíza'],
      ['grupo', grupo, 'artists', ids.artista, 'Luíza'], ['grupo', grupo, 'artists', ids.segundo, 'Tereza'],
      ['artista', artista, 'artist_groups', ids.grupo, 'Congado'], ['segundo', segundo, 'artist_groups', ids.grupo, 'Congado'],
    ];
    const wrong: string[] = [];
    for (const [who, token, res, id, name] of cases) {
      for (const [method, url, body] of attempts(res, id)) {
        const r = await t.call(method, url, { token, body });
        if (r.statusCode !== 404) wrong.push(`${who} ${method} ${url}: ${r.statusCode}`);
      }
      const { body, headers } = multipart('foto', 'x.png', 'image/png', TINY_PNG);
      const up = await t.call('POST', `/api/${res}/${id}/upload`, { token, body, headers });
      if (up.statusCode !== 404) wrong.push(`${who} upload ${res}/${id}: ${up.statusCode}`);
      // list and search: not there, and nothing of it in the answer
      for (const url of [`/api/${res}?perPage=100`, `/api/${res}?q=${encodeURIComponent(name)}`, `/api/${res}?fields=list&sort=-created_at`]) {
        const r = await t.call('GET', url, { token });
        if (r.statusCode !== 200 || data(r).some((x: { id: number }) => x.id === id)) wrong.push(`${who} GET ${url}: ${r.statusCode} ${r.body.slice(0, 80)}`);
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    // the photo's signed URL reaches only who may read the artist: it is in no answer to another registrant
    for (const token of [segundo, grupo]) expect((await t.call('GET', '/api/artists?perPage=100', { token })).body).not.toContain(fotoUrl.split('?')[0]);
    expect((await t.call('GET', fotoUrl.split('?')[0])).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('deleting, reviewing and printing are the staff\'s: a registrant gets 403 even on their own', async () => {
    for (const [method, url] of [
      ['DELETE', `/api/artists/${ids.artista}`], ['DELETE', `/api/artists/${ids.segundo}`], ['POST', `/api/artists/${ids.artista}/ativar`],
      ['POST', `/api/artists/${ids.segundo}/analisar`], ['POST', `/api/artists/${ids.artista}/add_progress`], ['GET', '/api/artists/print'],
      ['POST', `/api/artist_groups/${ids.grupo}/recusar`], ['GET', '/api/culture_progress'],
    ] as const) {
      expect((await t.call(method, url, { token: artista, body: method === 'POST' ? { motivo: 'Tentativa indevida.' } : undefined })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('a registrant reads and changes their own through the same routes, but cannot give it away', async () => {
    const mine = await t.call('GET', `/api/artists/${ids.artista}`, { token: artista });
    expect(mine.statusCode).toBe(200);
    expect(data(mine)).toMatchObject({ nomeCompleto: 'Ana Luíza Ferreira Costa', foto: expect.arrayContaining([expect.objectContaining({ name: 'luiza.png' })]) });
    expect(data(mine)._actions).toEqual({}); // no review action is theirs
    expect((await t.call('GET', fotoUrl)).statusCode).toBe(200);
    const list = await t.call('GET', '/api/artists', { token: artista });
    expect(list.json().meta.total).toBe(1);
    const put = await t.call('PUT', `/api/artists/${ids.artista}`, { token: artista, body: { bairro: 'Rosário', user_id: ids.segundoUser } });
    expect(put.statusCode, put.body).toBe(200);
    expect(data(put)).toMatchObject({ bairro: 'Rosário', user_id: ids.artistaUser });
    expect((await t.call('GET', `/api/artists/${ids.artista}/progress`, { token: artista })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/artist_groups', { token: artista })).json().meta.total).toBe(0);
    // the "Meu Cadastro" calls keep answering the same record
    expect(data(await t.call('GET', '/api/artists/mine', { token: artista })).id).toBe(ids.artista);
    expect(data(await t.call('GET', '/api/is-artist', { token: segundo }))).toMatchObject({ isArtist: true, artist: { id: ids.segundo } });
  });

  it('the culture staff and the administrator see every registration; another company none', async () => {
    for (const token of [cultura, adminPm]) {
      const all = data(await t.call('GET', '/api/artists?perPage=100', { token })).map((a: { id: number }) => a.id);
      expect(all).toEqual(expect.arrayContaining([ids.artista, ids.segundo]));
      expect((await t.call('GET', `/api/artist_groups/${ids.grupo}`, { token })).statusCode).toBe(200);
    }
    expect((await t.call('GET', `/api/artists/${ids.artista}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/artists/${ids.artista}/analisar`, { token: adminCm })).statusCode).toBe(404);
  });
});

describe('review: declared actions with the states they run from', () => {
  const show = async (token: string, id: number, res = 'artists') => data(await t.call('GET', `/api/${res}/${id}`, { token }));

  it('puts a registration under analysis, returns it for correction, activates it; each refusal says why', async () => {
    const before = await show(cultura, ids.artista);
    expect(before.situacao).toBe('pendente');
    expect(before._actions).toEqual({
      analisar: { allowed: true },
      ativar: { allowed: false, reason: 'Situação do cadastro: Pendente. Só cadastros em análise (ou inativos) podem ser ativados.' },
      recusar: { allowed: true },
      devolver: { allowed: false, reason: 'Situação do cadastro: Pendente. Só cadastros em análise podem ser devolvidos para correção.' },
      inativar: { allowed: false, reason: 'Situação do cadastro: Pendente. Só cadastros ativos podem ser inativados.' },
    });
    const early = await t.call('POST', `/api/artists/${ids.artista}/ativar`, { token: cultura });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(before._actions.ativar.reason);

    expect(data(await t.call('POST', `/api/artists/${ids.artista}/analisar`, { token: cultura })).situacao).toBe('em_analise');
    const noWhy = await t.call('POST', `/api/artists/${ids.artista}/devolver`, { token: cultura, body: {} });
    expect(noWhy.statusCode).toBe(422);
    expect(noWhy.json().errors).toEqual({ motivo: ['O campo O que deve ser corrigido é obrigatório.'] });
    const back = await t.call('POST', `/api/artists/${ids.artista}/devolver`, { token: cultura, body: { motivo: 'Envie o portfólio em PDF.' } });
    expect(data(back)).toMatchObject({ situacao: 'pendente', motivoSituacao: 'Envie o portfólio em PDF.' });
    // the registrant sees the request on "Meu Cadastro"
    expect(data(await t.call('GET', '/api/artists/mine', { token: artista }))).toMatchObject({ situacao: 'pendente', motivoSituacao: 'Envie o portfólio em PDF.' });

    await t.call('POST', `/api/artists/${ids.artista}/analisar`, { token: cultura });
    const on = await t.call('POST', `/api/artists/${ids.artista}/ativar`, { token: cultura });
    expect(on.statusCode, on.body).toBe(200);
    expect(data(on)).toMatchObject({ situacao: 'ativo', motivoSituacao: null });
    expect(data(await t.call('GET', '/api/artists/mine', { token: artista })).situacao).toBe('ativo');
    expect((await t.call('POST', `/api/artists/${ids.artista}/analisar`, { token: cultura })).json().message)
      .toBe('Situação do cadastro: Ativo. Só cadastros pendentes ou recusados entram em análise.');

    // the artist is told, on the bell and (outside the staff) by e-mail; "em análise" is no news
    const told = data(await t.call('GET', '/api/notifications?perPage=10', { token: artista })) as { kind: string; title: string; body: string; link: string }[];
    expect(told.map((n) => n.title)).toEqual(['Seu cadastro foi ativado: Ana Luíza Ferreira Costa', 'Seu cadastro foi devolvido para correção: Ana Luíza Ferreira Costa']);
    expect(told[1]).toMatchObject({ kind: 'cadastro_situacao', link: '/culture/profile' });
    expect(told[1].body).toContain('Motivo: Envie o portfólio em PDF.');
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'artista@paco.demo'));
    expect(mails.map((m) => m.subject)).toContain('Seu cadastro foi ativado: Ana Luíza Ferreira Costa — Paço');

    const steps = data(await t.call('GET', `/api/artists/${ids.artista}/progress`, { token: artista })) as { de: string; para: string; motivo: string | null }[];
    expect(steps.map((p) => `${p.de}>${p.para}`).sort()).toEqual(['em_analise>ativo', 'em_analise>pendente', 'pendente>em_analise', 'pendente>em_analise'].sort());
    const audit = await t.database.db.select().from(logs).where(and(eq(logs.resource, 'artists'), eq(logs.record_id, ids.artista)));
    expect(audit.map((l) => l.action)).toEqual(expect.arrayContaining(['analisar', 'devolver', 'ativar']));
  });

  it('refuses with a reason; the registrant corrects it and it goes back to pendente', async () => {
    const short = await t.call('POST', `/api/artists/${ids.segundo}/recusar`, { token: cultura, body: { motivo: 'não' } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ motivo: ['O campo Motivo da recusa deve ter no mínimo 5 caracteres.'] });
    const no = await t.call('POST', `/api/artists/${ids.segundo}/recusar`, { token: cultura, body: { motivo: 'CPF do titular da conta diferente do artista.' } });
    expect(no.statusCode, no.body).toBe(200);
    expect(data(no)).toMatchObject({ situacao: 'recusado', motivoSituacao: 'CPF do titular da conta diferente do artista.' });
    expect(data(await t.call('GET', '/api/artists/mine', { token: segundo }))).toMatchObject({ situacao: 'recusado', motivoSituacao: 'CPF do titular da conta diferente do artista.' });
    expect((await show(cultura, ids.segundo))._actions.recusar).toEqual({ allowed: false, reason: 'Situação do cadastro: Recusado. Só cadastros pendentes ou em análise podem ser recusados.' });

    // the staff fixing a typo leaves it refused; the registrant's correction sends it back to the review
    expect(data(await t.call('PUT', `/api/artists/${ids.segundo}`, { token: cultura, body: { nomeArtistico: 'Tereza da Viola' } })).situacao).toBe('recusado');
    const fixed = await t.call('PUT', '/api/artists/mine', { token: segundo, body: { banco: '001 - Banco do Brasil', agencia: '1111', conta: '22222-3' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(data(fixed)).toMatchObject({ situacao: 'pendente', motivoSituacao: null });
    const steps = data(await t.call('GET', `/api/artists/${ids.segundo}/progress`, { token: segundo })) as { de: string; para: string; motivo: string }[];
    expect(steps.find((p) => p.de === 'recusado' && p.para === 'pendente')?.motivo).toBe('Cadastro corrigido pelo responsável.');
    expect((await show(cultura, ids.segundo))._actions.analisar).toEqual({ allowed: true });
    // the culture staff hears of it, and finds it among "Minhas pendências"
    const [n] = data(await t.call('GET', '/api/notifications?perPage=1', { token: cultura }));
    expect(n).toMatchObject({ kind: 'cadastro_situacao', title: 'Cadastro corrigido: Tereza Cristina Barbosa', link: `/culture/artist/${ids.segundo}` });
    const inbox = data(await t.call('GET', '/api/inbox', { token: cultura })) as { resource: string; key: string; count: number }[];
    const waiting = inbox.find((e) => e.resource === 'artists' && e.key === 'analise')!;
    const listed = await t.call('GET', '/api/artists?inbox=analise&perPage=100', { token: cultura });
    expect(listed.json().meta.total).toBe(waiting.count);
    expect(data(listed).map((a: { id: number }) => a.id)).toContain(ids.segundo);
    expect(data(listed).every((a: { situacao: string }) => ['pendente', 'em_analise'].includes(a.situacao))).toBe(true);
    expect((data(await t.call('GET', '/api/inbox', { token: segundo })) as { resource: string }[]).some((e) => e.resource === 'artists')).toBe(false);
  });

  it('groups: the same steps through the generic update of their own record', async () => {
    const no = await t.call('POST', `/api/artist_groups/${ids.grupo}/recusar`, { token: cultura, body: { motivo: 'Falta a lista de participantes.' } });
    expect(data(no).situacao).toBe('recusado');
    const fixed = await t.call('PUT', `/api/artist_groups/${ids.grupo}`, { token: grupo, body: { nomeParticipantes: 'Raimundo\nMaria\nJosé' } });
    expect(data(fixed)).toMatchObject({ situacao: 'pendente', motivoSituacao: null });
    await t.call('POST', `/api/artist_groups/${ids.grupo}/analisar`, { token: cultura });
    expect(data(await t.call('POST', `/api/artist_groups/${ids.grupo}/ativar`, { token: cultura })).situacao).toBe('ativo');
    const off = await t.call('POST', `/api/artist_groups/${ids.grupo}/inativar`, { token: cultura, body: {} });
    expect(off.json().errors).toEqual({ motivo: ['O campo Motivo da inativação é obrigatório.'] });
    expect(data(await t.call('GET', '/api/artist_groups/mine', { token: grupo })).situacao).toBe('ativo');
  });

  it('every step refused from a state it does not run from, with the reason the button shows', async () => {
    // the group is ativo now: only inativar runs; the others answer 409 with their reason (motivo given, so the refusal is the state's)
    const states = (await show(cultura, ids.grupo, 'artist_groups'))._actions as Record<string, { allowed: boolean; reason?: string }>;
    for (const step of ['analisar', 'ativar', 'recusar', 'devolver']) {
      expect(states[step].allowed, step).toBe(false);
      const res = await t.call('POST', `/api/artist_groups/${ids.grupo}/${step}`, { token: cultura, body: { motivo: 'Motivo suficiente.' } });
      expect(res.statusCode, step).toBe(409);
      expect(res.json().message).toBe(states[step].reason);
    }
    expect(states.inativar).toEqual({ allowed: true });
  });

  it('add_progress (spec 2) keeps its contract over the same transitions', async () => {
    const wrong = await t.call('POST', `/api/artists/${ids.artista}/add_progress`, { token: cultura, body: { situacao: 'pendente' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.situacao).toEqual(['Não é possível passar de "Ativo" para "Pendente".']);
    const off = await t.call('POST', `/api/artists/${ids.artista}/add_progress`, { token: cultura, body: { situacao: 'inativo', motivo: 'Mudou-se.' } });
    expect(data(off)).toMatchObject({ situacao: 'inativo', motivoSituacao: 'Mudou-se.' });
    expect((await show(cultura, ids.artista))._actions.ativar).toEqual({ allowed: true });
  });

  it('documents the actions in OpenAPI', async () => {
    const paths = Object.keys((await t.call('GET', '/api/docs/json')).json().paths);
    for (const step of ['analisar', 'ativar', 'recusar', 'devolver', 'inativar']) {
      expect(paths).toContain(`/api/artists/{id}/${step}`);
      expect(paths).toContain(`/api/artist_groups/{id}/${step}`);
    }
  });
});
