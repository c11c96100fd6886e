/**
 * Notifications (issue 11 §3): a process sent to a sector tells its responsibles, live and only them; the owner of
 * every call is the session's user, so other users' and other companies' ids are 404 on every route; a councillor
 * (outside the staff) also gets the e-mail, in the outbox; the daily deadline reminders are sent once per record,
 * kind and person.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema.base.ts';
import { manifestacoes, notifications, tramitations } from '../src/db/schema.generated.ts';
import { DEADLINE_JOB, runDeadlineReminders } from '../src/modules/notificacoes/deadlines.ts';
import { notify } from '../src/modules/notificacoes/notify.ts';
import { addDays } from '../src/modules/materias/deadline.ts';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';

let t: TestApp;
let base = '';
let adminPm: string; // Prefeitura admin (Paulo, responsible for Finanças)
let protocolo: string; // Prefeitura, protocolo (Priscila, responsible for Protocolo Geral)
let protocolo2: string; // Prefeitura, protocolo, responsible for no sector
let adminCm: string; // Câmara admin (another company)
let superadmin: string; // acting in the Câmara
let vereador: string; // Câmara, cm_parlamentar (Vera Lúcia)
const ids: Record<string, number> = {};

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const services = () => ({ db: t.database.db, config: t.config, storage: t.app.files, realtime: t.app.realtime, jobs: t.app.jobs });

async function userWithRole(admin: string, email: string, role: string): Promise<{ token: string; id: number }> {
  const created = await t.call('POST', '/api/users', { token: admin, body: { name: `Teste ${role} ${email}`, email, password: 'paco-demo' } });
  expect(created.statusCode, created.body).toBe(201);
  const roles = (await t.call('GET', '/api/roles?perPage=100', { token: admin })).json().data as { id: number; name: string }[];
  const link = await t.call('POST', `/api/users/${data(created).id}/vincula`, { token: admin, body: { role_id: roles.find((r) => r.name === role)!.id } });
  expect(link.statusCode, link.body).toBe(200);
  return { token: await t.login(email), id: data(created).id };
}

/** An open SSE stream of /api/notifications/stream: every event it received so far. */
function openStream(token: string): { events: { event: string; data: any }[]; close: () => void; ready: Promise<void> } {
  const events: { event: string; data: any }[] = [];
  let resolveReady: () => void;
  const ready = new Promise<void>((r) => { resolveReady = r; });
  const req = request(`${base}/api/notifications/stream`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
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
        if (ev.data !== null) {
          events.push(ev);
          if (ev.event === 'snapshot') resolveReady();
        }
      }
    });
  });
  req.on('error', () => undefined);
  req.end();
  return { events, close: () => req.destroy(), ready };
}

async function until<T>(what: () => T | null | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(25);
  }
}

beforeAll(async () => {
  t = await makeApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [adminPm, protocolo, adminCm, superadmin, vereador] = await Promise.all(
    ['admin.prefeitura@paco.demo', 'protocolo@paco.demo', 'admin@paco.demo', 'superadmin@paco.demo', 'vereador@paco.demo'].map((e) => t.login(e)),
  );
  protocolo2 = (await userWithRole(adminPm, 'protocolo2.notif@paco.demo', 'protocolo')).token;
  const sectors = (await t.call('GET', '/api/sectors?perPage=50', { token: adminPm })).json().data as { id: number; name: string }[];
  ids.protocolo = sectors.find((s) => s.name === 'Protocolo Geral')!.id;
  ids.rh = sectors.find((s) => /Recursos Humanos/.test(s.name))!.id;
  ids.procedure = (await t.call('GET', '/api/procedures?perPage=1', { token: adminPm })).json().data[0].id;
});
afterAll(async () => { await t?.close(); });

const newProcess = async (token = adminPm) => {
  const res = await t.call('POST', '/api/processes', { token, body: { procedure_id: ids.procedure, sector_id: ids.rh, object: 'Aquisição de cadeiras para a sala de espera.' } });
  expect(res.statusCode, res.body).toBe(201);
  return data(res) as { id: number; number: string };
};

