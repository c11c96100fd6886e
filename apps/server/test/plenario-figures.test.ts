/**
 * Issue 16: the live plenary never shows a figure it takes back. With the house's 11 council members voting from
 * their own accounts (vereador3@ presides): the live count applies the presiding officer's rule (item 1), every
 * rule needs its presence quorum (item 2), a secret ballot keeps no individual choice anywhere (item 3), a decided
 * matter is voted again or annulled only with a reason (item 4), every nominal cast and change is kept (item 5),
 * and the votes of one voting commit side by side (item 8, PostgreSQL).
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';

let t: TestApp;
let op: string;
let admin: string;
let session: number;
let president: number;
let base = '';
/** the 11 members, in account order (vereador@, vereador2@ … vereador11@) */
const m: { token: string; pid: number; email: string }[] = [];
const votation = new Map<string, number>();
const matterTypes = new Map<string, number>();
let matterIds: number[] = [];
let nextMatter = 0;

const ok = (res: { statusCode: number; body: string }, code = 200) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(code);
  return JSON.parse(res.body || 'null');
};
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const live = async () => ok(await t.call('GET', `/api/plenary_sessions/${session}/live`, { token: op })).data;
const publicLive = async () => ok(await t.call('GET', `/api/public/plenario/${session}`)).data;
const others = () => m.filter((x) => x.pid !== president);
const presidentAccount = () => m.find((x) => x.pid === president)!;

/** A new agenda item of the session: `kind` of vote, `type` of matter (its quorum rule), in the ordem do dia. */
async function item(kind: 'nominal' | 'secreta' | 'simbolica', type: 'plc' | 'pelo' | 'pl' = 'pl'): Promise<number> {
  // plc: maioria absoluta; pelo: dois terços (demo quorum rules); pl: no rule, maioria simples
  const body: Record<string, unknown> = {
    kind: 'ordem_dia', matter_id: matterIds[nextMatter++ % matterIds.length], tipo_votacao_id: votation.get(kind), tipo_meteria_id: matterTypes.get(type),
  };
  return ok(await t.call('POST', `/api/plenary_matters/${session}/add_matter`, { token: op, body }), 201).data.id;
}
const open = async (pm: number) => ok(await t.call('POST', `/api/plenary_matters/${pm}/add_votting`, { token: op, body: {} }), 201).data;
const close = async (pm: number, body: Record<string, unknown> = {}) => ok(await t.call('PUT', `/api/plenary_matters/${pm}/close_votting`, { token: op, body })).data;
const vote = (who: { token: string }, voting: number, voto: string, headers: Record<string, string> = {}) =>
  t.call('POST', `/api/vottings/${voting}/vote`, { token: who.token, body: { voto }, headers });
