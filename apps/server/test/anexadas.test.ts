/**
 * Matérias anexadas and the despacho inicial (decision 0058): "Anexar matéria" on the principal and "Desanexar" on the
 * attachment, with the rules the server holds (not itself, no cycles, one principal at a time, the same company), the
 * tabs of both matters, the portal's page; the matter's first "Distribuir às comissões" recorded as its despacho
 * inicial, later ones as distributions. Roles, companies, the actor from the session, bad bodies, two at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { addDays } from '../src/modules/materias/deadline.ts';
import { makeApp, portalText, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string; // admin (câmara)
let operador: string; // cm_admin (câmara): the matters' operator of the demo
let vereador: string; // cm_parlamentar: reads matters, does not write them
let adminPm: string; // admin (prefeitura): another company
let operadorId: number;
const status: Record<string, number> = {};

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const today = todayInSaoPaulo();
const start = addDays(today, -30);

async function matter(ementa: string, token = operador): Promise<{ id: number; identificacao: string }> {
  const types = data(await t.call('GET', '/api/types_of/matters', { token })) as { id: number; slug: string }[];
  const res = await t.call('POST', '/api/matters', { token, body: { type_id: types.find((x) => x.slug === 'pl')!.id, dataApresentacao: start, ementa } });
  expect(res.statusCode, res.body).toBe(201);
  return data(res);
}
const anexar = (principal: number, body: Record<string, unknown>, token = operador) => t.call('POST', `/api/matters/${principal}/anexar`, { token, body });
const attach = (principal: number, anexada: number, token = operador) => anexar(principal, { anexada_id: anexada, data_anexacao: today }, token);
const tab = async (id: number, name: 'anexadas' | 'anexada_a', token = operador) => data(await t.call('GET', `/api/matters/${id}/${name}`, { token })) as Record<string, any>[];

beforeAll(async () => {
  t = await makeApp();
  [admin, operador, vereador, adminPm] = await Promise.all(
    ['admin@paco.demo', 'operador@paco.demo', 'vereador@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)),
  );
  operadorId = data(await t.call('GET', '/api/load-user', { token: operador })).id;
  for (const s of data(await t.call('GET', '/api/types_of/tramitation_status', { token: operador })) as { id: number; slug: string }[]) status[s.slug] = s.id;
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('Anexar matéria', () => {
  it('attaches a matter to its principal, shown on both; the actor is the session, never the body', async () => {
    const a = await matter('Dispõe sobre a arborização urbana.');
    const b = await matter('Dispõe sobre o plantio de árvores nas calçadas.');
    const st = data(await t.call('GET', `/api/matters/${a.id}`, { token: operador }))._actions.anexar;
    expect(st).toMatchObject({ allowed: true, values: { data_anexacao: today } });
    const res = await anexar(a.id, { anexada_id: b.id, data_anexacao: today, motivo: 'Mesmo objeto.', anexada_por_id: 1, company_id: 999, situacao: 'desanexada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`${b.identificacao} anexada a ${a.identificacao}.`);
    const [row] = await tab(a.id, 'anexadas');
    expect(row).toMatchObject({ principal_id: a.id, anexada_id: b.id, data_anexacao: today, motivo: 'Mesmo objeto.', situacao: 'anexada', data_desanexacao: null });
    expect(row.anexada_por_id).toBe(operadorId);
    expect(operadorId).not.toBe(1);
    expect((await tab(b.id, 'anexada_a')).map((r) => r.principal_id)).toEqual([a.id]);
    // the attached matter's tab on the principal is empty the other way round
    expect(await tab(a.id, 'anexada_a')).toEqual([]);
    // a reader sees it; the principal's new step names it
    expect((await tab(a.id, 'anexadas', vereador)).length).toBe(1);
    const units = data(await t.call('GET', '/api/tramitation_unities?perPage=5', { token: admin })) as { id: number }[];
    const step = await t.call('POST', `/api/matters/${a.id}/tramitar`, { token: operador, body: { data: today, status_id: status.protocolada, origem_id: units[0].id, destino_id: units[1].id } });
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json().message).toMatch(new RegExp(`Anexada a ela: ${b.identificacao.replace('/', '\\/')}\\.$`));
    // the public page lists it, and the attached one names its principal
    const pub = await t.call('GET', `/portal/camara-vila-serena/materias/${a.id}`);
    expect(pub.statusCode).toBe(200);
    expect(portalText(pub.body)).toContain('Matérias anexadas');
    expect(portalText(pub.body)).toContain(b.identificacao);
    expect(portalText((await t.call('GET', `/portal/camara-vila-serena/materias/${b.id}`)).body)).toContain('Anexada a');
  });

  it('the portal follows an attachment made and ended: its cached page is dropped (the change trigger of the table)', async () => {
    const a = await matter('Dispõe sobre a coleta seletiva.');
    const b = await matter('Dispõe sobre os ecopontos.');
    const page = async () => portalText((await t.call('GET', `/portal/camara-vila-serena/materias/${a.id}`)).body);
    // read once: the page is cached without the attachment
    expect(await page()).not.toContain('Matérias anexadas');
    expect((await attach(a.id, b.id)).statusCode).toBe(200);
    await expect.poll(page, { timeout: 5_000 }).toContain(b.identificacao);
    const [row] = await tab(a.id, 'anexadas');
    const ended = await t.call('POST', `/api/matter_attachments/${row.id}/desanexar`, { token: operador, body: { data_desanexacao: today } });
    expect(ended.statusCode, ended.body).toBe(200);
    // an ended attachment is history in the back office; the public page lists only the current ones
    await expect.poll(page, { timeout: 5_000 }).not.toContain('Matérias anexadas');
  });

  it('refuses itself, cycles (also longer), a second principal and bad dates', async () => {
    const [a, b, c, d] = [await matter('Matéria A.'), await matter('Matéria B.'), await matter('Matéria C.'), await matter('Matéria D.')];
    const self = await attach(a.id, a.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.anexada_id).toEqual(['Uma matéria não pode ser anexada a ela mesma.']);
    // B under A, C under B
    expect((await attach(a.id, b.id)).statusCode).toBe(200);
    expect((await attach(b.id, c.id)).statusCode).toBe(200);
    // A under B: direct cycle
    const direct = await attach(b.id, a.id);
    expect(direct.statusCode).toBe(422);
    expect(direct.json().errors.anexada_id[0]).toBe(`${a.identificacao} não pode ser anexada a ${b.identificacao}: ${b.identificacao} já está anexada a ${a.identificacao}, e as anexações formariam um ciclo.`);
    // A under C: A → B → C → A
    const longer = await attach(c.id, a.id);
    expect(longer.statusCode).toBe(422);
    expect(longer.json().errors.anexada_id[0]).toContain(`(por meio de ${b.identificacao})`);
    // C already under B: one principal at a time (409), the same principal too
    const second = await attach(d.id, c.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`${c.identificacao} já está anexada a ${b.identificacao} desde ${today.split('-').reverse().join('/')}: desanexe-a de lá antes.`);
    expect((await attach(b.id, c.id)).statusCode).toBe(409);
    // a date before the matters were presented
    const early = await anexar(d.id, { anexada_id: a.id, data_anexacao: addDays(start, -1) });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.data_anexacao).toBeDefined();
    // A may go under D (no cycle: D is under nobody)
    expect((await attach(d.id, a.id)).statusCode).toBe(200);
    // now D under C would close D → A → B → C → D
    expect((await attach(c.id, d.id)).statusCode).toBe(422);
  });

  it('ends an attachment with its date, keeping the history; then it may be attached again', async () => {
    const a = await matter('Principal.');
    const b = await matter('Anexada e desanexada.');
    const c = await matter('Outra principal.');
    expect((await attach(a.id, b.id)).statusCode).toBe(200);
    const [row] = await tab(a.id, 'anexadas');
    const shown = data(await t.call('GET', `/api/matter_attachments/${row.id}`, { token: operador }));
    expect(shown._actions.desanexar).toMatchObject({ allowed: true, values: { data_desanexacao: today } });
    expect((await t.call('POST', `/api/matter_attachments/${row.id}/desanexar`, { token: vereador, body: { data_desanexacao: today } })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/matter_attachments/${row.id}/desanexar`, { token: adminPm, body: { data_desanexacao: today } })).statusCode).toBe(404);
    const before = await t.call('POST', `/api/matter_attachments/${row.id}/desanexar`, { token: operador, body: { data_desanexacao: addDays(today, -1) } });
    expect(before.statusCode).toBe(422);
    const bad = await t.call('POST', `/api/matter_attachments/${row.id}/desanexar`, { token: operador, body: { data_desanexacao: 'ontem' } });
    expect(bad.statusCode).toBe(422);
    const ok = await t.call('POST', `/api/matter_attachments/${row.id}/desanexar`, { token: operador, body: { data_desanexacao: today } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(`${b.identificacao} desanexada de ${a.identificacao}.`);
    expect(ok.json().data).toMatchObject({ situacao: 'desanexada', data_desanexacao: today });
    const again = await t.call('POST', `/api/matter_attachments/${row.id}/desanexar`, { token: operador, body: { data_desanexacao: today } });
    expect(again.statusCode).toBe(409);
    // the history stays; B may now go under another principal
    expect((await tab(a.id, 'anexadas')).map((r) => r.situacao)).toEqual(['desanexada']);
    expect((await attach(c.id, b.id)).statusCode).toBe(200);
    expect((await tab(b.id, 'anexada_a')).map((r) => [r.principal_id, r.situacao]).sort()).toEqual([[a.id, 'desanexada'], [c.id, 'anexada']].sort());
  });

  it('keeps companies and roles apart, and answers malformed bodies with 422', async () => {
    const a = await matter('Da câmara.');
    const b = await matter('Também da câmara.');
    // another company: the principal is not found; a matter of another company as the one attached is refused
    expect((await attach(a.id, b.id, adminPm)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/matters/${a.id}/anexadas`, { token: adminPm })).statusCode).toBe(404);
    // a reader may not attach
    expect((await attach(a.id, b.id, vereador)).statusCode).toBe(403);
    const unknown = await attach(a.id, 2_000_000_000);
    expect(unknown.statusCode).toBe(422);
    for (const body of [{}, { anexada_id: 'x', data_anexacao: today }, { anexada_id: b.id }, { anexada_id: b.id, data_anexacao: '2026-13-45' },
      { anexada_id: -1, data_anexacao: today }, { anexada_id: b.id, data_anexacao: today, motivo: 'x'.repeat(3000) }, { anexada_id: 99_999_999_999, data_anexacao: today }]) {
      const res = await anexar(a.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const raw = await t.call('POST', `/api/matters/${a.id}/anexar`, { token: operador, body: 'não é json' as never });
    expect(raw.statusCode).toBeLessThan(500);
    expect(await tab(a.id, 'anexadas')).toEqual([]);
  });

  it('takes two attachments at once one after the other: one principal, no cycle', async () => {
    const [a, b, c] = [await matter('Concorrente A.'), await matter('Concorrente B.'), await matter('Concorrente C.')];
    // the same matter under two principals at once
    const both = await Promise.all([attach(a.id, c.id), attach(b.id, c.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await tab(c.id, 'anexada_a')).filter((r) => r.situacao === 'anexada')).toHaveLength(1);
    // A under B and B under A at once
    const [x, y] = [await matter('Ciclo X.'), await matter('Ciclo Y.')];
    const cross = await Promise.all([attach(x.id, y.id), attach(y.id, x.id)]);
    expect(cross.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('Despacho inicial', () => {
  it('is the matter\'s first "Distribuir às comissões": recorded on the matter and its steps; later ones are distributions', async () => {
    const types = data(await t.call('GET', '/api/types_of/commissions', { token: admin })) as { id: number }[];
    const mk = async (sigla: string) => data(await t.call('POST', '/api/commissions', { token: admin, body: { nome: `Comissão ${sigla}`, sigla, type_id: types[0].id, criacao: '2020-01-01' } })).id as number;
    const [c1, c2, c3] = [await mk('CDA'), await mk('CDB'), await mk('CDC')];
    const m = await matter('Dispõe sobre o despacho inicial.');
    const first = await t.call('POST', `/api/matters/${m.id}/distribuir`, {
      token: operador, body: { data: addDays(today, -20), status_id: status.em_comissao, commission_ids: [c1, c2], assinado_por_id: 1, despacho: 'distribuicao' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Distribuída: CDA, CDB. Despacho inicial registrado.');
    expect(first.json().data.despacho_inicial_em).toBe(addDays(today, -20));
    expect(first.json().data.despacho_inicial_por_id).not.toBe(1);
    const later = await t.call('POST', `/api/matters/${m.id}/distribuir`, { token: operador, body: { data: addDays(today, -10), status_id: status.em_comissao, commission_ids: [c3], acao: 'Redistribuída.' } });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().message).toBe('Distribuída: CDC.');
    expect(later.json().data.despacho_inicial_em).toBe(addDays(today, -20));
    const steps = data(await t.call('GET', `/api/matters/${m.id}/tramitations?sort=id`, { token: vereador })) as Record<string, any>[];
    const sorted = [...steps].sort((p, q) => p.id - q.id);
    expect(sorted.map((s) => [s.commission_id, s.despacho])).toEqual([[c1, 'inicial'], [c2, 'inicial'], [c3, 'distribuicao']]);
    expect(sorted[0].acao).toBe('Despacho inicial: distribuída à Comissão CDA para parecer.');
    expect(sorted[2].acao).toBe('Redistribuída.');
    expect(sorted.every((s) => s.assinado_por_id && s.assinado_por_id !== 1)).toBe(true);
    // a step removed: the despacho inicial goes when its last step goes
    for (const s of sorted.slice().reverse()) expect((await t.call('DELETE', `/api/tramitations/${s.id}`, { token: operador })).statusCode).toBe(204);
    expect(data(await t.call('GET', `/api/matters/${m.id}`, { token: operador })).despacho_inicial_em).toBeNull();
  });

  it('is only one when two first distributions run at once', async () => {
    const types = data(await t.call('GET', '/api/types_of/commissions', { token: admin })) as { id: number }[];
    const c = data(await t.call('POST', '/api/commissions', { token: admin, body: { nome: 'Comissão Concorrente', sigla: 'CCO', type_id: types[0].id, criacao: '2020-01-01' } })).id as number;
    const d = data(await t.call('POST', '/api/commissions', { token: admin, body: { nome: 'Comissão Paralela', sigla: 'CPA', type_id: types[0].id, criacao: '2020-01-01' } })).id as number;
    const m = await matter('Duas distribuições ao mesmo tempo.');
    const both = await Promise.all([c, d].map((id) => t.call('POST', `/api/matters/${m.id}/distribuir`, { token: operador, body: { data: today, status_id: status.em_comissao, commission_ids: [id] } })));
    expect(both.every((r) => r.statusCode === 200), both.map((r) => r.body).join('\n')).toBe(true);
    const steps = data(await t.call('GET', `/api/matters/${m.id}/tramitations`, { token: operador })) as Record<string, any>[];
    expect(steps.map((s) => s.despacho).sort()).toEqual(['distribuicao', 'inicial']);
  });
});