describe('a process sent to a sector', () => {
  it('tells the sector\'s responsibles, live on their own stream only, and nobody else', async () => {
    const mine = openStream(protocolo);
    const other = openStream(protocolo2);
    const actor = openStream(adminPm);
    try {
      await Promise.all([mine.ready, other.ready, actor.ready]);
      const before = mine.events.at(-1)!.data.data.summary;
      const p = await newProcess();
      const sent = await t.call('POST', '/api/movements', { token: adminPm, body: { process_id: p.id, destino_id: ids.protocolo, historicoSetor: 'Para autuação.' } });
      expect(sent.statusCode, sent.body).toBe(201);

      // Priscila's tab hears it, with the new count and the notification itself
      const live = await until(() => mine.events.find((e) => e.event === 'snapshot' && e.data.data.summary.unread === before.unread + 1));
      expect(live.data.data.latest[0]).toMatchObject({ kind: 'processo_recebido', link: `/protocol/processes/${p.id}`, read_at: null });
      expect(live.data.data.latest[0].title).toContain(p.number);
      expect(live.data.data.latest[0].body).toContain('Despacho: Para autuação.');
      await sleep(usingPostgres() ? 400 : 150);
      // the other protocol user (no responsible of the sector) and the sender heard nothing after their snapshot
      expect(other.events.filter((e) => e.event !== 'ping')).toHaveLength(1);
      expect(actor.events.filter((e) => e.event !== 'ping')).toHaveLength(1);

      const list = await t.call('GET', '/api/notifications?perPage=5', { token: protocolo });
      expect(list.statusCode).toBe(200);
      expect(list.json().meta).toMatchObject({ page: 1, perPage: 5, unread: before.unread + 1 });
      expect(data(list)[0]).toMatchObject({ kind: 'processo_recebido', link: `/protocol/processes/${p.id}` });
      expect(data(list)[0]).not.toHaveProperty('once_key');
      expect(data(await t.call('GET', '/api/notifications', { token: protocolo2 }))).toEqual([]);
      expect(data(await t.call('GET', '/api/notifications', { token: adminPm })).some((n: { link: string }) => n.link === `/protocol/processes/${p.id}`)).toBe(false);
      // staff: no e-mail
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'protocolo@paco.demo'));
      expect(mails).toEqual([]);
    } finally {
      mine.close();
      other.close();
      actor.close();
    }
  });

  it('a sector without responsibles tells the protocol users', async () => {
    const juridico = (await t.call('GET', '/api/sectors?q=Jur', { token: adminPm })).json().data[0].id as number;
    const p = await newProcess();
    expect((await t.call('POST', `/api/processes/${p.id}/movements`, { token: adminPm, body: { destino_id: juridico } })).statusCode).toBe(201);
    for (const token of [protocolo, protocolo2]) {
      const list = data(await t.call('GET', '/api/notifications?perPage=3', { token }));
      expect(list[0].link, 'each protocol user is told').toBe(`/protocol/processes/${p.id}`);
    }
  });
});