/** Every member present in the ordem do dia, or only the first `n` (the president among them). */
async function presence(n = 11) {
  const inside = [presidentAccount(), ...others()].slice(0, n).map((x) => x.pid);
  const outside = m.map((x) => x.pid).filter((p) => !inside.includes(p));
  ok(await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: inside } }), 201);
  if (outside.length) ok(await t.call('POST', `/api/plenary_sessions/${session}/remove_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: outside } }));
  expect((await live()).presence.ordem_dia.presentes).toHaveLength(n);
}
/** The members other than the president vote `choices` (s, n, a per member, in order); the president votes `pv`. */
async function cast(voting: number, choices: string, pv: string | null) {
  const word: Record<string, string> = { s: 'sim', n: 'nao', a: 'abstencao' };
  const list = others();
  for (const [i, c] of [...choices].entries()) ok(await vote(list[i], voting, word[c]));
  if (pv) ok(await vote(presidentAccount(), voting, pv));
}

/** Reads SSE frames until `until` says enough (or times out). */
function stream(path: string, until: (events: { event: string; data: any }[]) => boolean, headers: Record<string, string> = {}, ms = 5000) {
  const events: { event: string; data: any }[] = [];
  let raw = '';
  let req: ReturnType<typeof request>;
  const done = new Promise<{ event: string; data: any }[]>((resolve, reject) => {
    req = request(`${base}${path}`, { headers }, (res) => {
      if (res.statusCode !== 200) { reject(new Error(`status ${res.statusCode}`)); return; }
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = { event: 'message', data: null as any };
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) ev.data = JSON.parse(line.slice(6));
          }
          if (ev.data !== null) events.push(ev);
          if (until(events)) { req.destroy(); resolve(events); }
        }
      });
    });
    req.on('error', (e) => reject(e));
    req.end();
    setTimeout(() => { req.destroy(); reject(new Error(`timeout: ${JSON.stringify(events).slice(0, 500)}`)); }, ms).unref();
  });
  return { done, events, raw: () => raw };
}

beforeAll(async () => {
  t = await makeApp();
  op = await t.login('operador@paco.demo');
  admin = await t.login('admin@paco.demo');
  for (const email of ['vereador@paco.demo', ...Array.from({ length: 10 }, (_, i) => `vereador${i + 2}@paco.demo`)]) {
    const token = await t.login(email);
    const me = ok(await t.call('GET', '/api/is-parliamentary', { token }));
    m.push({ token, pid: me.data.parliamentary.id, email });
  }
  for (const x of ok(await t.call('GET', '/api/types_of/votation', { token: op })).data as { id: number; slug: string }[]) votation.set(x.slug, x.id);
  for (const x of ok(await t.call('GET', '/api/types_of/matters', { token: op })).data as { id: number; slug: string }[]) matterTypes.set(x.slug, x.id);
  expect([...matterTypes.keys()]).toEqual(expect.arrayContaining(['pl', 'plc', 'pelo']));
  matterIds = (ok(await t.call('GET', '/api/matters?perPage=40', { token: op })).data as { id: number }[]).map((x) => x.id);
  const types = ok(await t.call('GET', '/api/types_of/sessions', { token: op })).data as { id: number; slug: string }[];
  session = ok(await t.call('POST', '/api/plenary_sessions', {
    token: op, body: {
      numero: 916, type_id: types.find((x) => x.slug === 'extraordinaria')!.id, abertura: today(), horarioInicio: '19:00',
      presidente_id: m.find((x) => x.email === 'vereador3@paco.demo')!.pid,
    },
  }), 201).data.id;
  ok(await t.call('POST', `/api/plenary_sessions/${session}/iniciar`, { token: op }));
  ok(await t.call('POST', `/api/plenary_sessions/${session}/change_presence_list_status`, { token: op, body: { type: 'ordem_dia', status: 'aberta' } }));
  president = (await live()).session.presidente_id;
  expect(m.find((x) => x.pid === president)?.email).toBe('vereador3@paco.demo');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await t?.close(); });

const decided: Record<string, number> = {};

describe('item 1: the live count applies the presiding officer\'s rule, as the result does', () => {
  it('maioria simples: a 5 × 5 tie shows the president\'s vote counted; once untied, it shows apart, and the close says the same', async () => {
    await presence(11);
    const pm = await item('nominal');
    const v = await open(pm);
    await cast(v.id, 'sssssnnnnn', 'sim');
    let lv = (await live()).voting;
    expect(lv.tally).toMatchObject({ sim: 6, nao: 5, abstencao: 0, presentes: 11, total: 11, votaram: 11 });
    expect(lv.presidente).toMatchObject({ id: president, regra: 'desempate', votou: true, voto: 'sim', computado: true });
    // a member changes Não → Sim: no tie any more, the president's vote leaves the count
    ok(await vote(others()[5], v.id, 'sim'));
    lv = (await live()).voting;
    expect(lv.tally).toMatchObject({ sim: 6, nao: 4, votaram: 11 });
    expect(lv.presidente).toMatchObject({ voto: 'sim', computado: false });
    expect((await publicLive()).voting.tally).toEqual(lv.tally);
    const closed = await close(pm);
    expect([closed.sim, closed.nao, closed.abstencao]).toEqual([lv.tally.sim, lv.tally.nao, lv.tally.abstencao]);
    expect(closed.explicacao).toBe('Aprovado: 6 Sim, 4 Não, 0 Abstenções; maioria simples (mais votos Sim que Não); voto do presidente não computado (vota só para desempatar)');
    decided.approved = pm;
  });

  it('maioria absoluta: 5 Sim and the president\'s Sim show 5 against "exige 6", live on the panel\'s stream and at closing', async () => {
    const pm = await item('nominal', 'plc');
    const v = await open(pm);
    expect(v.regra).toBe('maioria_absoluta');
    await cast(v.id, 'sssssnnnna', null);
    const panel = stream(`/api/public/plenario/${session}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'voting' && e.data.data.tally.votaram === 11));
    await new Promise((r) => setTimeout(r, 150));
    ok(await vote(presidentAccount(), v.id, 'sim'));
    const change = (await panel.done).find((e) => e.event === 'change' && e.data.type === 'voting')!.data.data;
    expect(change.tally).toMatchObject({ sim: 5, nao: 4, abstencao: 1 });
    expect(change.requisito).toBe('maioria absoluta exige 6, com quórum de 6 presentes');
    expect(change.presidente).toMatchObject({ voto: 'sim', computado: false });
    const closed = await close(pm);
    expect(closed.resultado).toBe('rejeitado');
    expect([closed.sim, closed.nao, closed.abstencao]).toEqual([5, 4, 1]);
    decided.rejected = pm;
  });

  it('dois terços: 7 Sim and the president\'s Sim show 7 against "exige 8", then close 7', async () => {
    const pm = await item('nominal', 'pelo');
    const v = await open(pm);
    await cast(v.id, 'sssssssnnn', 'sim');
    expect((await live()).voting.tally).toMatchObject({ sim: 7, nao: 3 });
    const closed = await close(pm);
    expect(closed.explicacao).toMatch(/^Rejeitado: 7 Sim, 3 Não, 0 Abstenções; dois terços exige 8/);
  });
});

