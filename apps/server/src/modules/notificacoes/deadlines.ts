/**
 * Deadline reminders (issue 11 §3): once a day (`notifications.deadlines`, 07:00 in São Paulo) the people
 * responsible for records with a deadline are told when it is at most DAYS_BEFORE days away and when it has passed —
 * once per record, kind and deadline for each person (the notification's once-only key), so running the job again,
 * on the same day or the next, never repeats a reminder; a new deadline (an extension) is a new reminder.
 *
 * Sources (records with a deadline that people act on, and who acts on them):
 *  - manifestações of the ombudsman still open (recebida, em análise, encaminhada), by `prazo`: the users with the `ouvidoria`
 *    role in the company, or its administrators when it has none;
 *  - requests for information (E-SIC) waiting for the SIC's answer (recebido, em análise, encaminhado), by `prazo`:
 *    the users with the `sic` role, or the administrators; those in appeal, by the authority's `prazo`: the
 *    administrators (the authority);
 *  - matters in tramitação, by their own `fimPrazo` and by the `fimPrazo` of their latest tramitation step: the
 *    users with `cm_operador_materias`, or the câmara's administrators (`cm_admin`) when it has none.
 * Protocol movements have no deadline field yet; when they get one, a source here is all they need.
 */
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { DEADLINE_SOON_DAYS } from '@paco/domain/constants';
import { formatDate } from '@paco/domain/format';
import type { RoleName } from '@paco/domain/roles';
import { EM_ABERTO, manifestacoes as manifestacoesDef } from '@paco/domain/resources/cultura';
import { matters as mattersDef } from '@paco/domain/resources/materias';
import { PEDIDO_EM_ABERTO, pedidosInformacao as pedidosDef } from '@paco/domain/resources/sic';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { manifestacoes, matters, pedidosInformacao, tramitations } from '../../db/schema.generated.ts';
import type { Services } from '../../engine/context.ts';
import type { JobDefinition, JobLog } from '../../jobs/queue.ts';
import { addDays } from '../materias/deadline.ts';
import { notify, recipientsOf } from './notify.ts';

export const DEADLINE_JOB = 'notifications.deadlines';
/** "a deadline in 5 days" (the screens' "vence em N dias", the lists' filter and the inbox entries count the same days) */
export const DAYS_BEFORE = DEADLINE_SOON_DAYS;

interface Due { id: number; company_id: number; deadline: string; label: string; link: string }

interface DeadlineSource {
  /** names the record in the once-only key */
  key: string;
  /** "o prazo de resposta da manifestação 2026/000012 — Buraco na rua" */
  what(d: Due): string;
  /** open records whose deadline is on or before `until` (yyyy-mm-dd) */
  due(db: Db, until: string): Promise<Due[]>;
  roles: readonly RoleName[];
  /** who is told when nobody in the company holds `roles` */
  fallback: readonly RoleName[];
}

const screenOf = (r: { screen?: string }, id: number): string => `${r.screen}/${id}`;
const ymd = (v: unknown): string => String(v).slice(0, 10);

