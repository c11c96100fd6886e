/**
 * "Acompanhar matéria" (decision 0055; docs/portal.md): a citizen follows a public matter by e-mail.
 *
 *   POST /api/public/materias/:id/acompanhar        asks (e-mail, name): the confirmation e-mail, same answer always
 *   GET|POST /api/public/acompanhamentos/confirmar  the confirmation link (GET names the matter, POST confirms)
 *   GET|POST /api/public/acompanhamentos/sair       the link to stop, in every e-mail (POST deletes the address)
 *
 * Double opt-in: nothing about the matter is sent before the address is confirmed through a random link (only its
 * SHA-256 is stored; it expires in 48 hours and is used once; the outbox keeps it only encrypted, as the password
 * reset's). The link to stop needs no stored token: it is the row's id and an HMAC of it with the row's `segredo`
 * (mail/mailer.ts `signLink`). A request for an address already following (or pending) gets the same answer as a new
 * one, and each address is sent at most ACOMPANHAMENTO_MAILS_POR_DIA confirmation e-mails a day; the public writes
 * count against the same per-address limits as the Ouvidoria's and the E-SIC's.
 *
 * A new step of the tramitação (every path that adds one goes through the steps' hooks: "Tramitar", the distribution,
 * a voting's result, a parecer, a sanction and its norm) enqueues one job in the step's transaction when the matter
 * has confirmed followers: one existence check and one job, however many they are. The job (`acompanhamento.avisar`)
 * writes the e-mails to the outbox in batches, each batch with its delivery jobs and the next batch's job in one
 * transaction, so a retried batch is never sent twice.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { sectionByKey } from '@paco/domain/portal';
import { ACOMPANHAMENTO_HORAS, ACOMPANHAMENTO_MAILS_POR_DIA, matterFollowers as followersDef } from '@paco/domain/resources/acompanhamento';
import { matters as mattersDef } from '@paco/domain/resources/materias';
import type { Db } from '../../db/client.ts';
import { commissions, companies, matterFollowers, matters, tramitationUnities, tramitations, types } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, HookContext, Row, Services } from '../../engine/context.ts';
import { tableFor } from '../../engine/query.ts';
import { deleteRows, updateRows, upsertRow, type ServerWrite } from '../../engine/rows.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { JobDefinition, JobLog } from '../../jobs/queue.ts';
import { followerMail, SECRET_MARK, sendMail, signLink } from '../../mail/mailer.ts';
import { publicConditions } from '../../portal/sections.ts';
import { ipOf, publicCreatePerIp, publicShowPerIp } from '../cultura/ouvidoria.ts';

export const FOLLOW_JOB = 'acompanhamento.avisar';
export const FOLLOW_SWEEP_JOB = 'acompanhamento.limpeza';
/** Followers written to per transaction of the job (each: an outbox row, and its delivery job with SMTP). */
export const FOLLOW_BATCH = 100;

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const DAY_MS = 24 * 3600_000;
const EXPIRED = 'Este link de confirmação não vale mais: ele vale por 48 horas e só pode ser usado uma vez. Peça de novo na página da matéria.';
const GONE = 'Este link não vale mais: este endereço já não acompanha a matéria.';

/** The link to stop of a follower row: its id and the signature of the id with its `segredo`. */
export const leaveToken = (id: number, segredo: string): string => `${id}.${signLink(`acompanhamento|${id}|${segredo}`)}`;