describe('ownership: the session is the owner', () => {
  it('another user\'s or another company\'s id is 404 on every route; marking read is the owner\'s own', async () => {
    const p = await newProcess();
    expect((await t.call('POST', '/api/movements', { token: adminPm, body: { process_id: p.id, destino_id: ids.protocolo } })).statusCode).toBe(201);
    const [n] = data(await t.call('GET', '/api/notifications?unread=1&perPage=1', { token: protocolo }));
    expect(n, 'Priscila has an unread notification').toBeTruthy();
    const priscilaId = (await t.database.db.execute(sql`select id from users where email = 'protocolo@paco.demo'`) as unknown as { rows: { id: number }[] }).rows[0].id;
    for (const token of [protocolo2, adminPm, adminCm, superadmin]) {
      expect((await t.call('GET', `/api/notifications/${n.id}`, { token })).statusCode).toBe(404);
      expect((await t.call('POST', `/api/notifications/${n.id}/read`, { token })).statusCode).toBe(404);
      // a user id in the query or the body changes nothing: the list is still the caller's own
      const theirs = data(await t.call('GET', `/api/notifications?user_id=${priscilaId}&perPage=100`, { token }));
      expect(theirs.some((x: { id: number }) => x.id === n.id)).toBe(false);
      await t.call('POST', '/api/notifications/read_all', { token, body: { user_id: priscilaId } });
    }
    // nobody else's read_all touched it
    expect(data(await t.call('GET', `/api/notifications/${n.id}`, { token: protocolo })).read_at).toBeNull();
    for (const [method, url] of [['GET', '/api/notifications'], ['GET', '/api/notifications/unread'], ['GET', '/api/notifications/stream'], ['GET', `/api/notifications/${n.id}`], ['POST', `/api/notifications/${n.id}/read`], ['POST', '/api/notifications/read_all']]) {
      expect((await t.call(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.call('GET', '/api/notifications/abc', { token: protocolo })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/notifications?perPage=500', { token: protocolo })).statusCode).toBe(422);

    const before = data(await t.call('GET', '/api/notifications/unread', { token: protocolo }));
    const read = await t.call('POST', `/api/notifications/${n.id}/read`, { token: protocolo });
    expect(read.statusCode).toBe(200);
    expect(data(read).read_at).toBeTruthy();
    expect(data(await t.call('GET', '/api/notifications/unread', { token: protocolo }))).toEqual({ unread: before.unread - 1, total: before.total });
    // again: the same answer
    expect((await t.call('POST', `/api/notifications/${n.id}/read`, { token: protocolo })).statusCode).toBe(200);
    const all = await t.call('POST', '/api/notifications/read_all', { token: protocolo });
    expect(data(all).read).toBe(before.unread - 1);
    expect(data(await t.call('GET', '/api/notifications/unread', { token: protocolo })).unread).toBe(0);
    expect(data(await t.call('GET', '/api/notifications?unread=1', { token: protocolo }))).toEqual([]);
  });
});

describe('people outside the staff', () => {
  it('a councillor whose solicitation was decided is told on the screen and by e-mail (in the outbox)', async () => {
    const me = data(await t.call('GET', '/api/is-parliamentary', { token: vereador }));
    expect(me.isParliamentary).toBe(true);
    const created = await t.call('POST', '/api/solicitations', { token: vereador, body: { tipo: 'diaria', parliamentary_id: me.parliamentary.id, destino: 'Curitiba/PR', finalidade: 'Congresso de vereadores.', dataSaida: '2026-12-08' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = data(created).id as number;
    // a step that decides nothing: no notification
    expect((await t.call('PUT', `/api/solicitations/${id}/situation`, { token: adminCm, body: { situacao: 'em_analise' } })).statusCode).toBe(200);
    expect(data(await t.call('GET', '/api/notifications', { token: vereador })).some((n: { link: string }) => n.link.endsWith(`/${id}`))).toBe(false);
    const decided = await t.call('PUT', `/api/solicitations/${id}/situation`, { token: adminCm, body: { situacao: 'deferida', situacao_obs: 'Empenho autorizado.' } });
    expect(decided.statusCode).toBe(200);
    const [n] = data(await t.call('GET', '/api/notifications?perPage=1', { token: vereador }));
    expect(n).toMatchObject({ kind: 'solicitacao_decidida', link: `/legislativo-parlamentar/solicitation/${id}` });
    expect(n.title).toBe('Sua solicitação foi deferida: Curitiba/PR');
    expect(n.body).toContain('Observação: Empenho autorizado.');
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'vereador@paco.demo')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.subject).toBe('Sua solicitação foi deferida: Curitiba/PR — Paço');
    expect(mail.text).toContain(`${t.config.appUrl}/legislativo-parlamentar/solicitation/${id}`);
    expect(mail.text).toContain('Empenho autorizado.');
  });

  it('notify: e-mail forced or refused, the actor left out, nothing when the transaction rolls back', async () => {
    const s = services();
    const people = (await t.database.db.execute(sql`select u.id, u.email from users u where u.email in ('protocolo@paco.demo', 'admin.prefeitura@paco.demo')`)) as unknown as { rows: { id: number; email: string }[] };
    const priscila = people.rows.find((p) => p.email === 'protocolo@paco.demo')!.id;
    const paulo = people.rows.find((p) => p.email === 'admin.prefeitura@paco.demo')!.id;
    const company = (await t.database.db.execute(sql`select company_id from users where id = ${priscila}`) as unknown as { rows: { company_id: number }[] }).rows[0].company_id;
    const mails = async () => (await t.database.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Aviso de teste%'))).length;
    await expect(t.database.db.transaction(async (tx) => {
      await notify({ ...s, db: tx as never, auth: { companyId: company, userId: paulo }, afterCommit: () => undefined }, { kind: 'aviso', title: 'Aviso de teste desfeito', userIds: [priscila], email: true });
      throw new Error('desfeita');
    })).rejects.toThrow('desfeita');
    expect(await mails()).toBe(0);
    const sent = await t.database.db.transaction((tx) => notify({ ...s, db: tx as never, auth: { companyId: company, userId: paulo }, afterCommit: () => undefined },
      { kind: 'aviso', title: 'Aviso de teste', userIds: [priscila, paulo], email: true }));
    expect(sent.map((r) => r.user_id)).toEqual([priscila]);
    expect(await mails()).toBe(1);
    const refused = await notify({ ...s, auth: null }, { kind: 'aviso', title: 'Aviso sem e-mail', companyId: company, userIds: [priscila, paulo], email: false });
    expect(refused).toHaveLength(2);
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Aviso sem e-mail — Paço'))).length).toBe(0);
    // a user of another company is nobody here
    const cmUser = (await t.database.db.execute(sql`select id from users where email = 'admin@paco.demo'`) as unknown as { rows: { id: number }[] }).rows[0].id;
    expect(await notify({ ...s, auth: null }, { kind: 'aviso', title: 'Outra entidade', companyId: company, userIds: [cmUser] })).toEqual([]);
  });
});

describe('deadline reminders', () => {
  it('the daily job is scheduled', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules.find((x) => x.name === DEADLINE_JOB)).toMatchObject({ cron: '0 7 * * *' });
  });

  it('tell the ombudsman once when a deadline is 5 days away and once when it passed; a run again repeats nothing', async () => {
    const ouvidor = await userWithRole(adminPm, 'ouvidor.notif@paco.demo', 'ouvidoria');
    const today = todayInSaoPaulo();
    const mk = async (assunto: string) => data(await t.call('POST', '/api/manifestacoes', { token: adminPm, body: { tipo: 'reclamacao', assunto, texto: 'Relato de teste.' } })).id as number;
    const [soon, late, far, answered] = [await mk('Poste apagado'), await mk('Lixo acumulado'), await mk('Calçada quebrada'), await mk('Praça suja')];
    await t.database.db.update(manifestacoes).set({ prazo: addDays(today, 3) }).where(eq(manifestacoes.id, soon));
    await t.database.db.update(manifestacoes).set({ prazo: addDays(today, -1) }).where(eq(manifestacoes.id, late));
    await t.database.db.update(manifestacoes).set({ prazo: addDays(today, 6) }).where(eq(manifestacoes.id, far));
    await t.database.db.update(manifestacoes).set({ prazo: addDays(today, 1), situacao: 'respondida' }).where(eq(manifestacoes.id, answered));

    const first = await runDeadlineReminders(services(), today);
    expect(first.notifications).toBeGreaterThanOrEqual(2);
    const mine = data(await t.call('GET', '/api/notifications?perPage=100', { token: ouvidor.token })) as { kind: string; title: string; body: string; link: string }[];
    const about = (id: number) => mine.filter((n) => n.link === `/ouvidoria/manifestacoes/${id}`);
    expect(about(soon)).toHaveLength(1);
    expect(about(soon)[0]).toMatchObject({ kind: 'prazo_proximo' });
    expect(about(soon)[0].title).toMatch(/^Prazo vence em 3 dias: .+Poste apagado$/);
    expect(about(late)).toHaveLength(1);
    expect(about(late)[0]).toMatchObject({ kind: 'prazo_vencido' });
    expect(about(late)[0].title).toMatch(/^Prazo vencido: .+Lixo acumulado$/);
    expect(about(far)).toEqual([]);
    expect(about(answered)).toEqual([]);
    // the company has an ombudsman: its admin is not told
    expect(data(await t.call('GET', '/api/notifications?perPage=100', { token: adminPm })).some((n: { link: string }) => n.link === `/ouvidoria/manifestacoes/${soon}`)).toBe(false);

    // again, the same day and the next: nothing new for these
    expect((await runDeadlineReminders(services(), today)).notifications).toBe(0);
    const next = await runDeadlineReminders(services(), addDays(today, 1));
    const again = data(await t.call('GET', '/api/notifications?perPage=100', { token: ouvidor.token })) as { link: string; kind: string }[];
    expect(again.filter((n) => n.link === `/ouvidoria/manifestacoes/${soon}`)).toHaveLength(1);
    expect(again.filter((n) => n.link === `/ouvidoria/manifestacoes/${late}`)).toHaveLength(1);
    // the next day, "far" is 5 days away: its reminder, once
    expect(again.filter((n) => n.link === `/ouvidoria/manifestacoes/${far}`).map((n) => n.kind)).toEqual(['prazo_proximo']);
    expect(next.notifications).toBeGreaterThanOrEqual(1);
    // the day after its deadline "soon" is overdue: one more, of the other kind
    await runDeadlineReminders(services(), addDays(today, 4));
    const later = data(await t.call('GET', '/api/notifications?perPage=100', { token: ouvidor.token })) as { link: string; kind: string }[];
    expect(later.filter((n) => n.link === `/ouvidoria/manifestacoes/${soon}`).map((n) => n.kind).sort()).toEqual(['prazo_proximo', 'prazo_vencido']);
    const keys = await t.database.db.select({ k: notifications.once_key }).from(notifications).where(and(eq(notifications.user_id, ouvidor.id), like(notifications.once_key, `%:manifestacoes:${soon}:%`)));
    expect(keys).toHaveLength(2);
  });

  it('a matter\'s latest tramitation step counts, an earlier one does not', async () => {
    const today = todayInSaoPaulo();
    const admin = adminCm;
    // a plain matter type (amendment types are presented through their main matter)
    const type = ((await t.call('GET', '/api/types?type=matters&perPage=100', { token: admin })).json().data as { id: number; slug: string }[]).find((x) => x.slug === 'ind')!.id;
    const m = data(await t.call('POST', '/api/matters', { token: admin, body: { type_id: type, dataApresentacao: addDays(today, -20), ementa: 'Dispõe sobre prazos de teste.' } }));
    const status = (await t.call('GET', '/api/types?type=tramitation_status&perPage=1', { token: admin })).json().data[0].id;
    const step = async (d: string) => data(await t.call('POST', '/api/tramitations', { token: admin, body: { matter_id: m.id, data: d, status_id: status } })).id as number;
    const old = await step(addDays(today, -10));
    const last = await step(addDays(today, -1));
    await t.database.db.update(tramitations).set({ fimPrazo: addDays(today, -2) }).where(eq(tramitations.id, old));
    await t.database.db.update(tramitations).set({ fimPrazo: addDays(today, 2) }).where(eq(tramitations.id, last));
    await runDeadlineReminders(services(), today);
    const operador = await t.login('operador@paco.demo'); // cm_admin: the câmara has no cm_operador_materias
    const about = (data(await t.call('GET', '/api/notifications?perPage=100', { token: operador })) as { link: string; kind: string; title: string }[])
      .filter((n) => n.link === `/legislativo/matters/${m.id}`);
    expect(about.map((n) => n.kind)).toEqual(['prazo_proximo']);
    expect(about[0].title).toBe(`Prazo vence em 2 dias: ${m.identificacao}`);
  });
});
