/**
 * The citizen's side of the Ouvidoria and the E-SIC (issue 12 §2): attachments on the public filing (count, size,
 * type by content), the honeypot, the anonymous manifestação, the LAI request with a restricted identity (never to
 * staff outside the SIC role, never public, never in the history or the statistics), the appeal instances configured
 * per company, the public statistics computed from known data, and another company's ids refused.
 * Actors: requesters on the public channel; sic@ (SIC officer), admin.prefeitura@ (1ª instância in the demo),
 * prefeito@ (2ª instância), ouvidoria@ of the Prefeitura; admin@ of the Câmara (another company).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, manifestacoes, pedidosInformacao, sicInstancias, users } from '../src/db/schema.generated.ts';
import { makeApp, TINY_PDF as PDF, type TestApp } from './helpers.ts';

let t: TestApp;
let sic: string;
let adminPm: string;
let prefeito: string;
let ouvidoria: string;
let adminCm: string;
let prefeitura: number;
let camara: number;
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;

beforeAll(async () => {
  t = await makeApp();
  [sic, adminPm, prefeito, ouvidoria, adminCm] = await Promise.all(
    ['sic@paco.demo', 'admin.prefeitura@paco.demo', 'prefeito@paco.demo', 'ouvidoria@paco.demo', 'admin@paco.demo'].map((e) => t.login(e)),
  );
  const rows = await t.database.db.select({ id: companies.id, abreviacao: companies.abreviacao }).from(companies);
  prefeitura = rows.find((c) => c.abreviacao === 'PMVS')!.id;
  camara = rows.find((c) => c.abreviacao === 'CMVS')!.id;
});
afterAll(async () => { await t?.close(); });

let callers = 0;
const nextIp = () => `10.9.${Math.floor(++callers / 250)}.${callers % 250 + 1}`;
async function inject(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Res> {
  const res = await t.app.inject({ method, url, remoteAddress: nextIp(), payload: payload as never, headers });
  return Object.assign(res, { json: () => JSON.parse(res.body) }) as Res;
}

/** multipart/form-data with several files under the same part name */
function form(fields: Record<string, string>, files: { name: string; type: string; data: Buffer }[] = [], part = 'anexos') {
  const b = 'pacoLimiteCidadao';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${part}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}
const pdf = (name = 'foto.pdf') => ({ name, type: 'application/pdf', data: PDF });
const MANIF = { tipo: 'reclamacao', assunto: 'Buraco na Rua Dez', texto: 'Há um buraco grande na Rua Dez, em frente ao número 40.' };
const PEDIDO = { requerenteNome: 'Beatriz Sigilo', requerenteEmail: 'beatriz.sigilo@exemplo.com.br', assunto: 'Folha de pagamento', texto: 'Peço a folha de pagamento de outubro.' };

