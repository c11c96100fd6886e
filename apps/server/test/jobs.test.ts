/**
 * The job queue (pg-boss on PGlite and on PostgreSQL, issue 14 §2): e-mail delivery goes through it, a refused
 * delivery is retried with backoff, a job taken by a node that died is failed after its expiry and retried by a
 * live node, a job sent inside a transaction that rolls back does not exist, a job runs once across two nodes
 * (PostgreSQL), nodes started together set their queues up without failing, and recurring jobs are stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';
import { startSmtp, type TestSmtp } from './smtp-server.ts';
import { mailOutbox } from '../src/db/schema.base.ts';
import { closeMailTransports, MAIL_JOB, sendMail } from '../src/mail/mailer.ts';
import { JobQueue } from '../src/jobs/queue.ts';
import { HOUSEKEEPING_JOB } from '../src/jobs/app-jobs.ts';
import type { Db } from '../src/db/client.ts';

let t: TestApp;
let smtp: TestSmtp;
const fast = { work: true, pollSeconds: 0.5, maintenanceSeconds: 1, expireSeconds: 2, retryDelaySeconds: 1 };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await makeApp({ smtpUrl: smtp.url, jobs: fast });
});
afterAll(async () => {
  closeMailTransports();
  await t?.close();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(200);
  }
}
const row = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const job = async (id: string) => t.app.jobs.boss.getJobById(MAIL_JOB, id);

describe('e-mail through the job queue', () => {
  it('a request records the message and its job; the queue delivers it', async () => {
    const before = smtp.messages.length;
    const res = await t.call('POST', '/api/forgot-password', { body: { email: 'vereador@paco.demo' } });
    expect(res.statusCode).toBe(200);
    await until(async () => smtp.messages.length > before);
    expect(smtp.messages.at(-1)).toContain('reset-password?token=');
    const [last] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'vereador@paco.demo')).orderBy(sql`id desc`).limit(1);
    await until(async () => (await row(last.id)).sent);
    expect((await row(last.id)).secret).toBeNull();
  });

  it('a refused delivery is recorded and retried with backoff until it goes through', async () => {
    smtp.refuse(2);
    const before = smtp.messages.length;
    const { id, jobId } = await sendMail(t.database.db, t.config, { to: 'retry@exemplo.com', subject: 'Tentativas', text: 'Olá' }, { jobs: t.app.jobs });
    expect(jobId).toBeTruthy();
    await until(async () => (await row(id)).error);
    expect((await row(id)).error).toContain('451');
    await until(async () => (await row(id)).sent, 30_000);
    expect(smtp.messages.length).toBe(before + 1);
    // the handler marks the row sent before pg-boss records the job's completion
    const done = await until(async () => { const j = await job(jobId!); return j?.state === 'completed' && j; });
    expect(done.retryCount).toBe(2);
  });

  it('a job sent in a transaction that rolls back does not exist', async () => {
    let jobId: string | null = null;
    await expect(t.database.db.transaction(async (tx) => {
      jobId = await t.app.jobs.send(MAIL_JOB, { id: -1 }, { db: tx as unknown as Db });
      throw new Error('desfeita');
    })).rejects.toThrow('desfeita');
    expect(jobId).toBeTruthy();
    expect(await job(jobId!)).toBeNull();
  });

  it('a job whose node died while running it is failed after its expiry and retried by a live node', async () => {
    const before = smtp.messages.length;
    // a "node" that sends only: it takes the job (as a worker would) and dies before finishing
    const { id, jobId } = await sendMail(t.database.db, t.config, { to: 'orfa@exemplo.com', subject: 'Órfã', text: 'Olá' }, { jobs: t.app.jobs });
    // take it before the live worker does: fetch marks it active, as a node that then dies would leave it
    await t.database.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${jobId}::uuid and state < 'active'`);
    await sleep(500);
    expect((await row(id)).sent).toBe(false);
    // expiry (2 s) + maintenance (1 s): failed by timeout, then retried and delivered by this node
    await until(async () => (await row(id)).sent, 30_000);
    expect(smtp.messages.length).toBe(before + 1);
    const done = await until(async () => { const j = await job(jobId!); return j?.state === 'completed' && j; });
    expect(done.retryCount).toBeGreaterThanOrEqual(1);
  });
});

describe('queue', () => {
  it('stores recurring jobs once and reports its depth', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules.filter((s) => s.name === HOUSEKEEPING_JOB)).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ cron: '17 3 * * *', options: expect.objectContaining({ tz: 'America/Sao_Paulo' }) });
    const future = await t.app.jobs.send(HOUSEKEEPING_JOB, {}, { startAfter: new Date(Date.now() + 3600_000) });
    const depth = await t.app.jobs.depth();
    expect(depth).toContainEqual({ queue: HOUSEKEEPING_JOB, state: 'created', count: 1 });
    await t.app.jobs.boss.cancel(HOUSEKEEPING_JOB, future!);
  });

  it('housekeeping removes old unusable sessions and old reset links', async () => {
    await t.database.db.execute(sql`insert into access_tokens (user_id, company_id, token_hash, created_at, last_used_at, revoked_at)
      select id, company_id, md5(random()::text) || md5(random()::text), now() - interval '100 days', now() - interval '100 days', null from users limit 1`);
    const id = await t.app.jobs.send(HOUSEKEEPING_JOB, {});
    await until(async () => (await t.app.jobs.boss.getJobById(HOUSEKEEPING_JOB, id!))?.state === 'completed');
    const [{ n }] = (await t.database.db.execute(sql`select count(*)::int as n from access_tokens where created_at < now() - interval '90 days'`) as unknown as { rows: { n: number }[] }).rows;
    expect(n).toBe(0);
  });
});

describe.runIf(usingPostgres())('two nodes on one PostgreSQL', () => {
  it('each job runs once', async () => {
    // a second "node": another queue on the same database, taking the same jobs
    const { openDatabase } = await import('../src/db/client.ts');
    const other = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://' });
    const runs: Record<string, string[]> = {};
    const mk = (node: string, database: typeof other) => {
      const q = new JobQueue(database, { ...fast, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
      q.define<{ n: number }>({ name: 'test.once', async run({ n }) { (runs[n] ??= []).push(node); await sleep(20); } });
      return q;
    };
    const a = mk('A', t.database);
    const b = mk('B', other);
    await a.start();
    await b.start();
    try {
      for (let n = 0; n < 40; n++) await (n % 2 ? a : b).send('test.once', { n });
      await until(async () => Object.keys(runs).length === 40, 30_000);
      await sleep(1500);
      expect(Object.values(runs).every((r) => r.length === 1)).toBe(true);
      const nodes = new Set(Object.values(runs).flat());
      expect(nodes.size).toBe(2);
    } finally {
      await a.stop();
      await b.stop();
      await other.close();
    }
  });

  it('start at once on queues that do not exist yet, without failing (nodes started together on a new database)', async () => {
    const { openDatabase } = await import('../src/db/client.ts');
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    for (let round = 0; round < 4; round++) {
      const names = Array.from({ length: 4 }, (_, i) => `test.fresh.${Date.now()}.${round}.${i}`);
      const databases = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://' })));
      const queues = databases.map((database) => {
        const q = new JobQueue(database, { ...fast, work: false, log: quiet });
        for (const name of names) q.define({ name, async run() { /* nothing */ } });
        return q;
      });
      try {
        await Promise.all(queues.map((q) => q.start()));
        expect(queues.every((q) => q.running)).toBe(true);
      } finally {
        for (const q of queues) await q.stop();
        for (const d of databases) await d.close();
      }
    }
  });
});
