/**
 * The live plenary through the real app (docs/plenary.md): session life, presence per phase and check-in, speaker
 * timers kept by the server, votings with the computed result, refusals in pt-BR, and the push to the panel.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';

let t: TestApp;
let op: string;
let admin: string;
let session: number;
let other: number;
const vereadores: { token: string; pid: number; email: string }[] = [];
const pms: { id: number; kind: string; matter_id: number }[] = [];
let base = '';

const ok = (res: { statusCode: number; body: string }, code = 200) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(code);
  return JSON.parse(res.body || 'null');
};

async function today(): Promise<string> {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

beforeAll(async () => {
  t = await makeApp();
  op = await t.login('operador@paco.demo');
  admin = await t.login('admin@paco.demo');
  for (const email of ['vereador@paco.demo', 'vereador2@paco.demo', 'vereador3@paco.demo', 'vereador4@paco.demo', 'vereador5@paco.demo']) {
    const token = await t.login(email);
    const me = ok(await t.call('GET', '/api/is-parliamentary', { token }));
    const pid = me.data?.parliamentary?.id ?? me.data?.id ?? me.parliamentary?.id;
    expect(pid, JSON.stringify(me)).toBeTypeOf('number');
    vereadores.push({ token, pid, email });
  }
  // a session of our own for today, with an agenda: two ordem do dia items and one expediente reading
  const types = ok(await t.call('GET', '/api/types_of/sessions', { token: op })).data as { id: number; slug: string }[];
  const votation = ok(await t.call('GET', '/api/types_of/votation', { token: op })).data as { id: number; slug: string }[];
  const created = ok(await t.call('POST', '/api/plenary_sessions', {
    token: op, body: { numero: 901, type_id: types.find((x) => x.slug === 'ordinaria')!.id, abertura: await today(), horarioInicio: '09:00' },
  }), 201);
  session = created.data.id;
  other = ok(await t.call('POST', '/api/plenary_sessions', {
    token: op, body: { numero: 902, type_id: types.find((x) => x.slug === 'extraordinaria')!.id, abertura: await today(), horarioInicio: '10:00' },
  }), 201).data.id;
  const matters = ok(await t.call('GET', '/api/matters?perPage=3', { token: op })).data as { id: number }[];
  const vid = (slug: string) => votation.find((x) => x.slug === slug)!.id;
  for (const [i, [kind, kindVote]] of ([['ordem_dia', 'nominal'], ['ordem_dia', 'simbolica'], ['expediente', 'leitura']] as const).entries()) {
    const pm = ok(await t.call('POST', `/api/plenary_matters/${session}/add_matter`, { token: op, body: { kind, matter_id: matters[i].id, tipo_votacao_id: vid(kindVote) } }), 201);
    pms.push({ id: pm.data.id, kind, matter_id: matters[i].id });
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await t?.close(); });

/** Reads SSE frames until `until` says enough (or times out). */
function stream(path: string, until: (events: { event: string; data: any }[]) => boolean, headers: Record<string, string> = {}, ms = 5000) {
  const events: { event: string; data: any }[] = [];
  let req: ReturnType<typeof request>;
  const done = new Promise<{ event: string; data: any }[]>((resolve, reject) => {
    req = request(`${base}${path}`, { headers }, (res) => {
      if (res.statusCode !== 200) { reject(new Error(`status ${res.statusCode}`)); return; }
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
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
  return { done, events };
}

const votingOf = async () => ok(await t.call('GET', `/api/plenary_sessions/${session}/live`, { token: op })).data.voting;

describe('session life', () => {
  it('refuses live actions before the session starts', async () => {
    const r = await t.call('POST', `/api/plenary_sessions/${session}/change_presence_list_status`, { token: op, body: { type: 'abertura', status: 'aberta' } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('A sessão plenária não foi iniciada.');
    const v = await t.call('POST', `/api/plenary_matters/${pms[0].id}/add_votting`, { token: op, body: {} });
    expect(v.statusCode).toBe(409);
    expect(ok(await t.call('GET', '/api/status/active', { token: op })).data).toBeNull();
  });

  it('starts one session at a time, with its time and president', async () => {
    const s = ok(await t.call('POST', `/api/plenary_sessions/${session}/iniciar`, { token: op }));
    expect(s.data.iniciada).toBe(true);
    expect(s.data.iniciadaEm).toBeTruthy();
    const again = await t.call('POST', `/api/plenary_sessions/${session}/iniciar`, { token: op });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A sessão plenária já foi iniciada.');
    const second = await t.call('POST', `/api/plenary_sessions/${other}/iniciar`, { token: op });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Já há uma sessão plenária em andamento/);
    expect(ok(await t.call('GET', '/api/status/active', { token: vereadores[0].token })).data.id).toBe(session);
  });

  it('keeps iniciada/finalizada out of plain edits', async () => {
    ok(await t.call('PUT', `/api/plenary_sessions/${other}`, { token: op, body: { iniciada: true, finalizada: true } }));
    const s = ok(await t.call('GET', `/api/plenary_sessions/${other}`, { token: op }));
    expect(s.data.iniciada).toBe(false);
    expect(s.data.finalizada).toBe(false);
  });

  it('refuses the live calls to roles outside the plenary and to anonymous users', async () => {
    expect((await t.call('POST', `/api/plenary_sessions/${session}/change_presence_list_status`, { token: vereadores[0].token, body: { type: 'abertura' } })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/plenary_sessions/${session}/iniciar`, {})).statusCode).toBe(401);
    const prefeitura = await t.login('admin.prefeitura@paco.demo');
    expect((await t.call('GET', `/api/plenary_sessions/${session}/live`, { token: prefeitura })).statusCode).toBe(404);
  });
});

describe('presence per phase', () => {
  it('check-in needs an open list', async () => {
    const r = await t.call('POST', `/api/plenary_sessions/${session}/add_checkin`, { token: vereadores[0].token, body: { type: 'abertura' } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('A lista de presença desta fase não está aberta.');
  });

  it('opens the list, members check in (once), the operator marks and unmarks, status counts them', async () => {
    ok(await t.call('POST', `/api/plenary_sessions/${session}/change_presence_list_status`, { token: op, body: { type: 'abertura', status: 'aberta' } }));
    ok(await t.call('POST', `/api/plenary_sessions/${session}/add_checkin`, { token: vereadores[0].token, body: {} }), 201);
    const again = ok(await t.call('POST', `/api/plenary_sessions/${session}/add_checkin`, { token: vereadores[0].token, body: {} }));
    expect(again.message).toBe('Sua presença já estava registrada.');
    ok(await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: op, body: { type: 'abertura', parliamentary_ids: [vereadores[1].pid, vereadores[2].pid] } }), 201);
    ok(await t.call('POST', `/api/plenary_sessions/${session}/remove_presences`, { token: op, body: { type: 'abertura', parliamentary_ids: [vereadores[2].pid] } }));
    const st = ok(await t.call('GET', `/api/plenary_sessions/${session}/get_presence_list_status`, { token: op }));
    expect(st.data.abertura).toEqual({ status: 'aberta', presentes: 2 });
    const list = ok(await t.call('GET', `/api/plenary_sessions/${session}/get_presences_abertura`, { token: op })).data as { parliamentary_id: number }[];
    expect(list.map((p) => p.parliamentary_id).sort()).toEqual([vereadores[0].pid, vereadores[1].pid].sort());
  });

  it('opening the ordem do dia list closes the abertura list; forged ids are refused', async () => {
    ok(await t.call('POST', `/api/plenary_sessions/${session}/change_presence_list_status`, { token: op, body: { type: 'ordem_dia' } }));
    const st = ok(await t.call('GET', `/api/plenary_sessions/${session}/get_presence_list_status`, { token: op }));
    expect(st.data.abertura.status).toBe('encerrada');
    expect(st.data.ordem_dia.status).toBe('aberta');
    const late = await t.call('POST', `/api/plenary_sessions/${session}/add_checkin`, { token: vereadores[3].token, body: { type: 'abertura' } });
    expect(late.statusCode).toBe(409);
    const forged = await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: [999_999] } });
    expect(forged.statusCode).toBe(422);
  });
});

describe('speakers with the server-kept timer', () => {
  let a: number;
  let b: number;
  it('inscribes speakers at the end of a list with the list allotted time', async () => {
    const r = ok(await t.call('POST', `/api/plenary_sessions/${session}/add_speakers`, { token: op, body: { type: 'expediente', parliamentary_ids: [vereadores[0].pid, vereadores[1].pid] } }), 201);
    [a, b] = r.data.map((x: { id: number }) => x.id);
    expect(r.data[0].tempoConcedido).toBe(300);
    expect(r.data[1].ordem).toBe(r.data[0].ordem + 1);
    const list = ok(await t.call('GET', `/api/plenary_sessions/${session}/speakers/expediente`, { token: op })).data;
    expect(list.map((x: { id: number }) => x.id)).toEqual([a, b]);
    expect(ok(await t.call('GET', `/api/plenary_sessions/${session}/speakers/orador-explicacoes`, { token: op })).data).toEqual([]);
    const timer = ok(await t.call('GET', `/api/speaker/${a}`, { token: op })).data;
    expect(timer).toMatchObject({ id: a, tempo: 0, play: false, status: 'aguardando' });
  });

  it('start, pause, resume, add time, finish; starting another pauses the first', async () => {
    expect(ok(await t.call('PUT', '/api/speaker/start', { token: op, body: { id: a } })).data.play).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    const paused = ok(await t.call('PUT', '/api/speaker/pause', { token: op, body: { id: a } })).data;
    expect(paused.play).toBe(false);
    expect(paused.acumuladoMs).toBeGreaterThanOrEqual(1000);
    expect(paused.acumuladoMs).toBeLessThan(5000);
    ok(await t.call('PUT', '/api/speaker/start', { token: op, body: { id: a } }));
    ok(await t.call('PUT', '/api/speaker/start', { token: op, body: { id: b } }));
    expect(ok(await t.call('GET', `/api/speaker/${a}`, { token: op })).data.status).toBe('pausado');
    expect(ok(await t.call('PUT', '/api/speaker/updateTime', { token: op, body: { id: b, acrescimo: 60 } })).data.tempoConcedido).toBe(360);
    expect(ok(await t.call('PUT', '/api/speaker/updateTime', { token: op, body: { id: a, tempo: 42 } })).data.tempo).toBe(42);
    ok(await t.call('PUT', '/api/speaker/finish', { token: op, body: { id: b } }));
    const done = await t.call('PUT', '/api/speaker/start', { token: op, body: { id: b } });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('A fala deste orador já foi encerrada.');
    expect((await t.call('PUT', '/api/speaker/updateTime', { token: op, body: { id: a } })).statusCode).toBe(422);
    expect((await t.call('PUT', '/api/speaker/start', { token: op, body: { id: 999_999 } })).statusCode).toBe(404);
  });
});

describe('nominal voting', () => {
  let voting: number;

  it('needs presence in the phase, then opens one voting at a time', async () => {
    const empty = await t.call('POST', `/api/plenary_matters/${pms[0].id}/add_votting`, { token: op, body: {} });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toMatch(/^Não há presenças registradas na fase Ordem do dia/);
    for (const v of vereadores.slice(0, 3)) ok(await t.call('POST', `/api/plenary_sessions/${session}/add_checkin`, { token: v.token, body: { type: 'ordem_dia' } }), 201);
    const opened = ok(await t.call('POST', `/api/plenary_matters/${pms[0].id}/add_votting`, { token: op, body: {} }), 201);
    voting = opened.data.id;
    expect(opened.data).toMatchObject({ tipo: 'nominal', status: 'aberta', fase: 'ordem_dia', regra: 'maioria_simples' });
    const second = await t.call('POST', `/api/plenary_matters/${pms[1].id}/add_votting`, { token: op, body: {} });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Já há uma votação aberta/);
  });

  it('refuses absent members, non-members and forged ids', async () => {
    const absent = await t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[4].token, body: { voto: 'sim' } });
    expect(absent.statusCode).toBe(409);
    expect(absent.json().message).toBe('Vereador não está presente nesta fase.');
    expect((await t.call('POST', `/api/vottings/${voting}/vote`, { token: op, body: { voto: 'sim' } })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/vottings/999999/vote', { token: vereadores[0].token, body: { voto: 'sim' } })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/vottings/abc/vote', { token: vereadores[0].token, body: { voto: 'sim' } })).statusCode).toBe(404);
    const bad = await t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[0].token, body: { voto: 'talvez' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.voto[0]).toBe('Escolha Sim, Não ou Abstenção.');
  });

  it('stores exactly one vote per member, even when sent many times at once, and lets them change it', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[0].token, body: { voto: i % 2 ? 'nao' : 'sim' } })));
    for (const r of burst) expect(r.statusCode, r.body).toBe(200);
    ok(await t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[0].token, body: { voto: 'sim' } }));
    ok(await t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[1].token, body: { voto: 'nao' } }));
    ok(await t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[1].token, body: { voto: 'sim' } }));
    const staff = ok(await t.call('GET', `/api/vottings/${voting}`, { token: op })).data;
    expect(staff.votes).toHaveLength(2);
    expect(staff.votes.map((v: { voto: string }) => v.voto)).toEqual(['sim', 'sim']);
    expect(staff.votes[0].ip).toBeTruthy();
    const mine = ok(await t.call('GET', `/api/vottings/${voting}`, { token: vereadores[1].token })).data;
    expect(mine.meu_voto).toBe('sim');
    expect(mine.votes).toBeUndefined();
    const live = await votingOf();
    expect(live.tally).toMatchObject({ sim: 2, nao: 0, abstencao: 0, presentes: 3, votaram: 2 });
  });

  it('keeps an impeded member apart: their vote is not counted and they cannot vote until the impediment is lifted', async () => {
    const pm = pms[0].id;
    const declared = ok(await t.call('PUT', `/api/plenary_matters/${pm}/impedimento`, { token: op, body: { parliamentary_id: vereadores[1].pid, impedido: true } })).data;
    expect(declared.impedidos).toEqual([vereadores[1].pid]);
    let live = await votingOf();
    expect(live.impedidos).toEqual([vereadores[1].pid]);
    expect(live.tally).toMatchObject({ sim: 1, abstencao: 0, votaram: 1 });
    const refused = await t.call('POST', `/api/vottings/${live.id}/vote`, { token: vereadores[1].token, body: { voto: 'nao' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Vereador declarado impedido nesta votação.');
    expect((await t.call('PUT', `/api/plenary_matters/${pm}/impedimento`, { token: vereadores[0].token, body: { parliamentary_id: vereadores[1].pid, impedido: true } })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/plenary_matters/${pm}/impedimento`, { token: op, body: { parliamentary_id: 999_999, impedido: true } })).statusCode).toBe(422);
    ok(await t.call('PUT', `/api/plenary_matters/${pm}/impedimento`, { token: op, body: { parliamentary_id: vereadores[1].pid, impedido: false } }));
    live = await votingOf();
    expect(live.impedidos).toEqual([]);
    expect(live.tally).toMatchObject({ sim: 2, votaram: 2 });
  });

  it('refuses finishing the session while a vote is open', async () => {
    const r = await t.call('POST', `/api/plenary_sessions/${session}/finalizar`, { token: op });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Encerre a votação em andamento antes de finalizar a sessão.');
  });

  it('closes with the result computed and explained; later votes are refused', async () => {
    ok(await t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[2].token, body: { voto: 'abstencao' } }));
    const closed = ok(await t.call('PUT', `/api/plenary_matters/${pms[0].id}/close_votting`, { token: op, body: {} })).data;
    expect(closed.status).toBe('encerrada');
    expect(['aprovado', 'sem_quorum']).toContain(closed.resultado);
    expect(closed.explicacao).toMatch(/^(Aprovado: 2 Sim, 0 Não, 1 Abstenção; maioria simples|Sem quórum)/);
    const late = await t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[0].token, body: { voto: 'nao' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A votação está encerrada.');
    const last = ok(await t.call('GET', '/api/last_vottation', { token: vereadores[0].token })).data;
    expect(last.id).toBe(voting);
    expect(ok(await t.call('GET', `/api/last_vottation/${session}`, { token: op })).data.id).toBe(voting);
    const again = await t.call('PUT', `/api/plenary_matters/${pms[0].id}/close_votting`, { token: op, body: {} });
    expect(again.statusCode).toBe(409);
  });

  it('reopens and cancels with a reason, in the audit trail', async () => {
    expect((await t.call('PUT', `/api/plenary_matters/${pms[0].id}/reopen_votting`, { token: op, body: {} })).statusCode).toBe(422);
    const re = ok(await t.call('PUT', `/api/plenary_matters/${pms[0].id}/reopen_votting`, { token: op, body: { motivo: 'Erro na contagem do painel' } })).data;
    expect(re.status).toBe('aberta');
    ok(await t.call('POST', `/api/vottings/${voting}/vote`, { token: vereadores[0].token, body: { voto: 'nao' } }));
    const cancel = ok(await t.call('PUT', `/api/plenary_matters/${pms[0].id}/cancel_votting`, { token: op, body: { motivo: 'Matéria retirada de pauta' } })).data;
    expect(cancel.status).toBe('cancelada');
    const logs = ok(await t.call('GET', '/api/logs?perPage=50', { token: admin })).data as { actionDescription: string }[];
    expect(logs.some((l) => /reabriu a votação .*Erro na contagem/.test(l.actionDescription))).toBe(true);
    expect(logs.some((l) => /cancelou a votação .*Matéria retirada de pauta/.test(l.actionDescription))).toBe(true);
  });
});

describe('symbolic voting and quorum rules', () => {
  it('the operator records the counts, checked against presence', async () => {
    ok(await t.call('POST', `/api/plenary_matters/${pms[1].id}/add_votting`, { token: op, body: {} }), 201);
    const vote = await t.call('POST', `/api/vottings/${(await votingOf()).id}/vote`, { token: vereadores[0].token, body: { voto: 'sim' } });
    expect(vote.statusCode).toBe(409);
    expect(vote.json().message).toMatch(/^Esta votação não é nominal/);
    const missing = await t.call('PUT', `/api/plenary_matters/${pms[1].id}/close_votting`, { token: op, body: { sim: 2 } });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['abstencao', 'nao']);
    const over = await t.call('PUT', `/api/plenary_matters/${pms[1].id}/close_votting`, { token: op, body: { sim: 3, nao: 1, abstencao: 0 } });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.sim[0]).toMatch(/passa do número de presentes \(3\)/);
    const r = ok(await t.call('PUT', `/api/plenary_matters/${pms[1].id}/close_votting`, { token: op, body: { sim: 1, nao: 2, abstencao: 0 } })).data;
    expect(r.resultado).toMatch(/rejeitado|sem_quorum/);
  });

  it('a reading is recorded closed at once', async () => {
    const r = ok(await t.call('POST', `/api/plenary_matters/${pms[2].id}/add_votting`, { token: op, body: {} }), 201).data;
    expect(r).toMatchObject({ tipo: 'leitura', status: 'encerrada', resultado: 'lida' });
  });

  it('uses the matter type rule and the house size', async () => {
    const matter = ok(await t.call('GET', `/api/matters/${pms[1].matter_id}`, { token: op })).data;
    ok(await t.call('PUT', '/api/plenary_settings/current', { token: admin, body: { total_membros: 5 } }));
    const rule = await t.call('POST', '/api/quorum_rules', { token: admin, body: { type_id: matter.type_id, regra: 'dois_tercos', obs: 'Lei Orgânica, art. 40' } });
    expect(rule.statusCode, rule.body).toBe(201);
    const dup = await t.call('POST', '/api/quorum_rules', { token: admin, body: { type_id: matter.type_id, regra: 'maioria_absoluta' } });
    expect(dup.statusCode).toBe(422);
    ok(await t.call('PUT', `/api/plenary_matters/${pms[1].id}/annul_result`, { token: op, body: { motivo: 'Nova votação com quórum qualificado' } }));
    ok(await t.call('POST', `/api/plenary_matters/${pms[1].id}/add_votting`, { token: op, body: { tipo: 'simbolica' } }), 201);
    const r = ok(await t.call('PUT', `/api/plenary_matters/${pms[1].id}/close_votting`, { token: op, body: { sim: 3, nao: 0, abstencao: 0 } })).data;
    expect(r.regra).toBe('dois_tercos');
    expect(r.explicacao).toBe('Rejeitado: 3 Sim, 0 Não, 0 Abstenções; dois terços exige 4');
    ok(await t.call('PUT', '/api/plenary_settings/current', { token: admin, body: { total_membros: null } }));
  });
});

describe('push to the panel', () => {
  it('the public stream sends a snapshot, then each change; the staff stream needs a token', async () => {
    const s = stream(`/api/public/plenario/${session}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'speakers'));
    await new Promise((r) => setTimeout(r, 150));
    const sp = ok(await t.call('POST', `/api/plenary_sessions/${session}/add_speakers`, { token: op, body: { type: 'explicacoes_pessoais', parliamentary_id: vereadores[2].pid } }), 201);
    const events = await s.done;
    expect(events[0].event).toBe('snapshot');
    expect(events[0].data.data.session.id).toBe(session);
    expect(events[0].data.data.members.length).toBeGreaterThanOrEqual(5);
    const change = events.find((e) => e.event === 'change')!;
    expect(change.data.data.some((x: { id: number }) => x.id === sp.data[0].id)).toBe(true);
    expect(typeof change.data.at).toBe('number');
    await expect(stream(`/api/plenary_sessions/${session}/stream`, () => true).done).rejects.toThrow(/status 401/);
    await expect(stream('/api/public/plenario/999999/stream', () => true).done).rejects.toThrow(/status 404/);
  });

  it('a vote reaches the panel within a second; votes stay hidden when the setting says so', async () => {
    ok(await t.call('PUT', '/api/plenary_settings/current', { token: admin, body: { votos_ao_vivo: false } }));
    const pm = ok(await t.call('POST', `/api/plenary_matters/${session}/add_matter`, {
      token: op, body: { kind: 'ordem_dia', matter_id: pms[2].matter_id, tipo_votacao_id: (ok(await t.call('GET', '/api/types_of/votation', { token: op })).data as { id: number; slug: string }[]).find((x) => x.slug === 'nominal')!.id },
    }), 201).data;
    const opened = ok(await t.call('POST', `/api/plenary_matters/${pm.id}/add_votting`, { token: op, body: {} }), 201).data;
    // hidden until closing: the public sees who voted, never the counts (beside the "votou" marks they would tell each vote)
    const pub = stream(`/api/public/plenario/${session}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'voting' && e.data.data.tally.votaram === 1));
    const staff = stream(`/api/plenary_sessions/${session}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'voting' && e.data.data.tally.sim === 1), { Authorization: `Bearer ${op}` });
    await new Promise((r) => setTimeout(r, 200));
    const sent = Date.now();
    ok(await t.call('POST', `/api/vottings/${opened.id}/vote`, { token: vereadores[1].token, body: { voto: 'sim' } }));
    const [p, st] = await Promise.all([pub.done, staff.done]);
    expect(Date.now() - sent).toBeLessThan(usingPostgres() ? 1500 : 1000);
    const pv = p.find((e) => e.event === 'change' && e.data.type === 'voting')!.data.data;
    expect(pv.votes).toBeNull();
    expect(pv.tally).toMatchObject({ sim: null, nao: null, abstencao: null, votaram: 1 });
    expect(pv.votantes).toEqual([vereadores[1].pid]);
    const sv = st.find((e) => e.event === 'change' && e.data.type === 'voting')!.data.data;
    expect(sv.votes).toEqual([{ parliamentary_id: vereadores[1].pid, voto: 'sim' }]);
    // after closing, the public panel shows each vote
    const closed = stream(`/api/public/plenario/${session}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'voting' && e.data.data.status === 'encerrada'));
    await new Promise((r) => setTimeout(r, 150));
    ok(await t.call('PUT', `/api/plenary_matters/${pm.id}/close_votting`, { token: op, body: {} }));
    const cv = (await closed.done).find((e) => e.event === 'change' && e.data.type === 'voting')!.data.data;
    expect(cv.votes).toEqual([{ parliamentary_id: vereadores[1].pid, voto: 'sim' }]);
    expect(cv.explicacao).toBeTruthy();
    ok(await t.call('PUT', '/api/plenary_settings/current', { token: admin, body: { votos_ao_vivo: true } }));
  });

  it('the public snapshot carries no private data', async () => {
    const body = (await t.call('GET', `/api/public/plenario/${session}`)).body;
    // (the reasons of cancellations, annulments and new votes are public: the panel shows them, issue 16 item 4)
    expect(body).not.toMatch(/"ip"|"user_id"|"email"|"obs"|paco\.demo/);
    const company = ok(await t.call('GET', `/api/public/plenario/entidade/${JSON.parse(body).data.company.id}`));
    expect(company.data.session.id).toBe(session);
  });
});