describe('item 2: every rule needs its presence quorum', () => {
  it('with 5 of 11 present, maioria absoluta and dois terços close "Sem quórum", not "Rejeitado"', async () => {
    await presence(5);
    const pm = await item('nominal', 'plc');
    const v = await open(pm);
    expect((await live()).voting).toMatchObject({ quorum_exigido: 6, tally: { presentes: 5 } });
    for (const x of [presidentAccount(), ...others()].slice(1, 5)) ok(await vote(x, v.id, 'sim'));
    const closed = await close(pm);
    expect(closed.resultado).toBe('sem_quorum');
    expect(closed.explicacao).toBe('Sem quórum: 5 presentes; maioria absoluta exige a presença de 6 de 11 membros');
    const symbolic = await item('simbolica', 'pelo');
    await open(symbolic);
    const s = await close(symbolic, { sim: 5, nao: 0, abstencao: 0 });
    expect(s.resultado).toBe('sem_quorum');
  });

  it('the presence quorum is set per rule', async () => {
    const rules = ok(await t.call('GET', '/api/quorum_rules?perPage=50', { token: admin })).data as { id: number; type_id: number; quorum_presenca: string | null }[];
    const plc = rules.find((r) => r.type_id === matterTypes.get('plc'))!;
    expect(plc.quorum_presenca ?? 'maioria_absoluta').toBe('maioria_absoluta');
    const bad = await t.call('PUT', `/api/quorum_rules/${plc.id}`, { token: admin, body: { quorum_presenca: 'metade' } });
    expect(bad.statusCode).toBe(422);
    ok(await t.call('PUT', `/api/quorum_rules/${plc.id}`, { token: admin, body: { quorum_presenca: 'um_terco' } }));
    try {
      const pm = await item('simbolica', 'plc');
      const v = await open(pm);
      expect(v.quorum_presenca).toBe('um_terco');
      const closed = await close(pm, { sim: 4, nao: 0, abstencao: 0 });
      // 5 present reach a third of 11 (4): the vote decides, and 4 Sim do not reach the absolute majority (6)
      expect(closed.resultado).toBe('rejeitado');
    } finally {
      ok(await t.call('PUT', `/api/quorum_rules/${plc.id}`, { token: admin, body: { quorum_presenca: 'maioria_absoluta' } }));
    }
    await presence(11);
  });
});

