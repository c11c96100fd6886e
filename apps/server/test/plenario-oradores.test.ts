/**
 * Speaker kinds beyond the three lists (issue 13 §3, docs/plenary.md "Speaker kinds"): aparte, questão de ordem and
 * comunicação de liderança, each with its own allotted time and the server-kept clock; who has the floor is paused
 * and resumes when the intervention ends; refusals in pt-BR; audit; idempotency; the pushed state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let op: string;
let admin: string;
let session: number;
const v: { token: string; pid: number }[] = [];
const main: Record<string, number> = {};

const ok = (res: { statusCode: number; body: string }, code = 200) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(code);
  return JSON.parse(res.body || 'null');
};
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sp { id: number; modalidade: string; status: string; parliamentary_id: number; aparte_de: number | null; retoma_id: number | null; acumulado_ms: number; tempo_concedido: number; lista: string }
const live = async (): Promise<{ speakers: Sp[]; settings: { tempos: Record<string, number> } }> => ok(await t.call('GET', `/api/plenary_sessions/${session}/live`, { token: op })).data;
const sp = async (id: number) => (await live()).speakers.find((s) => s.id === id)!;
const give = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call('POST', `/api/plenary_sessions/${session}/intervencao`, { token: op, body, headers });
const finish = async (id: number) => ok(await t.call('PUT', '/api/speaker/finish', { token: op, body: { id } }));

beforeAll(async () => {
  t = await makeApp();
  op = await t.login('operador@paco.demo');
  admin = await t.login('admin@paco.demo');
  for (const email of ['vereador@paco.demo', 'vereador2@paco.demo', 'vereador3@paco.demo', 'vereador4@paco.demo', 'vereador5@paco.demo']) {
    const token = await t.login(email);
    const me = ok(await t.call('GET', '/api/is-parliamentary', { token }));
    v.push({ token, pid: me.data?.parliamentary?.id ?? me.data?.id ?? me.parliamentary?.id });
  }
  const types = ok(await t.call('GET', '/api/types_of/sessions', { token: op })).data as { id: number; slug: string }[];
  session = ok(await t.call('POST', '/api/plenary_sessions', {
    token: op, body: { numero: 931, type_id: types.find((x) => x.slug === 'ordinaria')!.id, abertura: today(), horarioInicio: '09:00' },
  }), 201).data.id;
});
afterAll(async () => { await t?.close(); });

describe('speaker kinds out of the lists', () => {
  it('refuses before the session starts, and to a council member', async () => {
    const r = await give({ modalidade: 'questao_ordem', parliamentary_id: v[0].pid });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('A sessão plenária não foi iniciada.');
    const member = await t.call('POST', `/api/plenary_sessions/${session}/intervencao`, { token: v[0].token, body: { modalidade: 'questao_ordem', parliamentary_id: v[0].pid } });
    expect(member.statusCode).toBe(403);
  });

  it('has its own allotted times in the settings, beside the lists', async () => {
    ok(await t.call('POST', `/api/plenary_sessions/${session}/iniciar`, { token: op }));
    expect((await live()).settings.tempos).toMatchObject({ expediente: 300, aparte: 120, questao_ordem: 180, lideranca: 300 });
    const bad = await t.call('PUT', '/api/plenary_settings/current', { token: admin, body: { tempo_aparte: 10 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.tempo_aparte[0]).toBe('Tempo de aparte: ao menos 30 segundos.');
    const saved = ok(await t.call('PUT', '/api/plenary_settings/current', { token: admin, body: { tempo_aparte: 90 } })).data;
    expect(saved).toMatchObject({ tempo_aparte: 90, tempo_questao_ordem: 180, tempo_lideranca: 300 });
    expect((await live()).settings.tempos.aparte).toBe(90);
  });

  it('refuses an aparte with no speaker, and bad input with per-field messages', async () => {
    ok(await t.call('POST', `/api/plenary_sessions/${session}/change_presence_list_status`, { token: op, body: { type: 'abertura', status: 'aberta' } }));
    ok(await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: op, body: { type: 'abertura', parliamentary_ids: v.slice(0, 4).map((x) => x.pid) } }), 201);
    const none = await give({ modalidade: 'aparte', parliamentary_id: v[1].pid });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Não há orador com a palavra: o aparte é concedido durante a fala de um orador inscrito.');
    const kind = await give({ modalidade: 'discurso', parliamentary_id: v[1].pid });
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors.modalidade[0]).toBe('Escolha a modalidade: aparte, questao_ordem ou lideranca.');
    const foreign = await give({ modalidade: 'lideranca', parliamentary_id: 999_999 });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.parliamentary_id[0]).toBe('Parlamentar não encontrado nesta entidade.');
  });

  it('grants an aparte during a list speech: the speech pauses, the aparte runs its own clock', async () => {
    const rows = ok(await t.call('POST', `/api/plenary_sessions/${session}/add_speakers`, { token: op, body: { type: 'expediente', parliamentary_ids: [v[0].pid, v[4].pid, v[1].pid] } }), 201).data;
    main.a = rows[0].id;
    ok(await t.call('PUT', '/api/speaker/start', { token: op, body: { id: main.a } }));
    await sleep(300);
    const absent = await give({ modalidade: 'aparte', parliamentary_id: v[4].pid });
    expect(absent.statusCode).toBe(409);
    expect(absent.json().message).toMatch(/não está presente na abertura: só um vereador presente pode receber a palavra\.$/);
    const self = await give({ modalidade: 'aparte', parliamentary_id: v[0].pid });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.parliamentary_id[0]).toBe('O orador não pode apartear a si mesmo.');

    const ap = ok(await give({ modalidade: 'aparte', parliamentary_id: v[1].pid }), 201).data;
    main.aparte = ap.id;
    expect(ap).toMatchObject({ modalidade: 'aparte', aparte_de: main.a, retoma_id: main.a, status: 'falando', tempoConcedido: 90, ordem: null });
    const speech = await sp(main.a);
    expect(speech.status).toBe('pausado');
    expect(speech.acumulado_ms).toBeGreaterThanOrEqual(250);
    await sleep(250);
    // the paused speech's clock stands still while the aparte's runs
    expect((await sp(main.a)).acumulado_ms).toBe(speech.acumulado_ms);
    const timer = ok(await t.call('GET', `/api/speaker/${main.aparte}`, { token: op })).data;
    expect(timer).toMatchObject({ play: true, status: 'falando', tempoConcedido: 90 });
    // the public panel gets it too
    const pub = ok(await t.call('GET', `/api/public/plenario/${session}`)).data;
    expect(pub.speakers.find((s: Sp) => s.id === main.aparte)).toMatchObject({ modalidade: 'aparte', aparte_de: main.a, lista: 'expediente' });

    // the list call keeps to the list's own speakers
    const list = ok(await t.call('GET', `/api/plenary_sessions/${session}/speakers/expediente`, { token: op })).data as { id: number }[];
    expect(list.map((x) => x.id)).toEqual(rows.map((x: { id: number }) => x.id));
    const second = await give({ modalidade: 'aparte', parliamentary_id: v[2].pid });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Já há um aparte em curso: encerre-o antes de conceder outro.');
  });

  it('takes a questão de ordem at any moment (during the aparte), then each speech resumes in turn', async () => {
    const qo = ok(await give({ modalidade: 'questao_ordem', parliamentary_id: v[2].pid }), 201).data;
    expect(qo).toMatchObject({ modalidade: 'questao_ordem', retoma_id: main.aparte, status: 'falando', tempoConcedido: 180, aparte_de: null });
    expect((await sp(main.aparte)).status).toBe('pausado');
    const again = await give({ modalidade: 'lideranca', parliamentary_id: v[3].pid });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Já há uma questão de ordem em curso: encerre-a antes de dar a palavra para outra.');
    const aparteNow = await give({ modalidade: 'aparte', parliamentary_id: v[3].pid });
    expect(aparteNow.statusCode).toBe(409);

    await finish(qo.id);
    expect((await sp(main.aparte)).status).toBe('falando');
    expect((await sp(main.a)).status).toBe('pausado');
    await finish(main.aparte);
    const after = await live();
    expect(after.speakers.find((s) => s.id === main.aparte)!.status).toBe('concluido');
    expect(after.speakers.find((s) => s.id === main.a)!.status).toBe('falando');
  });

  it('gives a comunicação de liderança to any present member, once per key (idempotent)', async () => {
    const key = 'lideranca-oradores-0001';
    const first = ok(await give({ modalidade: 'lideranca', parliamentary_id: v[3].pid }, { 'idempotency-key': key }), 201).data;
    const replay = ok(await give({ modalidade: 'lideranca', parliamentary_id: v[3].pid }, { 'idempotency-key': key }), 201).data;
    expect(replay.id).toBe(first.id);
    const s = await live();
    expect(s.speakers.filter((x) => x.modalidade === 'lideranca')).toHaveLength(1);
    expect(first).toMatchObject({ retoma_id: main.a, tempoConcedido: 300 });
    expect(s.speakers.find((x) => x.id === main.a)!.status).toBe('pausado');
    // someone else took the floor in between: finishing the liderança does not take it from them
    ok(await t.call('PUT', '/api/speaker/start', { token: op, body: { id: main.a } }));
    expect((await sp(first.id)).status).toBe('pausado');
    await finish(first.id);
    expect((await sp(main.a)).status).toBe('falando');
  });

  it('ends the aparte when the speaker takes the floor back or the speech ends', async () => {
    const ap = ok(await give({ modalidade: 'aparte', parliamentary_id: v[2].pid }), 201).data;
    ok(await t.call('PUT', '/api/speaker/start', { token: op, body: { id: main.a } }));
    expect((await sp(ap.id)).status).toBe('concluido');
    const ap2 = ok(await give({ modalidade: 'aparte', orador_id: main.a, parliamentary_id: v[3].pid }), 201).data;
    await finish(main.a);
    expect((await sp(ap2.id)).status).toBe('concluido');
    const after = await give({ modalidade: 'aparte', orador_id: main.a, parliamentary_id: v[3].pid });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('Este orador não está com a palavra: o aparte é concedido durante a fala dele.');
    const notList = await give({ modalidade: 'aparte', orador_id: ap2.id, parliamentary_id: v[3].pid });
    expect(notList.statusCode).toBe(422);
    expect(notList.json().errors.orador_id[0]).toBe('O aparte é concedido durante a fala de um orador inscrito numa lista.');
  });

  it('checks presence in the current phase (the ordem do dia once its list opens)', async () => {
    ok(await t.call('POST', `/api/plenary_sessions/${session}/change_presence_list_status`, { token: op, body: { type: 'ordem_dia', status: 'aberta' } }));
    const r = await give({ modalidade: 'questao_ordem', parliamentary_id: v[1].pid });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/não está presente na ordem do dia/);
    ok(await t.call('POST', `/api/plenary_sessions/${session}/add_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: [v[1].pid] } }), 201);
    const qo = ok(await give({ modalidade: 'questao_ordem', parliamentary_id: v[1].pid, tempoConcedido: 60 }), 201).data;
    // nobody was speaking: it runs on the phase's list, resumes no one
    expect(qo).toMatchObject({ retoma_id: null, tempoConcedido: 60 });
    expect((await sp(qo.id)).lista).toBe('ordem_dia');
    await finish(qo.id);
  });

  it('audits each grant and lists them in the ata', async () => {
    const logs = ok(await t.call('GET', '/api/logs?perPage=50', { token: admin })).data as { actionDescription: string }[];
    expect(logs.some((l) => /concedeu aparte a .+ na fala de .+ na sessão/.test(l.actionDescription))).toBe(true);
    expect(logs.some((l) => /deu a palavra a .+ para questão de ordem/.test(l.actionDescription))).toBe(true);
    expect(logs.some((l) => /deu a palavra a .+ para comunicação de liderança/.test(l.actionDescription))).toBe(true);
    ok(await t.call('POST', `/api/plenary_sessions/${session}/finalizar`, { token: op }));
    const [ata] = ok(await t.call('GET', `/api/plenary_sessions/${session}/atas`, { token: op })).data as { id: number }[];
    const text = ok(await t.call('GET', `/api/plenary_minutes/${ata.id}`, { token: op })).data.oradores as string;
    expect(text).toContain('Expediente:\n1. ');
    expect(text).toContain('Apartes, questões de ordem e comunicações de liderança:\nAparte: ');
    expect(text).toMatch(/Questão de ordem: .+ — /);
    expect(text).toMatch(/Comunicação de liderança: .+ — /);
    const late = await give({ modalidade: 'questao_ordem', parliamentary_id: v[1].pid });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A sessão plenária está finalizada.');
  });
});