describe('finishing', () => {
  it('finishes the session, closing lists and the speaker; nothing live after that', async () => {
    const s = ok(await t.call('POST', `/api/plenary_sessions/${session}/finalizar`, { token: op })).data;
    expect(s).toMatchObject({ finalizada: true, lista_ordem_dia: 'encerrada' });
    expect(ok(await t.call('GET', '/api/status/active', { token: op })).data).toBeNull();
    expect(ok(await t.call('GET', '/api/plenary_sessions/status/closed/last', { token: op })).data.id).toBe(session);
    const r = await t.call('POST', `/api/plenary_sessions/${session}/add_checkin`, { token: vereadores[4].token, body: {} });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('A sessão plenária está finalizada.');
    expect((await t.call('POST', `/api/plenary_sessions/${session}/iniciar`, { token: op })).statusCode).toBe(409);
  });
});

describe('two server processes on one PostgreSQL database', () => {
  it.runIf(usingPostgres())('a panel on one process follows votes sent to the other, and the vote survives when that process dies', async () => {
    const b = await makeApp({ databaseUrl: t.config.databaseUrl });
    let bClosed = false;
    try {
      const started = ok(await t.call('POST', `/api/plenary_sessions/${other}/iniciar`, { token: op })).data;
      ok(await t.call('POST', `/api/plenary_sessions/${other}/change_presence_list_status`, { token: op, body: { type: 'ordem_dia', status: 'aberta' } }));
      // three members who are not presiding (the session's president is the Mesa's: their vote counts only in a tie)
      const voters = vereadores.filter((v) => v.pid !== started.presidente_id).slice(0, 3);
      // tokens live in the database: every process accepts them
      for (const v of voters) ok(await b.call('POST', `/api/plenary_sessions/${other}/add_checkin`, { token: v.token, body: {} }), 201);
      const votation = ok(await t.call('GET', '/api/types_of/votation', { token: op })).data as { id: number; slug: string }[];
      const pm = ok(await b.call('POST', `/api/plenary_matters/${other}/add_matter`, {
        token: op, body: { kind: 'ordem_dia', matter_id: pms[0].matter_id, tipo_votacao_id: votation.find((x) => x.slug === 'nominal')!.id },
      }), 201).data;
      const voting = ok(await b.call('POST', `/api/plenary_matters/${pm.id}/add_votting`, { token: op, body: {} }), 201).data;
      const panel = stream(`/api/public/plenario/${other}/stream`, (ev) => ev.some((e) => e.event === 'change' && e.data.type === 'voting' && e.data.data.tally.votaram === 3), {}, 8000);
      await new Promise((r) => setTimeout(r, 200));
      ok(await b.call('POST', `/api/vottings/${voting.id}/vote`, { token: voters[0]!.token, body: { voto: 'sim' } }));
      await b.close();
      bClosed = true;
      ok(await t.call('POST', `/api/vottings/${voting.id}/vote`, { token: voters[1]!.token, body: { voto: 'sim' } }));
      ok(await t.call('POST', `/api/vottings/${voting.id}/vote`, { token: voters[2]!.token, body: { voto: 'nao' } }));
      const events = await panel.done;
      const last = events.filter((e) => e.event === 'change' && e.data.type === 'voting').at(-1)!.data.data;
      expect(last.tally).toMatchObject({ sim: 2, nao: 1, votaram: 3 });
      const closed = ok(await t.call('PUT', `/api/plenary_matters/${pm.id}/close_votting`, { token: op, body: {} })).data;
      expect([closed.sim, closed.nao]).toEqual([2, 1]);
    } finally {
      if (!bClosed) await b.close();
    }
  });
});
