/**
 * The parliamentarians' requests as declared record actions and row scope (issue 11): matter drafts
 * (`matters/matterapplication`) written, sent, received, analysed, protocolled as matters, returned and archived; and
 * solicitations granted, refused and cancelled. Scope: a council member sees and changes only the rows of their own
 * parliamentarian record, through every route; the owner comes from the session, never from the body; a sent row
 * is read-only for them; the staff sees every sent row (a draft is its author's until sent).
 * Demo actors: vereador@ (Vera Lúcia), vereador2@ (another member), operador@ (cm_admin), admin@ (Câmara
 * administrator), admin.prefeitura@ (another company).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let vera: string;
let outro: string;
let operador: string;
let admin: string;
let adminPm: string;
let typeId: Record<string, number>;
let veraParl: number;
let outroParl: number;
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const APP = '/api/matters/matterapplication';
const SOL = '/api/solicitations';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const year = new Date().getFullYear();

function pdfUpload(field: string): { body: Buffer; headers: Record<string, string> } {
  const b = '----pacoReceived';
  return {
    body: Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="minuta.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), PDF, Buffer.from(`\r\n--${b}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

beforeAll(async () => {
  t = await makeApp();
  [vera, outro, operador, admin, adminPm] = await Promise.all(
    ['vereador@paco.demo', 'vereador2@paco.demo', 'operador@paco.demo', 'admin@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)),
  );
  typeId = Object.fromEntries(data(await t.call('GET', '/api/types_of/matters', { token: admin })).map((x: { slug: string; id: number }) => [x.slug, x.id]));
  // each member's parliamentarian record, as the server sets it on their rows
  const mine = async (token: string) => data(await t.call('POST', APP, { token, body: { type_id: typeId.ind, ementa: 'Rascunho de referência.' } })).parliamentary_id as number;
  [veraParl, outroParl] = await Promise.all([mine(vera), mine(outro)]);
}, 60_000);
afterAll(async () => { await t?.close(); });

const draft = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', APP, { token, body: { type_id: typeId.ind, ementa: 'Indica a reforma da quadra do Bairro Esperança.', texto: 'Indico ao Executivo a reforma da quadra.', justificativa: 'A quadra está interditada.', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return data(res) as Record<string, any>;
};
const send = (token: string, id: number) => t.call('POST', `${APP}/${id}/send`, { token });
const ids = (r: Res): number[] => data(r).map((x: { id: number }) => x.id);

describe('matter drafts: row scope', () => {
  it('the author comes from the session; another member and the staff never reach a draft', async () => {
    const d = await draft(vera, { parliamentary_id: outroParl, situacao: 'protocolada', data: '2001-01-01', ementa: 'Indica a poda das árvores da Rua Quinze.' });
    expect(veraParl).not.toBe(outroParl);
    expect(d).toMatchObject({ parliamentary_id: veraParl, situacao: 'rascunho', data: null, matter_id: null });

    // the other member: absent from every list and search, 404 on every route to the row
    for (const url of [`${APP}?perPage=100`, `${APP}?perPage=100&q=poda`, `${APP}/list?perPage=100`, `${APP}/list/all?search=poda`]) {
      const r = await t.call('GET', url, { token: outro });
      expect(r.statusCode, url).toBe(200);
      expect(ids(r), url).not.toContain(d.id);
      expect(data(r).every((x: { parliamentary_id: number }) => x.parliamentary_id === outroParl), url).toBe(true);
    }
    const up = pdfUpload('anexo');
    for (const [method, url, body, headers] of [
      ['GET', `${APP}/${d.id}`], ['PUT', `${APP}/${d.id}`, { ementa: 'Invasão.' }], ['POST', `${APP}/${d.id}?_method=PUT`, { ementa: 'Invasão.' }],
      ['DELETE', `${APP}/${d.id}`], ['POST', `${APP}/${d.id}/send`], ['POST', `${APP}/${d.id}/upload`, up.body, up.headers],
    ] as const) {
      const r = await t.call(method, url, { token: outro, body, headers });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    // the staff: a draft is its author's until sent
    for (const token of [operador, admin]) {
      expect(ids(await t.call('GET', `${APP}?perPage=100`, { token }))).not.toContain(d.id);
      expect(ids(await t.call('GET', `${APP}/list/all?search=poda`, { token }))).not.toContain(d.id);
      expect((await t.call('GET', `${APP}/${d.id}`, { token })).statusCode).toBe(404);
      expect((await t.call('POST', `${APP}/${d.id}/protocol`, { token, body: {} })).statusCode).toBe(404);
      expect((await t.call('PUT', `${APP}/${d.id}/situation`, { token, body: { situacao: 'em_analise' } })).statusCode).toBe(404);
    }
    // staff of the staff roles only: the other member may not run the house's actions at all
    expect((await t.call('POST', `${APP}/${d.id}/analyse`, { token: outro })).statusCode).toBe(403);
    expect((await t.call('GET', `${APP}/${d.id}`, { token: adminPm })).statusCode).toBe(404);

    // the author: sees it, may change it (but not hand it to someone else), attach a file, send it
    const shown = data(await t.call('GET', `${APP}/${d.id}`, { token: vera }));
    // the author's actions on a draft: send it, invite co-signers (signing is for who was invited: not offered here)
    expect(shown._actions).toEqual({ send: { allowed: true }, invite: { allowed: true } });
    expect(shown._can).toEqual({ update: true, delete: true });
    const moved = await t.call('PUT', `${APP}/${d.id}`, { token: vera, body: { parliamentary_id: outroParl, ementa: 'Indica a poda das árvores da Rua Quinze de Novembro.' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(data(moved)).toMatchObject({ parliamentary_id: veraParl, ementa: 'Indica a poda das árvores da Rua Quinze de Novembro.' });
    const file = await t.call('POST', `${APP}/${d.id}/upload`, { token: vera, ...pdfUpload('anexo') });
    expect(file.statusCode, file.body).toBe(200);
    const link = data(file).anexo.url as string;
    expect((await t.call('GET', link)).statusCode).toBe(200);
    expect(ids(await t.call('GET', `${APP}/list/all?search=poda`, { token: vera }))).toContain(d.id);
  });

  it('once sent, the draft is read-only for its author (with the reason) and reaches the staff', async () => {
    const d = await draft(vera, { ementa: 'Indica a sinalização da escola Padre Anchieta.' });
    const sent = await send(vera, d.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Matéria enviada à Câmara.');
    expect(data(sent)).toMatchObject({ situacao: 'enviada', data: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    const shown = data(await t.call('GET', `${APP}/${d.id}`, { token: vera }));
    const why = 'A matéria já foi enviada à Câmara (situação: Enviada); só pode ser alterada se for devolvida para correção.';
    expect(shown._can).toEqual({ update: false, delete: false, reason: why });
    expect(shown._actions.send).toEqual({ allowed: false, reason: 'A matéria já foi enviada (situação: Enviada).' });
    for (const [method, url] of [['PUT', `${APP}/${d.id}`], ['DELETE', `${APP}/${d.id}`], ['POST', `${APP}/${d.id}/upload`]] as const) {
      const r = await t.call(method, url, { token: vera, ...(method === 'POST' ? pdfUpload('anexo') : { body: method === 'PUT' ? { ementa: 'Mudou.' } : undefined }) });
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(r.json().message).toBe(why);
    }
    const again = await send(vera, d.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A matéria já foi enviada (situação: Enviada).');

    // the staff now sees it, with the house's actions and their states
    const staff = data(await t.call('GET', `${APP}/${d.id}`, { token: operador }));
    expect(staff._actions).toMatchObject({
      receive: { allowed: true }, analyse: { allowed: true }, protocol: { allowed: true }, return: { allowed: true }, archive: { allowed: true },
    });
    expect(staff._actions.send).toBeUndefined();
    expect(staff._can).toBeUndefined();
    expect(ids(await t.call('GET', `${APP}/list?perPage=100`, { token: operador }))).toContain(d.id);
    // the other member still does not
    expect((await t.call('GET', `${APP}/${d.id}`, { token: outro })).statusCode).toBe(404);
  });
});

describe('matter drafts: the house', () => {
  it('receives, analyses and protocols a draft as a matter numbered in its type and year, authored by the member', async () => {
    const d = await draft(vera, { ementa: 'Indica a iluminação da Praça da Matriz.', destinatario: 'Prefeito Municipal' });
    await t.call('POST', `${APP}/${d.id}/upload`, { token: vera, ...pdfUpload('anexo') });
    await send(vera, d.id);
    expect(data(await t.call('POST', `${APP}/${d.id}/receive`, { token: operador })).situacao).toBe('recebida');
    expect((await t.call('POST', `${APP}/${d.id}/receive`, { token: operador })).statusCode).toBe(409);
    expect(data(await t.call('POST', `${APP}/${d.id}/analyse`, { token: operador })).situacao).toBe('em_analise');

    // the next number of the type in the year (one at least exists); a number already taken is refused, nothing kept
    const other = await t.call('POST', '/api/matters', { token: admin, body: { type_id: typeId.ind, dataApresentacao: `${year}-03-02`, ementa: 'Indicação cadastrada pela Casa.' } });
    expect(other.statusCode, other.body).toBe(201);
    const before = data(await t.call('GET', `/api/matters?type_id=${typeId.ind}&ano=${year}&perPage=100`, { token: admin })) as { numero: number }[];
    const next = Math.max(...before.map((m) => m.numero)) + 1;
    const taken = await t.call('POST', `${APP}/${d.id}/protocol`, { token: operador, body: { numero: data(other).numero, ano: year } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.numero[0]).toMatch(/^Já existe /);
    expect(data(await t.call('GET', `${APP}/${d.id}`, { token: operador })).situacao).toBe('em_analise');
    expect(data(await t.call('GET', `/api/matters?type_id=${typeId.ind}&ano=${year}&perPage=100`, { token: admin }))).toHaveLength(before.length);
    const res = await t.call('POST', `${APP}/${d.id}/protocol`, { token: operador, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const done = data(res);
    expect(done).toMatchObject({ situacao: 'protocolada', matter_id: expect.any(Number) });
    const matter = data(await t.call('GET', `/api/matters/${done.matter_id}`, { token: admin }));
    expect(matter).toMatchObject({
      type_id: typeId.ind, numero: next, ano: year, ementa: 'Indica a iluminação da Praça da Matriz.', texto: 'Indico ao Executivo a reforma da quadra.',
      justificativa: 'A quadra está interditada.', obs: 'Destinatário: Prefeito Municipal',
    });
    expect(matter.identificacao).toMatch(new RegExp(` ${next}/${year}$`));
    expect(res.json().message).toBe(`Protocolada como ${matter.identificacao}.`);
    expect(matter.texto_original).toMatchObject({ name: 'minuta.pdf', mime: 'application/pdf' });
    expect(matter.authors.map((a: { parliamentary_id: number }) => a.parliamentary_id)).toEqual([veraParl]);

    // the member sees the situation and the matter it became, on the record and in the list
    const seen = data(await t.call('GET', `${APP}/${d.id}`, { token: vera }));
    expect(seen).toMatchObject({ situacao: 'protocolada', matter: { id: matter.id, identificacao: matter.identificacao } });
    const listed = data(await t.call('GET', `${APP}?perPage=100`, { token: vera })).find((x: { id: number }) => x.id === d.id);
    expect(listed.matter).toMatchObject({ identificacao: matter.identificacao });

    // decided: no action left, each refused with its reason
    const after = data(await t.call('GET', `${APP}/${d.id}`, { token: operador }));
    expect(after._actions.protocol).toEqual({ allowed: false, reason: 'Só uma matéria enviada à Câmara e ainda não decidida pode ser protocolada (situação: Protocolada como matéria).' });
    const twice = await t.call('POST', `${APP}/${d.id}/protocol`, { token: operador, body: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(after._actions.protocol.reason);
    expect((await t.call('POST', `${APP}/${d.id}/archive`, { token: operador, body: { motivo: 'Engano.' } })).statusCode).toBe(409);

    // a second draft of the same type takes the following number; an author record is created once per member
    const d2 = await draft(outro, { ementa: 'Indica a limpeza do córrego.' });
    await send(outro, d2.id);
    const m2 = data(await t.call('GET', `/api/matters/${data(await t.call('POST', `${APP}/${d2.id}/protocol`, { token: admin, body: { dataApresentacao: `${year}-01-02` } })).matter_id}`, { token: admin }));
    expect(m2).toMatchObject({ numero: next + 1, dataApresentacao: `${year}-01-02` });
    expect(m2.authors.map((a: { parliamentary_id: number }) => a.parliamentary_id)).toEqual([outroParl]);

    const log = data(await t.call('GET', '/api/logs?perPage=100&sort=-created_at', { token: admin })) as { action: string }[];
    for (const a of ['envia', 'recebe', 'analisa', 'protocola']) expect(log.some((l) => l.action === a), a).toBe(true);
  });

  it('returns a draft with the reason; its author corrects and sends it again; the house archives it', async () => {
    const d = await draft(vera, { ementa: 'Moção sem texto.' });
    await send(vera, d.id);
    const noReason = await t.call('POST', `${APP}/${d.id}/return`, { token: operador, body: {} });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.motivo).toEqual(['O campo Motivo da devolução é obrigatório.']);
    const back = await t.call('POST', `${APP}/${d.id}/return`, { token: operador, body: { motivo: 'Falta o texto da moção.' } });
    expect(data(back)).toMatchObject({ situacao: 'devolvida', situacao_obs: 'Falta o texto da moção.' });

    // the author sees why and may change it again
    const mine = data(await t.call('GET', `${APP}/${d.id}`, { token: vera }));
    expect(mine).toMatchObject({ situacao: 'devolvida', situacao_obs: 'Falta o texto da moção.', _can: { update: true }, _actions: { send: { allowed: true } } });
    expect((await t.call('PUT', `${APP}/${d.id}`, { token: vera, body: { texto: 'A Câmara aplaude.' } })).statusCode).toBe(200);
    expect(data(await send(vera, d.id))).toMatchObject({ situacao: 'enviada', situacao_obs: null, texto: 'A Câmara aplaude.' });

    const archived = await t.call('POST', `${APP}/${d.id}/archive`, { token: operador, body: { motivo: 'Matéria idêntica já protocolada.' } });
    expect(data(archived)).toMatchObject({ situacao: 'arquivada', situacao_obs: 'Matéria idêntica já protocolada.' });
    expect(data(await t.call('GET', `${APP}/${d.id}`, { token: vera }))._can.update).toBe(false);
  });

  it('PUT :id/situation (the spec\'s call) runs the action of the situation, with its rules', async () => {
    const d = await draft(vera, { ementa: 'Requer informações sobre a merenda escolar.', type_id: typeId.req });
    await send(vera, d.id);
    const put = (body: Record<string, unknown>, token = operador) => t.call('PUT', `${APP}/${d.id}/situation`, { token, body });
    expect((await put({ situacao: 'enviada' })).statusCode).toBe(409);
    expect((await put({ situacao: 'em_analise' }, vera)).statusCode).toBe(403);
    expect((await put({ situacao: 'em_analise' }, adminPm)).statusCode).toBe(404);
    expect(data(await put({ situacao: 'em_analise' })).situacao).toBe('em_analise');
    const noObs = await put({ situacao: 'devolvida' });
    expect(noObs.statusCode).toBe(422);
    expect(noObs.json().errors).toEqual({ situacao_obs: ['O campo Observação da situação é obrigatório.'] });
    expect(data(await put({ situacao: 'devolvida', situacao_obs: 'Complete a justificativa.' }))).toMatchObject({ situacao: 'devolvida', situacao_obs: 'Complete a justificativa.' });
    const wrong = await put({ situacao: 'em_analise' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('A matéria não está aguardando análise (situação: Devolvida para correção).');
    await send(vera, d.id);
    const prot = await put({ situacao: 'protocolada' });
    expect(prot.statusCode, prot.body).toBe(200);
    expect(data(prot).matter.identificacao).toMatch(new RegExp(`/${year}$`));
  });

  it('the staff registers a paper draft for a member: received at once, the member required', async () => {
    const none = await t.call('POST', APP, { token: admin, body: { type_id: typeId.ind, ementa: 'Entregue em papel.' } });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.parliamentary_id).toEqual(['Informe o parlamentar.']);
    const paper = await t.call('POST', APP, { token: admin, body: { type_id: typeId.ind, ementa: 'Entregue em papel.', parliamentary_id: outroParl } });
    expect(paper.statusCode).toBe(201);
    expect(data(paper)).toMatchObject({ parliamentary_id: outroParl, situacao: 'recebida', data: expect.any(String) });
    // its member sees it; the other does not
    expect((await t.call('GET', `${APP}/${data(paper).id}`, { token: outro })).statusCode).toBe(200);
    expect((await t.call('GET', `${APP}/${data(paper).id}`, { token: vera })).statusCode).toBe(404);
  });
});

describe('solicitations', () => {
  const request = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await t.call('POST', SOL, { token, body: { tipo: 'veiculo', destino: 'Belo Horizonte/MG', finalidade: 'Reunião na Assembleia Legislativa.', dataSaida: '2026-12-15', ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return data(res) as Record<string, any>;
  };

  it('a member\'s request is theirs, sent when created and read-only for them; another member never reaches it', async () => {
    const s = await request(vera, { parliamentary_id: outroParl, situacao: 'deferida', destino: 'Ouro Preto/MG' });
    expect(s).toMatchObject({ parliamentary_id: veraParl, situacao: 'pendente' });
    for (const url of [`${SOL}?perPage=100`, `${SOL}?perPage=100&q=Ouro`, `${SOL}/list?perPage=100`, `${SOL}/list/all?search=ouro`]) {
      const r = await t.call('GET', url, { token: outro });
      expect(r.statusCode, url).toBe(200);
      expect(ids(r), url).not.toContain(s.id);
    }
    for (const [method, url] of [['GET', `${SOL}/${s.id}`], ['PUT', `${SOL}/${s.id}`], ['POST', `${SOL}/${s.id}/cancel`]] as const) {
      expect((await t.call(method, url, { token: outro, body: method === 'PUT' ? { destino: 'x' } : undefined })).statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = data(await t.call('GET', `${SOL}/${s.id}`, { token: vera }));
    expect(mine._actions).toEqual({ cancel: { allowed: true } });
    expect(mine._can).toMatchObject({ update: false });
    const edit = await t.call('PUT', `${SOL}/${s.id}`, { token: vera, body: { destino: 'Mariana/MG' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('A solicitação já foi enviada à Câmara (situação: Pendente) e não pode mais ser alterada; se for o caso, cancele-a e faça outra.');
    // the staff sees every member's
    expect(ids(await t.call('GET', `${SOL}/list/all?search=ouro`, { token: operador }))).toContain(s.id);
    // its author cancels it
    expect(data(await t.call('POST', `${SOL}/${s.id}/cancel`, { token: vera }))).toMatchObject({ situacao: 'cancelada' });
    expect((await t.call('POST', `${SOL}/${s.id}/grant`, { token: operador, body: {} })).statusCode).toBe(409);
  });

  it('the staff grants or refuses (the reason required); the requester sees the decision', async () => {
    const s = await request(vera, { tipo: 'diaria', destino: 'Brasília/DF', quantidadeDiarias: 2, valor: 900 });
    expect((await t.call('POST', `${SOL}/${s.id}/grant`, { token: vera, body: {} })).statusCode).toBe(403);
    expect(data(await t.call('GET', `${SOL}/${s.id}`, { token: operador }))._actions).toEqual({
      analyse: { allowed: true }, grant: { allowed: true }, deny: { allowed: true }, cancel: { allowed: true },
    });
    expect(data(await t.call('POST', `${SOL}/${s.id}/analyse`, { token: operador })).situacao).toBe('em_analise');
    const granted = await t.call('POST', `${SOL}/${s.id}/grant`, { token: operador, body: { observacao: 'Diárias autorizadas pela Presidência.' } });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().message).toBe('Solicitação deferida.');
    const seen = data(await t.call('GET', `${SOL}/${s.id}`, { token: vera }));
    expect(seen).toMatchObject({ situacao: 'deferida', situacao_obs: 'Diárias autorizadas pela Presidência.' });
    expect(seen._actions.cancel).toEqual({ allowed: false, reason: 'A solicitação já foi decidida (situação: Deferida).' });
    expect((await t.call('POST', `${SOL}/${s.id}/cancel`, { token: vera })).statusCode).toBe(409);

    const s2 = await request(vera, { destino: 'Juiz de Fora/MG' });
    const noReason = await t.call('POST', `${SOL}/${s2.id}/deny`, { token: operador, body: { motivo: 'Não' } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.motivo[0]).toMatch(/no mínimo 5 caracteres/);
    const denied = await t.call('POST', `${SOL}/${s2.id}/deny`, { token: operador, body: { motivo: 'Veículo oficial em manutenção nesta data.' } });
    expect(data(denied)).toMatchObject({ situacao: 'indeferida', situacao_obs: 'Veículo oficial em manutenção nesta data.' });
    expect(data(await t.call('GET', `${SOL}/${s2.id}`, { token: vera })).situacao).toBe('indeferida');
    expect((await t.call('POST', `${SOL}/${s2.id}/grant`, { token: operador, body: {} })).statusCode).toBe(409);
  });

  it('PUT :id/situation runs the same actions; the staff registers a request for a member', async () => {
    const s = await request(outro);
    const put = (body: Record<string, unknown>) => t.call('PUT', `${SOL}/${s.id}/situation`, { token: admin, body });
    expect((await put({ situacao: 'pendente' })).statusCode).toBe(409);
    const noObs = await put({ situacao: 'indeferida' });
    expect(noObs.statusCode).toBe(422);
    expect(noObs.json().errors).toEqual({ situacao_obs: ['O campo Observação da situação é obrigatório.'] });
    expect(data(await put({ situacao: 'deferida' }))).toMatchObject({ situacao: 'deferida', situacao_obs: null });

    const none = await t.call('POST', SOL, { token: admin, body: { tipo: 'diaria', destino: 'Brasília/DF', finalidade: 'Congresso.', dataSaida: '2026-12-15' } });
    expect(none.json().errors.parliamentary_id).toEqual(['Informe o parlamentar.']);
    const forOther = await t.call('POST', SOL, { token: admin, body: { tipo: 'diaria', destino: 'Brasília/DF', finalidade: 'Congresso.', dataSaida: '2026-12-15', parliamentary_id: outroParl } });
    expect(data(forOther)).toMatchObject({ parliamentary_id: outroParl, situacao: 'pendente' });
    expect((await t.call('GET', `${SOL}/${data(forOther).id}`, { token: vera })).statusCode).toBe(404);
  });
});
