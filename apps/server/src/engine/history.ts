/**
 * A record's history (issue 11 §3): `GET /api/{resource}/{id}/audit`, registered for every audited resource that
 * has a show and an update route. It answers the record's audit rows (engine/audit.ts), newest first and paged: who,
 * when, what was done and, field by field with the fields' pt-BR labels, what changed (values shown as the screens
 * show them: a reference by its name, a choice by its label, a date as dd/mm/aaaa).
 *
 * Who may read it: who may update the record (its update rule), and only a record they can see — it is loaded with
 * the show route's findOne, so a record another company's, or out of the user's scope, is a 404 here as there.
 * The audit rows are those of the user's company (the superadmin's: all), so nobody learns who works elsewhere.
 * The IP of each change is personal data (LGPD): it is in the answer only for who may read the audit log itself
 * (Configurações › Registros de atividade, `logs` read rule); for the others `meta.ip` is false and it is absent.
 * Secrets never appear: write-only fields (password hashes, tokens, a manifestante's identity) are listed as
 * changed without their values.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Field } from '@paco/domain/fields';
import { formatBool, formatDate, formatDateTime, formatMoney, formatTime } from '@paco/domain/format';
import { formatCep, formatCnpj, formatPhone, maskCpf } from '@paco/domain/br';
import { ruleFor, tableOf, type ResourceDef } from '@paco/domain/resource';
import { resourceByName, resources } from '@paco/domain/resources';
import { logs as logsDef } from '@paco/domain/resources/admin';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { logs, users } from '../db/schema.generated.ts';
import type { Row, Services } from './context.ts';
import { authorize, satisfies } from './policy.ts';
import { displayKey, findOne, loadRefs } from './query.ts';
import { iso, notFoundOf, parseId } from './serialize.ts';

const query = z.object({
  page: z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').min(1, 'Página inválida.').max(100_000, 'Página inválida.').optional(),
  perPage: z.coerce.number({ error: 'Quantidade por página inválida.' }).int('Quantidade por página inválida.').min(1, 'Quantidade por página inválida.').max(50, 'No máximo 50 por página.').optional(),
});

const ACTIONS: Record<string, string> = {
  create: 'Criação', update: 'Alteração', delete: 'Exclusão', restore: 'Restauração', upload: 'Envio de arquivo',
  vincula: 'Vínculo', desvincula: 'Desvínculo', remove_file: 'Remoção de arquivo',
};

/** Names that smell of a secret: their values are never shown, whatever wrote them. */
const SECRET = /pass|senha|token|secret|segredo|hash|codigo_?acesso|codigoAcesso/i;
const MAX_TEXT = 500;

export interface HistoryChange {
  field: string;
  label: string;
  /** the values as text (null: empty); absent when `hidden` */
  from?: string | null;
  to?: string | null;
  /** a secret or restricted field: changed, values not shown */
  hidden?: true;
}

/** The path of the history of a resource's records, or null when it has none. */
export function historyRule(r: ResourceDef): ReturnType<typeof ruleFor> | null {
  const routes = { show: true, update: true, ...r.routes };
  if (!r.audit || !routes.show || !routes.update) return null;
  const rule = ruleFor(r, 'update');
  return rule === 'nobody' ? null : rule;
}

const cut = (s: string): string => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

/** A plain value as the screens show it (references are resolved by the caller). */
function text(fl: Field | undefined, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (Array.isArray(v)) return v.map((x) => text(fl, x)).filter(Boolean).join(', ') || null;
  if (typeof v === 'object') {
    const o = v as Row;
    if (typeof o.name === 'string') return o.name; // an uploaded file
    return cut(JSON.stringify(v));
  }
  const s = String(v);
  switch (fl?.kind) {
    case 'date': return formatDate(s);
    case 'datetime': return formatDateTime(s);
    case 'time': return formatTime(s);
    case 'money': return formatMoney(s);
    case 'bool': return formatBool(v === true || s === 'true' || s === '1');
    case 'select': return fl.options.find((o) => o.value === s)?.label ?? s;
    // LGPD: a history is no place that needs the whole CPF
    case 'cpf': return maskCpf(s);
    case 'cnpj': return formatCnpj(s);
    case 'cep': return formatCep(s);
    case 'phone': return formatPhone(s);
    default: return typeof v === 'boolean' ? formatBool(v) : cut(s);
  }
}

const isDePara = (v: unknown): v is { de: unknown; para: unknown } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'de' in v && 'para' in v && Object.keys(v).length === 2;

/** The resource whose records a key's ids name: a reference field's target, or a link's. */
function targetOf(r: ResourceDef, key: string): { name: string; display?: string } | null {
  const fl = r.fields[key];
  if (fl?.kind === 'ref') return { name: fl.to, display: fl.display };
  const l = r.links?.[key];
  return l ? { name: l.target } : null;
}