describe('item 3: a secret ballot keeps no individual choice anywhere', () => {
  let pm: number;
  let voting: number;

  it('members vote once from their own devices; only that they voted is recorded, and no count shows while open', async () => {
    pm = await item('secreta');
    voting = (await open(pm)).id;
    const pub = stream(`/api/public/plenario/${session}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'voting' && e.data.data.tally.votaram === 11), {}, 8000);
    const staff = stream(`/api/plenary_sessions/${session}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'voting' && e.data.data.tally.votaram === 11), { Authorization: `Bearer ${op}` }, 8000);
    await new Promise((r) => setTimeout(r, 150));
    // a 5 × 5 tie among the members, and the president's ballot in the urn like everyone's
    const word: Record<string, string> = { s: 'sim', n: 'nao' };
    for (const [i, c] of [...'sssssnnnnn'].entries()) {
      const r = ok(await vote(others()[i], voting, word[c], { 'Idempotency-Key': `secreta-${voting}-${i}-chave` }));
      expect(r.data).toMatchObject({ votou: true, registrado_em: expect.any(String) });
      expect(JSON.stringify(r)).not.toMatch(/"voto"|"sim"|"nao"|"abstencao"|"Sim"|"Não"/);
    }
    ok(await vote(presidentAccount(), voting, 'sim', { 'Idempotency-Key': `secreta-${voting}-presidente` }));
    const again = await vote(others()[0], voting, 'nao');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Você já votou nesta votação secreta: o voto secreto é dado uma vez só.');
    for (const s of [await live(), await publicLive()]) {
      expect(s.voting.tally).toEqual({ sim: null, nao: null, abstencao: null, presentes: 11, total: 11, votaram: 11 });
      expect(s.voting.votes).toBeNull();
      expect(s.voting.presidente).toBeNull();
      expect([...s.voting.votantes].sort()).toEqual(m.map((x) => x.pid).sort());
    }
    const [p, st] = await Promise.all([pub.done, staff.done]);
    for (const e of [...p, ...st].filter((x) => x.event === 'change' && x.data.type === 'voting')) {
      expect(e.data.data.tally.sim).toBeNull();
      expect(JSON.stringify(e.data.data)).not.toMatch(/"voto"/);
    }
    const mine = ok(await t.call('GET', `/api/vottings/${voting}`, { token: others()[0].token })).data;
    expect(mine.votou).toBe(true);
    expect(mine).not.toHaveProperty('meu_voto');
    const staffView = ok(await t.call('GET', `/api/vottings/${voting}`, { token: op })).data;
    expect(staffView.votes).toBeUndefined();
    expect((await t.call('GET', `/api/vottings/${voting}/history`, { token: op })).statusCode).toBe(409);
  });

  it('the Mesa cannot type counts or a presiding officer\'s vote; closing proclaims the totals with no one\'s choice', async () => {
    const counts = await t.call('PUT', `/api/plenary_matters/${pm}/close_votting`, { token: op, body: { sim: 6, nao: 5, abstencao: 0 } });
    expect(counts.statusCode).toBe(422);
    const pv = await t.call('PUT', `/api/plenary_matters/${pm}/close_votting`, { token: op, body: { voto_presidente: 'sim' } });
    expect(pv.statusCode).toBe(422);
    const closed = await close(pm);
    expect(closed.explicacao).toBe('Aprovado: 6 Sim, 5 Não, 0 Abstenções; maioria simples (mais votos Sim que Não)');
    expect(closed).not.toHaveProperty('voto_presidente');
    const lv = (await publicLive()).voting;
    expect(lv.tally).toMatchObject({ sim: 6, nao: 5, abstencao: 0, votaram: 11 });
    expect(lv.presidente).toBeNull();
    expect((await t.call('PUT', `/api/plenary_matters/${pm}/reopen_votting`, { token: op, body: { motivo: 'Recontagem pedida' } })).statusCode).toBe(409);
  });

  it('nothing stored links a member to a choice: no vote rows, marks without choice, no choice in the audit log or the kept answers', async () => {
    const db = t.database.db;
    const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
    expect(rows(await db.execute(sql`select count(*)::int as n from votes where votting_id = ${voting}`))[0]).toEqual({ n: 0 });
    expect(rows(await db.execute(sql`select count(*)::int as n from vote_history where votting_id = ${voting}`))[0]).toEqual({ n: 0 });
    const columns = rows<{ column_name: string }>(await db.execute(sql`select column_name from information_schema.columns where table_name = 'ballot_marks'`)).map((r) => r.column_name);
    expect(columns.some((c) => /voto|escolha|choice|sim|nao/.test(c))).toBe(false);
    expect(rows(await db.execute(sql`select count(*)::int as n from ballot_marks where votting_id = ${voting}`))[0]).toEqual({ n: 11 });
    const audit = rows<{ changes: unknown; actionDescription: string }>(await db.execute(sql`select changes, "actionDescription" from logs where resource = 'vottings' and record_id = ${voting}`));
    for (const a of audit) expect(`${JSON.stringify(a.changes)} ${a.actionDescription}`).not.toMatch(/presidente|voto_presidente/);
    const kept = rows<{ body: unknown }>(await db.execute(sql`select body from idempotency_keys where path = ${`/api/vottings/${voting}/vote`}`));
    expect(kept.length).toBe(11);
    for (const k of kept) expect(JSON.stringify(k.body)).not.toMatch(/"voto"/);
  });

  it('a member who voted stays present until the ballot closes (their ballot cannot leave the totals)', async () => {
    const pm2 = await item('secreta');
    const v = await open(pm2);
    ok(await vote(others()[0], v.id, 'sim'));
    const r = await t.call('POST', `/api/plenary_sessions/${session}/remove_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: [others()[0].pid] } });
    expect(r.statusCode).toBe(409);
    const imp = await t.call('PUT', `/api/plenary_matters/${pm2}/impedimento`, { token: op, body: { parliamentary_id: others()[0].pid, impedido: true } });
    expect(imp.statusCode).toBe(409);
    ok(await t.call('PUT', `/api/plenary_matters/${pm2}/cancel_votting`, { token: op, body: { motivo: 'Teste de presença' } }));
  });
});

describe('item 4: a decided matter is voted again or annulled only with a reason', () => {
  it('opening a vote on a decided matter, and cancelling with no vote open, are refused', async () => {
    const again = await t.call('POST', `/api/plenary_matters/${decided.approved}/add_votting`, { token: op, body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Esta matéria já foi votada \(Aprovado\)\. Para votá-la de novo, use “Nova votação”/);
    const cancel = await t.call('PUT', `/api/plenary_matters/${decided.approved}/cancel_votting`, { token: op, body: { motivo: 'Engano' } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/só pode ser desfeito por “Anular resultado”/);
    expect((await live()).agenda.find((a: { id: number }) => a.id === decided.approved).resultado).toBe('aprovado');
  });

  it('"Anular resultado" needs a reason, records it and shows it; then the matter may be voted again', async () => {
    expect((await t.call('PUT', `/api/plenary_matters/${decided.approved}/annul_result`, { token: op, body: {} })).statusCode).toBe(422);
    const annulled = ok(await t.call('PUT', `/api/plenary_matters/${decided.approved}/annul_result`, { token: op, body: { motivo: 'Votação com painel desligado' } })).data;
    expect(annulled).toMatchObject({ status: 'cancelada', resultado: 'aprovado', motivo: 'Votação com painel desligado' });
    const s = await publicLive();
    expect(s.voting).toMatchObject({ id: annulled.id, status: 'cancelada', anulada: true, motivo: 'Votação com painel desligado' });
    expect(s.agenda.find((a: { id: number }) => a.id === decided.approved)).toMatchObject({ resultado: null, anulacao: 'Votação com painel desligado' });
    const logs = ok(await t.call('GET', '/api/logs?perPage=20', { token: admin })).data as { actionDescription: string }[];
    expect(logs.some((l) => /anulou o resultado da votação #\d+ \(Aprovado\): Votação com painel desligado/.test(l.actionDescription))).toBe(true);
    const reopened = await open(decided.approved);
    ok(await t.call('PUT', `/api/plenary_matters/${decided.approved}/cancel_votting`, { token: op, body: { motivo: 'Retirada de pauta' } }));
    expect((await publicLive()).voting).toMatchObject({ id: reopened.id, status: 'cancelada', anulada: false, motivo: 'Retirada de pauta' });
  });

  it('"Nova votação" annuls the previous result and opens another, with the reason on every screen', async () => {
    expect((await t.call('POST', `/api/plenary_matters/${decided.rejected}/new_voting`, { token: op, body: {} })).statusCode).toBe(422);
    const nv = ok(await t.call('POST', `/api/plenary_matters/${decided.rejected}/new_voting`, { token: op, body: { motivo: 'Requerimento de verificação aprovado' } }), 201).data;
    expect(nv).toMatchObject({ status: 'aberta', motivo: 'Requerimento de verificação aprovado', tipo: 'nominal' });
    const s = await publicLive();
    expect(s.voting).toMatchObject({ id: nv.id, anterior_id: expect.any(Number), motivo: 'Requerimento de verificação aprovado' });
    const previous = ok(await t.call('GET', `/api/vottings/${nv.anterior_id}`, { token: op })).data;
    expect(previous).toMatchObject({ status: 'cancelada', resultado: 'rejeitado' });
    expect(previous.motivo).toBe('Nova votação: Requerimento de verificação aprovado');
    const twice = await t.call('POST', `/api/plenary_matters/${decided.rejected}/new_voting`, { token: op, body: { motivo: 'De novo' } });
    expect(twice.statusCode).toBe(409);
    ok(await t.call('PUT', `/api/plenary_matters/${decided.rejected}/cancel_votting`, { token: op, body: { motivo: 'Fim do teste' } }));
  });
});

describe('item 5: every cast and change of a nominal vote is kept', () => {
  it('the Mesa reads member, time, IP and choice of each cast, in order, with the Mesa\'s acts; members may not', async () => {
    const pm = await item('nominal');
    const v = await open(pm);
    const [a, b] = others();
    ok(await vote(a, v.id, 'sim'));
    ok(await vote(a, v.id, 'nao'));
    ok(await vote(b, v.id, 'abstencao'));
    ok(await vote(a, v.id, 'sim'));
    expect((await t.call('GET', `/api/vottings/${v.id}/history`, { token: a.token })).statusCode).toBe(403);
    const h = ok(await t.call('GET', `/api/vottings/${v.id}/history`, { token: op })).data;
    expect(h.votos.map((x: { parliamentary_id: number; voto: string; anterior: string | null }) => [x.parliamentary_id, x.voto, x.anterior])).toEqual([
      [a.pid, 'sim', null], [a.pid, 'nao', 'sim'], [b.pid, 'abstencao', null], [a.pid, 'sim', 'nao'],
    ]);
    for (const x of h.votos) {
      expect(x.ip).toBeTruthy();
      expect(Date.parse(x.em)).not.toBeNaN();
      expect(x.nome).toBeTruthy();
    }
    expect(h.votos.map((x: { em: string }) => x.em)).toEqual([...h.votos.map((x: { em: string }) => x.em)].sort());
    expect(h.atos.some((x: { descricao: string }) => /abriu a votação nominal/.test(x.descricao))).toBe(true);
    await close(pm);
  });

  it('the history is append-only in the database', async () => {
    const db = t.database.db;
    const refusal = async (q: Promise<unknown>) => q.then(() => 'accepted', (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message);
    expect(await refusal(db.execute(sql`update vote_history set voto = 'nao'`))).toMatch(/não pode ser alterado nem apagado/);
    expect(await refusal(db.execute(sql`delete from vote_history`))).toMatch(/não pode ser alterado nem apagado/);
    expect(await refusal(db.execute(sql`select count(*) from vote_history`))).toBe('accepted');
  });
});

describe('item 8: the votes of one voting commit side by side', () => {
  it.runIf(usingPostgres())('11 members vote while another transaction holds the session\'s lock; the figure is printed', async () => {
    const pm = await item('nominal');
    const v = await open(pm);
    const locker = new pg.Client({ connectionString: t.config.databaseUrl });
    await locker.connect();
    try {
      // an operator's long change of this session (a speaker, a presence) holds its row lock
      await locker.query('begin');
      await locker.query('select id from plenary_sessions where id = $1 for update', [session]);
      const started = performance.now();
      const took: number[] = [];
      const all = Promise.all(m.map(async (x, i) => {
        const t0 = performance.now();
        const r = await vote(x, v.id, i % 3 === 0 ? 'nao' : 'sim');
        took.push(performance.now() - t0);
        return r.statusCode;
      }));
      const within = await Promise.race([all, new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 5000))]);
      expect(within, 'the votes waited for the session lock').toEqual(Array(11).fill(200));
      console.info(`11 votos simultâneos com a sessão travada: ${Math.round(performance.now() - started)} ms no total; cada um ${Math.round(Math.min(...took))}–${Math.round(Math.max(...took))} ms`);
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    const lv = (await live()).voting;
    expect(lv.tally.votaram).toBe(11);
    // and again, without any lock held: 11 simultaneous changes
    const t0 = performance.now();
    const again = await Promise.all(m.map((x) => vote(x, v.id, 'abstencao').then((r) => [r.statusCode, performance.now() - t0] as const)));
    expect(again.map(([s]) => s)).toEqual(Array(11).fill(200));
    console.info(`11 votos simultâneos: ${Math.round(performance.now() - t0)} ms no total; o mais lento ${Math.round(Math.max(...again.map(([, ms]) => ms)))} ms`);
    const after = (await live()).voting;
    expect(after.tally).toMatchObject({ sim: 0, nao: 0, abstencao: 10, votaram: 11 });
    await close(pm);
  });
});

describe('item 9: the control room chooses what the panel shows', () => {
  it('complete, members, voting or a message, pushed to the panel; refused to members and with bad input', async () => {
    expect((await publicLive()).painel).toEqual({ layout: 'completo', mensagem: null });
    const path = `/api/plenary_sessions/${session}/panel`;
    const noMessage = await t.call('POST', path, { token: op, body: { layout: 'mensagem' } });
    expect(noMessage.statusCode).toBe(422);
    expect(noMessage.json().errors.mensagem[0]).toBe('Escreva a mensagem a mostrar no painel.');
    expect((await t.call('POST', path, { token: op, body: { layout: 'tela' } })).statusCode).toBe(422);
    expect((await t.call('POST', path, { token: m[0].token, body: { layout: 'membros' } })).statusCode).toBe(403);
    const panel = stream(`/api/public/plenario/${session}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'painel'));
    await new Promise((r) => setTimeout(r, 150));
    ok(await t.call('POST', path, { token: op, body: { layout: 'mensagem', mensagem: 'Intervalo de 15 minutos' } }));
    const change = (await panel.done).find((e) => e.event === 'change' && e.data.type === 'painel')!;
    expect(change.data.data).toEqual({ layout: 'mensagem', mensagem: 'Intervalo de 15 minutos' });
    ok(await t.call('POST', path, { token: op, body: { layout: 'votacao' } }));
    expect((await publicLive()).painel).toEqual({ layout: 'votacao', mensagem: 'Intervalo de 15 minutos' });
    ok(await t.call('POST', path, { token: op, body: { layout: 'completo', mensagem: null } }));
  });
});