function leaveTokenMatches(token: string, id: number, segredo: string | null): boolean {
  if (!segredo) return false;
  const want = Buffer.from(leaveToken(id, segredo));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

interface PublicMatter { id: number; company_id: number; identificacao: string; ementa: string; slug: string; company: string }

/**
 * A matter the portal shows (the `materias` section's rules, a company whose portal is published), or null: another
 * company's, a draft, a deleted one and one of an unpublished portal are not found alike.
 */
async function publicMatter(db: Db, companyId: number, id: number | null): Promise<PublicMatter | null> {
  if (!id || !Number.isInteger(id) || id > 2_147_483_647) return null;
  const section = sectionByKey.get('materias')!;
  const { cols } = tableFor(mattersDef);
  const [m] = await db.select({ id: matters.id, company_id: matters.company_id, identificacao: matters.identificacao, ementa: matters.ementa, slug: companies.slug, company: companies.name })
    .from(matters).innerJoin(companies, eq(companies.id, matters.company_id))
    .where(and(eq(matters.id, id), eq(matters.company_id, companyId), eq(companies.portal_publicado, true), ...publicConditions(section, cols))).limit(1);
  return m && m.slug ? { ...m, identificacao: m.identificacao ?? 'Matéria', slug: m.slug } : null;
}

/** The matter of a follower row, named as the e-mails and pages name it. */
async function matterOf(db: Db, matterId: number): Promise<{ identificacao: string; ementa: string; slug: string | null; company: string } | null> {
  const [m] = await db.select({ identificacao: matters.identificacao, ementa: matters.ementa, slug: companies.slug, company: companies.name })
    .from(matters).innerJoin(companies, eq(companies.id, matters.company_id)).where(eq(matters.id, matterId)).limit(1);
  return m ? { ...m, identificacao: m.identificacao ?? 'Matéria' } : null;
}

const portalOf = (appUrl: string, slug: string): string => `${appUrl.replace(/\/+$/, '')}/portal/${slug}`;
const short = (s: string, n = 300): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** How many confirmed addresses follow each matter (the matter's record shows the number, never the addresses). */
export async function followerCount(db: Db, matterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(matterFollowers).where(and(eq(matterFollowers.matter_id, matterId), isNotNull(matterFollowers.confirmado_em)));
  return Number(row?.n ?? 0);
}

/* ------------------------------------------------------------------------------------------------ public calls */

type Body = { company_id: number; email: string; nome?: string | null; website?: string | null };
const companyOf = (ctx: ActionContext): number | undefined => {
  const v = (ctx.body as { company_id?: unknown } | undefined)?.company_id;
  return typeof v === 'number' ? v : undefined;
};

async function acompanhar(ctx: ActionContext): Promise<unknown> {
  await ctx.limits.consume(`acompanhamento:create:${ipOf(ctx.req)}`, publicCreatePerIp);
  const body = ctx.body as Body;
  const email = body.email;
  const nome = body.nome?.trim() || null;
  // the same answer for a new address, a pending one, one already following, one over its daily e-mails, the honeypot
  const answer = {
    message: `Enviamos um e-mail para ${email}. Abra o link dele em até ${ACOMPANHAMENTO_HORAS} horas para confirmar o acompanhamento. `
      + 'Se não chegar em alguns minutos, confira o endereço e a caixa de spam.',
  };
  const matter = await publicMatter(ctx.db, body.company_id, ctx.id);
  if (!matter) throw notFound('Matéria', 'f');
  ctx.reply.status(202);
  if (typeof body.website === 'string' && body.website.trim()) {
    ctx.req.log.info({ honeypot: 'acompanhamento' }, 'public follow request with the honeypot filled: not stored');
    return answer;
  }
  // per address, whatever the matter or the company: nobody makes us mail someone else more than this
  const sent = await ctx.limits.hit(`acompanhamento:email:${sha256(email)}`, DAY_MS);
  const mayMail = sent.count <= ACOMPANHAMENTO_MAILS_POR_DIA;
  const w: ServerWrite = { db: ctx.db, afterCommit: ctx.afterCommit };
  const chave = `${matter.id}:${email}`;
  const [existing] = await ctx.db.select().from(matterFollowers)
    .where(and(eq(matterFollowers.company_id, matter.company_id), eq(matterFollowers.chave, chave))).limit(1);
  if (!mayMail) return answer;
  const portal = portalOf(ctx.config.appUrl, matter.slug);
  const name = nome ?? existing?.nome ?? 'cidadã(o)';
  if (existing?.confirmado_em) {
    // already following: its owner is told (with the link to stop), nobody else learns it
    const mail = followerMail({
      name, company: matter.company, subject: `Você já acompanha ${matter.identificacao}`, title: `Você já acompanha ${matter.identificacao}`,
      paragraphs: [`Recebemos um novo pedido para acompanhar ${matter.identificacao} ("${short(matter.ementa)}") com este endereço, que já a acompanha. Nada mudou: você continua recebendo um e-mail a cada novo passo da tramitação.`],
      action: { label: 'Ver a matéria', url: `${portal}/materias/${matter.id}` },
      leaveUrl: `${portal}/acompanhamento/sair?token=${leaveToken(existing.id, existing.segredo!)}`,
      after: ['Se não foi você quem pediu, ignore este e-mail.'],
    });
    await sendMail(ctx.db, ctx.config, { to: email, ...mail }, { jobs: ctx.jobs, log: ctx.req.log });
    return answer;
  }
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + ACOMPANHAMENTO_HORAS * 3600_000).toISOString();
  const row = await upsertRow(w, matterFollowers, {
    company_id: matter.company_id, matter_id: matter.id, email, nome, chave, token_hash: sha256(token), token_expira_em: expires,
    segredo: randomBytes(24).toString('base64url'),
  }, { target: [matterFollowers.company_id, matterFollowers.chave], set: { token_hash: sha256(token), token_expira_em: expires, ...(nome ? { nome } : {}) } });
  const mail = followerMail({
    name, company: matter.company, subject: `Confirme: acompanhar ${matter.identificacao} — ${matter.company}`, title: `Confirme para acompanhar ${matter.identificacao}`,
    paragraphs: [
      `Recebemos um pedido para avisar este endereço de cada novo passo da tramitação de ${matter.identificacao} ("${short(matter.ementa)}") no portal de ${matter.company}.`,
      `Para confirmar, abra o link abaixo em até ${ACOMPANHAMENTO_HORAS} horas. Ele só pode ser usado uma vez. Sem a confirmação, nada mais é enviado e o endereço é apagado.`,
    ],
    action: { label: 'Confirmar o acompanhamento', url: SECRET_MARK },
    leaveUrl: `${portal}/acompanhamento/sair?token=${leaveToken(row.id, row.segredo!)}`,
    after: ['Seu e-mail será usado apenas para avisar sobre o andamento desta matéria. Se não foi você quem pediu, ignore este e-mail.'],
  });
  await sendMail(ctx.db, ctx.config, { to: email, ...mail, secret: `${portal}/acompanhamento/confirmar?token=${token}` }, { jobs: ctx.jobs, log: ctx.req.log });
  return answer;
}

/** The pending row of a confirmation token still valid (of the company, when given), or null. */
async function pending(db: Db, token: string, companyId?: number) {
  const [row] = await db.select().from(matterFollowers).where(and(
    eq(matterFollowers.token_hash, sha256(token)), gt(matterFollowers.token_expira_em, sql`now()`),
    ...(companyId ? [eq(matterFollowers.company_id, companyId)] : []),
  )).limit(1);
  return row ?? null;
}

/** The follower row of a link to stop (of the company, when given), or null when the link is not (or no longer) valid. */
async function leaving(db: Db, token: string, companyId?: number) {
  const id = Number(token.split('.')[0]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const [row] = await db.select().from(matterFollowers).where(and(eq(matterFollowers.id, id), ...(companyId ? [eq(matterFollowers.company_id, companyId)] : []))).limit(1);
  return row && leaveTokenMatches(token, row.id, row.segredo) ? row : null;
}

const view = async (db: Db, row: { matter_id: number; company_id: number; confirmado_em: string | null }) => {
  const m = await matterOf(db, row.matter_id);
  return { matter_id: row.matter_id, company_id: row.company_id, materia: m?.identificacao ?? 'Matéria', ementa: m?.ementa ?? '', confirmado: !!row.confirmado_em };
};

const input = (ctx: ActionContext) => ({ token: (ctx.body as { token: string }).token, company: companyOf(ctx) });

defineBehaviour(followersDef, {
  actions: {
    public_acompanhar: acompanhar,
    async public_confirmacao(ctx) {
      await ctx.limits.consume(`acompanhamento:show:${ipOf(ctx.req)}`, publicShowPerIp);
      const { token, company } = input(ctx);
      const row = await pending(ctx.db, token, company);
      if (!row) throw new HttpError(404, EXPIRED);
      return { data: await view(ctx.db, row) };
    },
    async public_confirmar(ctx) {
      await ctx.limits.consume(`acompanhamento:confirm:${ipOf(ctx.req)}`, publicShowPerIp);
      const { token, company } = input(ctx);
      const row = await pending(ctx.db, token, company);
      if (!row) throw new HttpError(404, EXPIRED);
      // single use: the hash goes with the confirmation (a second request finds nothing)
      const [done] = await updateRows({ db: ctx.db, afterCommit: ctx.afterCommit }, matterFollowers, and(eq(matterFollowers.id, row.id), eq(matterFollowers.token_hash, row.token_hash!)), {
        confirmado_em: sql`coalesce(${matterFollowers.confirmado_em}, now())`, token_hash: null, token_expira_em: null,
      });
      if (!done) throw new HttpError(404, EXPIRED);
      const v = await view(ctx.db, done);
      return { message: `Pronto! Você vai receber um e-mail a cada novo passo da tramitação de ${v.materia}. Cada e-mail traz um link para parar de receber.`, data: v };
    },
    async public_saida(ctx) {
      await ctx.limits.consume(`acompanhamento:show:${ipOf(ctx.req)}`, publicShowPerIp);
      const { token, company } = input(ctx);
      const row = await leaving(ctx.db, token, company);
      if (!row) throw new HttpError(404, GONE);
      return { data: await view(ctx.db, row) };
    },
    async public_sair(ctx) {
      await ctx.limits.consume(`acompanhamento:leave:${ipOf(ctx.req)}`, publicShowPerIp);
      const { token, company } = input(ctx);
      const row = await leaving(ctx.db, token, company);
      if (!row) throw new HttpError(404, GONE);
      const v = await view(ctx.db, row);
      // the address is not kept: stopping deletes it (LGPD, art. 16: no purpose left)
      await deleteRows({ db: ctx.db, afterCommit: ctx.afterCommit }, matterFollowers, eq(matterFollowers.id, row.id));
      return { message: `Pronto: você não vai mais receber e-mails sobre ${v.materia}. Seu endereço foi apagado da lista desta matéria.`, data: { ...v, confirmado: false } };
    },
  },
}, 'materias');

/* ------------------------------------------------------------------------------------------------ new steps */

/**
 * In a new step's transaction (the steps' afterWrite): one job when the matter has confirmed followers. One cheap
 * statement when it has none; never one per follower.
 */
export async function enqueueFollowers(row: Row, ctx: HookContext): Promise<void> {
  const jobs = ctx.services?.jobs;
  if (!jobs || typeof row.matter_id !== 'number') return;
  const [any] = await ctx.db.select({ id: matterFollowers.id }).from(matterFollowers)
    .where(and(eq(matterFollowers.matter_id, row.matter_id), eq(matterFollowers.company_id, row.company_id), isNotNull(matterFollowers.confirmado_em))).limit(1);
  if (any) await jobs.send(FOLLOW_JOB, { step: row.id }, { db: ctx.db });
}

type JobServices = Pick<Services, 'db' | 'config' | 'jobs'>;

/**
 * One batch of a step's e-mails (the job's body): the confirmed followers after `after`, in id order; the e-mails, their
 * delivery jobs and the next batch's job in one transaction. Answers how many were written.
 */
export async function tellFollowers(s: JobServices, stepId: number, after = 0, log?: JobLog): Promise<number> {
  const [step] = await s.db.select({
    id: tramitations.id, matter_id: tramitations.matter_id, company_id: tramitations.company_id, data: tramitations.data, acao: tramitations.acao,
    status: types.label, unidade: tramitationUnities.descricao, comissao: commissions.nome,
    identificacao: matters.identificacao, ementa: matters.ementa, slug: companies.slug, publicado: companies.portal_publicado, company: companies.name,
  }).from(tramitations)
    .innerJoin(matters, eq(matters.id, tramitations.matter_id))
    .innerJoin(companies, eq(companies.id, tramitations.company_id))
    .leftJoin(types, eq(types.id, tramitations.status_id))
    .leftJoin(tramitationUnities, eq(tramitationUnities.id, tramitations.destino_id))
    .leftJoin(commissions, eq(commissions.id, tramitations.commission_id))
    .where(eq(tramitations.id, stepId)).limit(1);
  // the step was removed, or the portal is no longer published (its pages, the links to stop included, are gone)
  if (!step || !step.publicado || !step.slug) return 0;
  const batch = await s.db.select({ id: matterFollowers.id, email: matterFollowers.email, nome: matterFollowers.nome, segredo: matterFollowers.segredo }).from(matterFollowers)
    .where(and(eq(matterFollowers.matter_id, step.matter_id), eq(matterFollowers.company_id, step.company_id), isNotNull(matterFollowers.confirmado_em), gt(matterFollowers.id, after)))
    .orderBy(asc(matterFollowers.id)).limit(FOLLOW_BATCH);
  if (!batch.length) return 0;
  const portal = portalOf(s.config.appUrl, step.slug);
  const ident = step.identificacao ?? 'Matéria';
  const status = step.status ?? 'Novo passo';
  const where = step.comissao ?? step.unidade;
  const paragraphs = [
    `A matéria ${ident} ("${short(step.ementa)}") tem um novo passo de tramitação, em ${formatDate(String(step.data))}: ${status}.`,
    ...(where ? [`Unidade: ${where}.`] : []),
    ...(step.acao ? [`Ação: ${short(String(step.acao), 1000)}`] : []),
    'A tramitação completa, com os pareceres, as votações e os textos, está na página da matéria.',
  ];
  await s.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    for (const f of batch) {
      const mail = followerMail({
        name: f.nome ?? 'cidadã(o)', company: step.company, subject: `${ident}: ${status}`, title: `${ident}: ${status}`, paragraphs,
        action: { label: 'Ver a matéria', url: `${portal}/materias/${step.matter_id}` }, leaveUrl: `${portal}/acompanhamento/sair?token=${leaveToken(f.id, f.segredo!)}`,
      });
      await sendMail(tx, s.config, { to: f.email, ...mail }, { jobs: s.jobs, log });
    }
    if (batch.length === FOLLOW_BATCH) await s.jobs.send(FOLLOW_JOB, { step: stepId, after: batch[batch.length - 1].id }, { db: tx });
  });
  return batch.length;
}

/** Pending requests whose link expired: the address is deleted (never confirmed, it has no purpose). */
export async function sweepPending(db: Db): Promise<number> {
  const gone = await deleteRows({ db }, matterFollowers, and(isNull(matterFollowers.confirmado_em), lt(matterFollowers.token_expira_em, sql`now()`)));
  return gone.length;
}

export function setup(s: Services): void {
  const tell: JobDefinition<{ step: number; after?: number }> = {
    name: FOLLOW_JOB, retryLimit: 5,
    async run({ step, after }, job) {
      const n = await tellFollowers(s, step, after ?? 0, job.log);
      job.log.info({ step, after: after ?? 0, n }, 'acompanhamento de matéria: e-mails do passo registrados');
    },
  };
  const sweep: JobDefinition = {
    name: FOLLOW_SWEEP_JOB, cron: '37 3 * * *', retryLimit: 2,
    async run(_data, job) {
      job.log.info({ n: await sweepPending(s.db) }, 'acompanhamento de matéria: pedidos não confirmados apagados');
    },
  };
  s.jobs.define(tell);
  s.jobs.define(sweep);
}