function labelOf(r: ResourceDef, key: string): string {
  const fl = r.fields[key];
  if (fl) return fl.label;
  const l = r.links?.[key];
  if (l) return resourceByName.get(l.target)?.label.many ?? key;
  const other = resources.find((x) => x.fields[key])?.fields[key];
  return other?.label ?? key.replace(/_id$/, '').replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** One audit row's changes, field by field, values as text (references by their names). */
async function changesOf(db: Db, r: ResourceDef, action: string, changes: unknown): Promise<HistoryChange[]> {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  // in the order of the definition's fields (the form's), other keys after
  const order = Object.keys(r.fields);
  const rank = (k: string): number => (order.includes(k) ? order.indexOf(k) : order.length);
  const entries = Object.entries(changes as Row).sort(([a], [b]) => rank(a) - rank(b)).map(([key, v]) => {
    const fl = r.fields[key];
    const hidden = !!fl?.writeOnly || !!fl?.personal || fl?.kind === 'password' || SECRET.test(key) || v === '***';
    const pair = isDePara(v) ? v : { de: undefined, para: v };
    return { key, fl, hidden, from: pair.de, to: pair.para, plain: !isDePara(v) && action !== 'create' };
  });
  // the names of referenced records, one query per target
  const wanted = new Map<string, { display?: string; ids: Set<number> }>();
  for (const e of entries) {
    const t = e.hidden ? null : targetOf(r, e.key);
    if (!t) continue;
    const w = wanted.get(t.name) ?? { display: t.display, ids: new Set<number>() };
    for (const v of [e.from, e.to].flat()) if (typeof v === 'number' && Number.isInteger(v)) w.ids.add(v);
    wanted.set(t.name, w);
  }
  const names = new Map<string, Map<number, string>>();
  for (const [name, w] of wanted) {
    const rows = await loadRefs(db, name, [...w.ids], [w.display]);
    const k = displayKey(name, w.display);
    names.set(name, new Map([...rows].map(([id, row]) => [id, String(row[k] ?? `#${id}`)])));
  }
  return entries.map((e) => {
    const label = labelOf(r, e.key);
    if (e.hidden) return { field: e.key, label, hidden: true as const };
    const t = targetOf(r, e.key);
    const show = (v: unknown): string | null => {
      if (t && (typeof v === 'number' || Array.isArray(v))) {
        const map = names.get(t.name);
        const list = [v].flat().filter((x) => x !== null && x !== undefined).map((x) => map?.get(x as number) ?? `#${String(x)}`);
        return list.length ? list.join(', ') : null;
      }
      return text(e.fl, v);
    };
    // a plain value of a non-create row (a link's ids, an action's note): what it became
    return { field: e.key, label, from: e.plain || e.from === undefined ? null : show(e.from), to: show(e.to) };
  });
}

/** Registers GET /api/{path}/:id/audit for a resource with a history (historyRule). */
export function registerHistory(app: FastifyInstance, s: Services, r: ResourceDef): void {
  const rule = historyRule(r);
  if (!rule) return;
  const names = resources.filter((x) => tableOf(x) === tableOf(r)).map((x) => x.name);
  app.get(`/api/${r.path}/:id/audit`, {
    config: { rule, permission: r.permission },
    schema: { tags: [r.label.many], summary: `Histórico de alterações (auditoria) de ${r.label.one.toLowerCase()}: quem, quando, o quê, campo a campo`, params: z.object({ id: z.string().max(12) }), querystring: query },
  }, async (req) => {
    const auth = authorize(req, rule) as AuthContext;
    const id = parseId((req.params as { id: string }).id);
    // the same read as the show route: a record the user cannot see is not found here either
    const row = id ? await findOne(s.db, r, auth, id) : null;
    if (!row) throw notFoundOf(r);
    const q = req.query as z.infer<typeof query>;
    const page = q.page ?? 1;
    const perPage = q.perPage ?? 10;
    const where = and(inArray(logs.resource, names), eq(logs.record_id, row.id as number), ...(auth.isSuperadmin ? [] : [eq(logs.company_id, auth.companyId)]));
    const [rows, [{ total }]] = await Promise.all([
      s.db.select({ id: logs.id, at: logs.created_at, action: logs.action, description: logs.actionDescription, ip: logs.ip, changes: logs.changes, user_id: logs.user_id, user_name: users.name })
        .from(logs).leftJoin(users, eq(users.id, logs.user_id)).where(where)
        .orderBy(desc(logs.created_at), desc(logs.id)).limit(perPage).offset((page - 1) * perPage),
      s.db.select({ total: sql<number>`count(*)::int` }).from(logs).where(where),
    ]);
    const withIp = satisfies(auth, ruleFor(logsDef, 'read'));
    const data = [];
    for (const x of rows) {
      const action = x.action ?? '';
      data.push({
        id: x.id, at: iso(x.at), action, actionLabel: ACTIONS[action] ?? (action ? action.charAt(0).toUpperCase() + action.slice(1) : 'Alteração'),
        description: x.description ?? null,
        user: x.user_id ? { id: x.user_id, name: x.user_name ?? `#${x.user_id}` } : null,
        ...(withIp ? { ip: x.ip ?? null } : {}),
        changes: await changesOf(s.db, r, action, x.changes),
      });
    }
    return { data, meta: { page, perPage, total: Number(total), ip: withIp } };
  });
}