describe('attachments on the public filing', () => {
  it('takes up to three PDF or image files in the same call and keeps them on the record', async () => {
    const f = form({ company_id: String(prefeitura), ...MANIF, anonima: 'true' }, [pdf('a.pdf'), pdf('b.pdf')]);
    const res = await inject('POST', '/api/public/manifestacoes', f.payload, f.headers);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(manifestacoes).where(and(eq(manifestacoes.company_id, prefeitura), eq(manifestacoes.protocolo, data(res).protocolo)));
    expect((row.anexos as { name: string }[]).map((x) => x.name)).toEqual(['a.pdf', 'b.pdf']);
    const followed = await inject('GET', `/api/public/manifestacoes/consulta?company_id=${prefeitura}&protocolo=${encodeURIComponent(data(res).protocolo)}&codigo=${data(res).codigo}`);
    expect(data(followed).anexos.map((x: { name: string }) => x.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('refuses a fourth file, a file whose content is not PDF or image, and a file over 5 MB — storing nothing', async () => {
    const before = (await t.database.db.select({ id: pedidosInformacao.id }).from(pedidosInformacao)).length;
    const four = form({ company_id: String(prefeitura), ...PEDIDO }, [pdf(), pdf(), pdf(), pdf()]);
    const r4 = await inject('POST', '/api/public/pedidos_informacao', four.payload, four.headers);
    expect(r4.statusCode).toBe(422);
    expect(r4.json().errors.anexos[0]).toBe('Envie no máximo 3 arquivos.');
    const fake = form({ company_id: String(prefeitura), ...PEDIDO }, [{ name: 'virus.pdf', type: 'application/pdf', data: Buffer.from('MZ\x90\x00 not a pdf') }]);
    const rf = await inject('POST', '/api/public/pedidos_informacao', fake.payload, fake.headers);
    expect(rf.statusCode).toBe(422);
    expect(rf.json().errors.anexos[0]).toBe('Tipo de arquivo não permitido.');
    const big = form({ company_id: String(prefeitura), ...PEDIDO }, [{ name: 'grande.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) }]);
    const rb = await inject('POST', '/api/public/pedidos_informacao', big.payload, big.headers);
    expect(rb.statusCode).toBe(413);
    expect(rb.json().message).toContain('5 MB');
    expect((await t.database.db.select({ id: pedidosInformacao.id }).from(pedidosInformacao)).length).toBe(before);
  });
});

describe('the honeypot', () => {
  it('answers a filled honeypot like an accepted filing and stores nothing; the pretended protocol cannot be followed', async () => {
    const count = async () => (await t.database.db.select({ id: manifestacoes.id }).from(manifestacoes)).length;
    const before = await count();
    const res = await inject('POST', '/api/public/manifestacoes', { company_id: prefeitura, ...MANIF, anonima: true, website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(data(res).protocolo).toMatch(/^\d{6}\/\d{4}$/);
    expect(data(res).codigo).toMatch(/^[A-Z2-9]{10}$/);
    expect(await count()).toBe(before);
    const followed = await inject('GET', `/api/public/manifestacoes/consulta?company_id=${prefeitura}&protocolo=${encodeURIComponent(data(res).protocolo)}&codigo=${data(res).codigo}`);
    expect(followed.statusCode).toBe(404);
    const lai = await inject('POST', '/api/public/pedidos_informacao', { company_id: prefeitura, ...PEDIDO, website: 'x' });
    expect(lai.statusCode).toBe(201);
    expect((await t.database.db.select().from(pedidosInformacao).where(eq(pedidosInformacao.requerenteNome, 'Beatriz Sigilo'))).length).toBe(0);
  });
});

describe('the anonymous manifestação', () => {
  it('needs no identification, and identity sent with it is dropped', async () => {
    const res = await inject('POST', '/api/public/manifestacoes', { company_id: prefeitura, ...MANIF, tipo: 'denuncia', anonima: true, requerenteNome: 'Não Guardar', requerenteEmail: 'nao@exemplo.com.br' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(manifestacoes).where(eq(manifestacoes.protocolo, data(res).protocolo));
    expect([row.requerenteNome, row.requerenteEmail, row.anonima]).toEqual([null, null, true]);
    const shown = data(await t.call('GET', `/api/manifestacoes/${row.id}`, { token: ouvidoria }));
    expect(shown.requerenteNome ?? null).toBeNull();
    const named = await inject('POST', '/api/public/manifestacoes', { company_id: prefeitura, ...MANIF });
    expect(named.statusCode).toBe(422);
    expect(named.json().errors.requerenteNome[0]).toContain('anônima');
  });

  it('counts 30 days by the deadline rules and an extension makes it 60 from the registration', async () => {
    const res = await inject('POST', '/api/public/manifestacoes', { company_id: prefeitura, ...MANIF, anonima: true });
    const [row] = await t.database.db.select().from(manifestacoes).where(eq(manifestacoes.protocolo, data(res).protocolo));
    const due = String(row.prazo);
    expect([0, 6]).not.toContain(new Date(`${due}T12:00:00Z`).getUTCDay());
    const ext = await t.call('POST', `/api/manifestacoes/${row.id}/prorrogar`, { token: ouvidoria, body: { justificativa: 'Aguardando vistoria técnica do setor de obras.' } });
    expect(ext.statusCode, ext.body).toBe(200);
    const later = String(data(ext).prazo);
    expect(later > due).toBe(true);
    expect([0, 6]).not.toContain(new Date(`${later}T12:00:00Z`).getUTCDay());
  });
});

describe('a LAI request with the identity restricted', () => {
  let id: number;
  let p: { protocolo: string; codigo: string };
  beforeAll(async () => {
    const res = await inject('POST', '/api/public/pedidos_informacao', {
      company_id: prefeitura, ...PEDIDO, requerenteCpf: '52998224725', identidadeRestrita: true, tema: 'administracao',
    });
    expect(res.statusCode, res.body).toBe(201);
    p = data(res);
    [{ id }] = await t.database.db.select({ id: pedidosInformacao.id }).from(pedidosInformacao).where(eq(pedidosInformacao.protocolo, p.protocolo));
  });

  it('shows the identity to the SIC role on the request only', async () => {
    const mine = data(await t.call('GET', `/api/pedidos_informacao/${id}`, { token: sic }));
    expect([mine.requerenteNome, mine.requerenteEmail, mine.identidadeRestrita]).toEqual(['Beatriz Sigilo', 'beatriz.sigilo@exemplo.com.br', true]);
    const list = data(await t.call('GET', `/api/pedidos_informacao?q=${encodeURIComponent(p.protocolo)}`, { token: sic }));
    expect(JSON.stringify(list)).not.toContain('Beatriz');
  });

  it('never to staff of another role (the administrator, the authority), nor in the history; they cannot overwrite it', async () => {
    const shown = await t.call('GET', `/api/pedidos_informacao/${id}`, { token: adminPm });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain('Beatriz');
    expect(shown.body).not.toContain('beatriz.sigilo');
    expect(shown.body).not.toContain('52998224725');
    const history = await t.call('GET', `/api/pedidos_informacao/${id}/audit`, { token: sic });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).not.toContain('Beatriz');
    const put = await t.call('PUT', `/api/pedidos_informacao/${id}`, { token: adminPm, body: { requerenteNome: 'Outro Nome', formaRecebimento: 'internet' } });
    expect(put.statusCode, put.body).toBe(200);
    const [row] = await t.database.db.select().from(pedidosInformacao).where(eq(pedidosInformacao.id, id));
    expect(row.requerenteNome).toBe('Beatriz Sigilo');
  });

  it('never in the public follow-up nor in the statistics (JSON and CSV)', async () => {
    const followed = await inject('GET', `/api/public/pedidos_informacao/consulta?company_id=${prefeitura}&protocolo=${encodeURIComponent(p.protocolo)}&codigo=${p.codigo}`);
    expect(followed.statusCode).toBe(200);
    expect(followed.body).not.toContain('Beatriz');
    expect(followed.body).not.toContain('beatriz');
    for (const fmt of ['json', 'csv']) {
      const stats = await inject('GET', `/api/public/sic/estatisticas?company_id=${prefeitura}&formato=${fmt}`);
      expect(stats.statusCode).toBe(200);
      expect(stats.body).not.toContain('Beatriz');
      expect(stats.body).not.toContain('Folha de pagamento');
    }
  });
});

describe('appeal instances configured per company', () => {
  it('the 1st instance decides, never who answered; a denied appeal goes to the 2nd instance, decided only there', async () => {
    const res = await inject('POST', '/api/public/pedidos_informacao', { company_id: prefeitura, ...PEDIDO, requerenteNome: 'Caio Recurso' });
    const p = data(res);
    const [{ id }] = await t.database.db.select({ id: pedidosInformacao.id }).from(pedidosInformacao).where(eq(pedidosInformacao.protocolo, p.protocolo));
    const act = (name: string, body: unknown, token: string) => t.call('POST', `/api/pedidos_informacao/${id}/${name}`, { token, body });
    expect((await act('responder', { resposta: 'A folha está no Portal da Transparência, em Pessoal.' }, sic)).statusCode).toBe(200);
    const appeal = await inject('POST', '/api/public/pedidos_informacao/recurso', { company_id: prefeitura, ...p, recurso: 'Quero o arquivo, não o link.' });
    expect(appeal.statusCode, appeal.body).toBe(200);
    expect(data(appeal).situacao).toBe('em_recurso');
    // the demo's 1st instance is admin.prefeitura@; the prefeito (2nd) and the SIC (who answered) are refused with the reason
    const byPrefeito = await act('decidir_recurso', { decisao: 'desprovido', fundamentacao: 'Mantida a resposta.' }, prefeito);
    expect(byPrefeito.statusCode).toBe(409);
    expect(byPrefeito.json().message).toContain('1ª instância: Paulo Administrador (Secretário Municipal de Administração)');
    const bySic = await act('decidir_recurso', { decisao: 'desprovido', fundamentacao: 'Mantida a resposta.' }, sic);
    expect(bySic.statusCode).toBe(409);
    expect(bySic.json().message).toContain('Só as autoridades das instâncias de recurso');
    const screen = data(await t.call('GET', `/api/pedidos_informacao/${id}`, { token: prefeito }));
    expect(screen._actions.decidir_recurso.allowed).toBe(false);
    const first = await act('decidir_recurso', { decisao: 'desprovido', fundamentacao: 'A informação já está publicada em formato aberto.' }, adminPm);
    expect(first.statusCode, first.body).toBe(200);
    expect(data(first).situacao).toBe('recurso_decidido');
    const followed = data(await inject('GET', `/api/public/pedidos_informacao/consulta?company_id=${prefeitura}&protocolo=${encodeURIComponent(p.protocolo)}&codigo=${p.codigo}`));
    expect([followed.podeRecorrer, followed.instanciaRecurso]).toEqual([true, 2]);
    const second = await inject('POST', '/api/public/pedidos_informacao/recurso', { company_id: prefeitura, ...p, recurso: 'Recorro à autoridade máxima.' });
    expect(data(second).situacao).toBe('em_recurso_2');
    const byFirst = await act('decidir_recurso', { decisao: 'provido', fundamentacao: 'Reconsidero.' }, adminPm);
    expect(byFirst.statusCode).toBe(409);
    const final = await act('decidir_recurso', { decisao: 'provido', fundamentacao: 'Provido: o arquivo será enviado por e-mail.' }, prefeito);
    expect(final.statusCode, final.body).toBe(200);
    expect(data(final).situacao).toBe('recurso_2_decidido');
    const again = await inject('POST', '/api/public/pedidos_informacao/recurso', { company_id: prefeitura, ...p, recurso: 'Mais um.' });
    expect(again.statusCode).toBe(409);
  });

  it('without a configured 2nd instance the 1st-instance decision is final; only administrators configure instances, in their own company', async () => {
    const [mine] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin.prefeitura@paco.demo'));
    const bySic = await t.call('POST', '/api/sic_instancias', { token: sic, body: { instancia: '1', user_id: mine.id, cargo: 'Secretário' } });
    expect(bySic.statusCode).toBe(403);
    const other = await t.call('POST', '/api/sic_instancias', { token: adminCm, body: { instancia: '1', user_id: mine.id, cargo: 'Presidente' } });
    expect(other.statusCode).toBe(422);
    const list = data(await t.call('GET', '/api/sic_instancias', { token: adminCm }));
    expect(list).toEqual([]);
    expect((await t.database.db.select().from(sicInstancias).where(eq(sicInstancias.company_id, camara))).length).toBe(0);
  });
});

describe('public statistics (LAI art. 30)', () => {
  it('counts received, answered, within the deadline, appealed, by month and by subject, from known data', async () => {
    const db = t.database.db;
    const base = { company_id: camara, ano: 2019, canal: 'internet', requerenteNome: 'X', assunto: 'a', texto: 'b', prorrogado: false };
    let n = 0;
    const put = (v: Record<string, unknown>) => db.insert(pedidosInformacao).values({ ...base, numero: ++n, protocolo: `9${String(n).padStart(5, '0')}/2019`, ...v } as never);
    await put({ created_at: new Date('2019-03-05T13:00:00Z'), prazo: '2019-03-25', situacao: 'respondido', tema: 'saude', dataResposta: new Date('2019-03-20T13:00:00Z'), noPrazo: true });
    await put({ created_at: new Date('2019-03-10T13:00:00Z'), prazo: '2019-03-30', situacao: 'negado', tema: 'saude', fundamentoNegativa: 'generico', dataResposta: new Date('2019-04-10T13:00:00Z'), noPrazo: false });
    await put({ created_at: new Date('2019-07-01T13:00:00Z'), prazo: '2019-07-22', situacao: 'em_recurso', tema: 'obras', dataResposta: new Date('2019-07-15T13:00:00Z'), noPrazo: true, recursoEm: new Date('2019-07-18T13:00:00Z') });
    await put({ created_at: new Date('2019-07-02T13:00:00Z'), prazo: '2019-07-23', situacao: 'recebido' });
    const res = await inject('GET', `/api/public/sic/estatisticas?company_id=${camara}&ano=2019`);
    expect(res.statusCode, res.body).toBe(200);
    const s = data(res).pedidos;
    expect(s.totais).toEqual({ recebidos: 4, respondidos: 3, negados: 1, noPrazo: 2, recursos: 1, emAberto: 1 });
    expect(s.porMes[2]).toMatchObject({ chave: '03', rotulo: 'março', recebidos: 2, respondidos: 2, noPrazo: 1 });
    expect(s.porMes[6]).toMatchObject({ chave: '07', recebidos: 2, respondidos: 1, recursos: 1, emAberto: 1 });
    expect(s.porTema.find((g: { chave: string }) => g.chave === 'saude')).toMatchObject({ recebidos: 2, negados: 1 });
    expect(s.porTema.find((g: { chave: string }) => g.chave === '')).toMatchObject({ rotulo: 'Não classificado', recebidos: 1 });
    const csv = await inject('GET', `/api/public/sic/estatisticas?company_id=${camara}&ano=2019&formato=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('pedidos_informacao;total;2019;4;3;1;2;1;1');
    expect(csv.body).toContain('pedidos_informacao;mes;março;2;2;1;1;0;0');
  });

  it('refuses an unknown entity and bad parameters with per-field messages', async () => {
    const res = await inject('GET', '/api/public/sic/estatisticas?company_id=999999');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.company_id[0]).toBe('Entidade não encontrada.');
    const bad = await inject('GET', `/api/public/sic/estatisticas?company_id=${camara}&ano=abc`);
    expect(bad.statusCode).toBe(422);
  });
});

describe("another company's ids", () => {
  it('a protocol and code are followed only in their own company; staff of another company do not see the request', async () => {
    const res = await inject('POST', '/api/public/pedidos_informacao', { company_id: prefeitura, ...PEDIDO, requerenteNome: 'Dora Outra' });
    const p = data(res);
    const wrong = await inject('GET', `/api/public/pedidos_informacao/consulta?company_id=${camara}&protocolo=${encodeURIComponent(p.protocolo)}&codigo=${p.codigo}`);
    expect(wrong.statusCode).toBe(404);
    const appeal = await inject('POST', '/api/public/pedidos_informacao/recurso', { company_id: camara, ...p, recurso: 'x' });
    expect(appeal.statusCode).toBe(404);
    const [{ id }] = await t.database.db.select({ id: pedidosInformacao.id }).from(pedidosInformacao).where(eq(pedidosInformacao.protocolo, p.protocolo));
    expect((await t.call('GET', `/api/pedidos_informacao/${id}`, { token: adminCm })).statusCode).toBe(404);
  });
});

describe('the portal pages (server-rendered, forms without JavaScript)', () => {
  const PM = '/portal/prefeitura-vila-serena';
  const CM = '/portal/camara-vila-serena';
  const post = (url: string, fields: Record<string, string>, files: { name: string; type: string; data: Buffer }[] = []) => {
    const f = form(fields, files);
    return inject('POST', url, f.payload, f.headers);
  };

  it('serves the forms, never cached; an unknown portal is 404', async () => {
    const page = await inject('GET', `${PM}/sic`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Fazer um pedido de informação');
    expect(page.body).toContain(`action="${PM}/sic"`);
    expect(page.body).toContain('name="website"');
    expect((await inject('GET', `${PM}/ouvidoria`)).body).toContain('Registrar manifestação');
    expect((await inject('GET', '/portal/nao-existe/ouvidoria')).statusCode).toBe(404);
  });

  it('answers a form with errors by field in pt-BR, keeping what was typed', async () => {
    const res = await post(`${PM}/sic`, { assunto: 'Contratos de limpeza', texto: '' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('value="Contratos de limpeza"');
    expect(res.body).toMatch(/id="p-requerenteNome-erro">[^<]+</);
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).toContain('Corrija');
  });

  it('files with an attachment, shows the protocol and code, follows it; the identity never appears', async () => {
    const res = await post(`${PM}/sic`, { ...PEDIDO, requerenteNome: 'Helena Restrita', identidadeRestrita: 'true', tema: 'saude' }, [pdf('receita.pdf')]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const protocolo = /data-testid="protocolo">([^<]+)</.exec(res.body)![1];
    const codigo = /data-testid="codigo">([^<]+)</.exec(res.body)![1];
    expect(res.body).toContain('Guarde o protocolo e o código');
    const followed = await post(`${PM}/sic/acompanhar`, { protocolo, codigo });
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('Recebido');
    expect(followed.body).toContain('receita.pdf');
    expect(followed.body).not.toContain('Helena');
    // another portal's page does not find it
    const elsewhere = await post(`${CM}/sic/acompanhar`, { protocolo, codigo });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.body).toContain('Protocolo ou código não conferem');
  });

  it('files an anonymous manifestação; a filled honeypot looks the same and stores nothing', async () => {
    const res = await post(`${PM}/ouvidoria`, { ...MANIF, anonima: 'true' });
    expect(res.statusCode).toBe(201);
    expect(res.body).toContain('Manifestação registrada');
    const before = (await t.database.db.select({ id: manifestacoes.id }).from(manifestacoes)).length;
    const bot = await post(`${PM}/ouvidoria`, { ...MANIF, anonima: 'true', website: 'http://spam.example' });
    expect(bot.statusCode).toBe(201);
    expect(bot.body).toContain('data-testid="codigo"');
    expect((await t.database.db.select({ id: manifestacoes.id }).from(manifestacoes)).length).toBe(before);
  });

  it('shows the statistics with the CSV link', async () => {
    const res = await inject('GET', `${CM}/sic/estatisticas?ano=2019`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/Estatísticas de (<!-- -->)?2019/);
    expect(res.body).toContain(`/api/public/sic/estatisticas?company_id=${camara}&amp;ano=2019&amp;formato=csv`);
    expect(res.body).toMatch(/<th scope="row">março<\/th><td>2<\/td>/);
  });
});