const SOURCES: DeadlineSource[] = [
  {
    key: 'manifestacoes',
    what: (d) => `o prazo de resposta da manifestação ${d.label}`,
    async due(db, until) {
      const rows = await db.select({ id: manifestacoes.id, company_id: manifestacoes.company_id, prazo: manifestacoes.prazo, protocolo: manifestacoes.protocolo, assunto: manifestacoes.assunto })
        .from(manifestacoes)
        .where(and(isNotNull(manifestacoes.prazo), lte(manifestacoes.prazo, until), inArray(manifestacoes.situacao, [...EM_ABERTO])))
        .limit(5000);
      return rows.map((r) => ({ id: r.id, company_id: r.company_id, deadline: ymd(r.prazo), label: [r.protocolo, r.assunto].filter(Boolean).join(' — '), link: screenOf(manifestacoesDef, r.id) }));
    },
    roles: ['ouvidoria'],
    fallback: ['admin'],
  },
  ...(['pedidos_informacao', 'recursos_informacao'] as const).map((key): DeadlineSource => ({
    key,
    what: (d) => `${key === 'pedidos_informacao' ? 'o prazo de resposta do pedido de informação' : 'o prazo de decisão do recurso do pedido de informação'} ${d.label}`,
    async due(db, until) {
      const states: string[] = key === 'pedidos_informacao' ? [...PEDIDO_EM_ABERTO] : ['em_recurso'];
      const rows = await db.select({ id: pedidosInformacao.id, company_id: pedidosInformacao.company_id, prazo: pedidosInformacao.prazo, protocolo: pedidosInformacao.protocolo, assunto: pedidosInformacao.assunto })
        .from(pedidosInformacao)
        .where(and(isNotNull(pedidosInformacao.prazo), lte(pedidosInformacao.prazo, until), inArray(pedidosInformacao.situacao, states)))
        .limit(5000);
      return rows.map((r) => ({ id: r.id, company_id: r.company_id, deadline: ymd(r.prazo), label: [r.protocolo, r.assunto].filter(Boolean).join(' — '), link: screenOf(pedidosDef, r.id) }));
    },
    roles: key === 'pedidos_informacao' ? ['sic'] : ['admin'],
    fallback: ['admin'],
  })),
  {
    key: 'matters',
    what: (d) => `o prazo da matéria ${d.label}`,
    async due(db, until) {
      const rows = await db.select({ id: matters.id, company_id: matters.company_id, fim: matters.fimPrazo, identificacao: matters.identificacao })
        .from(matters)
        .where(and(isNotNull(matters.fimPrazo), lte(matters.fimPrazo, until), eq(matters.emTramitacao, true)))
        .limit(5000);
      return rows.map((r) => ({ id: r.id, company_id: r.company_id, deadline: ymd(r.fim), label: r.identificacao ?? `#${r.id}`, link: screenOf(mattersDef, r.id) }));
    },
    roles: ['cm_operador_materias'],
    fallback: ['cm_admin'],
  },
  {
    key: 'tramitations',
    what: (d) => `o prazo da tramitação da matéria ${d.label}`,
    async due(db, until) {
      // the latest step of each matter still in tramitação: an earlier step's deadline was overtaken by the next step
      const later = sql.raw(`exists (select 1 from tramitations t2 where t2.matter_id = tramitations.matter_id
        and (t2.data > tramitations.data or (t2.data = tramitations.data and t2.id > tramitations.id)))`);
      const rows = await db.select({ id: tramitations.id, company_id: tramitations.company_id, fim: tramitations.fimPrazo, matter_id: tramitations.matter_id, identificacao: matters.identificacao })
        .from(tramitations).innerJoin(matters, eq(matters.id, tramitations.matter_id))
        .where(and(isNotNull(tramitations.fimPrazo), lte(tramitations.fimPrazo, until), eq(matters.emTramitacao, true), sql`not ${later}`))
        .limit(5000);
      return rows.map((r) => ({ id: r.id, company_id: r.company_id, deadline: ymd(r.fim), label: r.identificacao ?? `#${r.matter_id}`, link: screenOf(mattersDef, r.matter_id) }));
    },
    roles: ['cm_operador_materias'],
    fallback: ['cm_admin'],
  },
];

const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

function reminder(src: DeadlineSource, d: Due, today: string): { kind: 'prazo_proximo' | 'prazo_vencido'; title: string; body: string } {
  const what = src.what(d);
  const date = formatDate(d.deadline);
  if (d.deadline < today) return { kind: 'prazo_vencido', title: `Prazo vencido: ${d.label}`, body: `Venceu em ${date} ${what}.` };
  const n = daysBetween(today, d.deadline);
  const when = n === 0 ? 'hoje' : n === 1 ? 'amanhã' : `em ${n} dias`;
  return { kind: 'prazo_proximo', title: `Prazo vence ${when}: ${d.label}`, body: `Vence ${when} (${date}) ${what}.` };
}

export interface DeadlineRun { records: number; notifications: number }

/**
 * One pass: every source's records due within DAYS_BEFORE days or overdue, each notified in a transaction of its
 * own (its reminders and nothing else), the open tabs told after each commit. `today` is São Paulo's.
 */
export async function runDeadlineReminders(s: Pick<Services, 'db' | 'config' | 'storage' | 'realtime' | 'jobs'>, today = todayInSaoPaulo(), log?: JobLog): Promise<DeadlineRun> {
  const until = addDays(today, DAYS_BEFORE);
  const out: DeadlineRun = { records: 0, notifications: 0 };
  const roleCache = new Map<string, readonly RoleName[]>();
  for (const src of SOURCES) {
    for (const d of await src.due(s.db, until)) {
      out.records++;
      const cacheKey = `${src.key}:${d.company_id}`;
      let roles = roleCache.get(cacheKey);
      if (!roles) {
        roles = (await recipientsOf(s.db, d.company_id, { roles: src.roles })).length ? src.roles : src.fallback;
        roleCache.set(cacheKey, roles);
      }
      const r = reminder(src, d, today);
      const later: (() => Promise<unknown>)[] = [];
      const sent = await s.db.transaction((tx) => notify(
        { ...s, db: tx as unknown as Db, auth: null, log, afterCommit: (fn) => { later.push(fn); } },
        { ...r, link: d.link, roles, companyId: d.company_id, once: `${r.kind}:${src.key}:${d.id}:${d.deadline}` },
      ));
      for (const fn of later) await fn().catch((e: unknown) => log?.warn({ err: e }, 'lembrete de prazo: falha ao avisar as abas abertas'));
      out.notifications += sent.length;
    }
  }
  return out;
}

/** The daily job (07:00, São Paulo). */
export function deadlineJob(s: Pick<Services, 'db' | 'config' | 'storage' | 'realtime' | 'jobs'>): JobDefinition {
  return {
    name: DEADLINE_JOB,
    cron: '0 7 * * *',
    retryLimit: 2,
    expireInSeconds: 600,
    async run(_data, job) {
      const r = await runDeadlineReminders(s, todayInSaoPaulo(), job.log);
      job.log.info({ ...r }, 'lembretes de prazo enviados');
    },
  };
}
