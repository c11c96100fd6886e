/** How records leave the server: timestamps as ISO, files as signed URLs, references with their display, secrets out. */
import type { ResourceDef } from '@paco/domain/resource';
import { refFields } from '@paco/domain/resource';
import { maskCpf } from '@paco/domain/br';
import type { RefField } from '@paco/domain/fields';
import type { AuthContext } from '../auth/session.ts';
import { notFound, type HttpError } from '../http/errors.ts';
import { fileIdOf, storedFiles, type StoredFile } from '../storage/files.ts';
import { hooksOf } from './behaviour.ts';
import type { ResourceHooks, Row, Services } from './context.ts';
import { displayKey, embedsOf, loadEmbeds, loadRefs } from './query.ts';
import { together } from './concurrency.ts';

export function parseId(raw: unknown): number | null {
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

export const notFoundOf = (r: ResourceDef): HttpError => notFound(r.label.one, r.label.gender);

/** PostgreSQL timestamptz text ('2026-11-21 14:09:46.264+00') → ISO 8601. */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;
export function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  // the common case (a UTC session) without a Date: '2026-11-21 14:09:46.264+00' → '2026-11-21T14:09:46.264Z'
  const m = typeof v === 'string' ? UTC_TEXT.exec(v) : null;
  if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const d = v instanceof Date ? v : new Date(String(v).replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/**
 * What serialize writes for a resource, worked out once per resource and kept-field set (`?fields=`; null: the whole
 * record): the shown fields in definition order with how each is written (0 as is, 1 timestamp to ISO, 2 file to its
 * URL, 3 file list, 4 a CPF: masked in a list, LGPD), the timestamps, the embedded lists, and the references to expand by table. A trimmed answer
 * builds only its own keys (a page of matters with `fields=list`: 7 of 30).
 */
interface SerialPlan { fields: [string, 0 | 1 | 2 | 3 | 4][]; company: boolean; stamps: string[]; embeds: string[]; byTarget: [string, [string, RefField][]][] }
const plans = new WeakMap<ResourceDef, { all?: SerialPlan; by: WeakMap<ReadonlySet<string>, SerialPlan> }>();
function serialPlan(r: ResourceDef, keep: ReadonlySet<string> | null): SerialPlan {
  let entry = plans.get(r);
  if (!entry) plans.set(r, (entry = { by: new WeakMap() }));
  const hit = keep ? entry.by.get(keep) : entry.all;
  if (hit) return hit;
  const kept = (k: string): boolean => !keep || keep.has(k);
  const shown = Object.entries(r.fields).filter(([k, fl]) => !fl.writeOnly && kept(k));
  const byTarget = new Map<string, [string, RefField][]>();
  for (const [k, fl] of refFields(r)) if (k.endsWith('_id') && kept(k.slice(0, -3))) byTarget.set(fl.to, [...(byTarget.get(fl.to) ?? []), [k, fl]]);
  const p: SerialPlan = {
    fields: shown.map(([k, fl]) => [k, fl.kind === 'datetime' ? 1 : fl.kind === 'file' ? (fl.multiple ? 3 : 2) : fl.kind === 'cpf' ? 4 : 0]),
    company: !!r.tenant && r.tenant.column === 'company_id' && kept('company_id'),
    stamps: ['created_at', 'updated_at', ...(r.softDelete ? ['deleted_at'] : [])].filter(kept),
    embeds: embedsOf(r).map((e) => e.name).filter(kept),
    byTarget: [...byTarget],
  };
  if (keep) entry.by.set(keep, p);
  else entry.all = p;
  return p;
}

/**
 * One record as its own show answers it (the CPF in full, the table's `decorate` hook), in the `{ data }` an action
 * answers with, and the action's message when it has one.
 */
export async function recordAnswer(
  s: Pick<Services, 'db' | 'storage'> & { auth: AuthContext | null }, r: ResourceDef, row: Row, message?: string,
): Promise<{ data: Row; message?: string }> {
  return { data: (await serialize(s, r, [row], s.auth, undefined, false))[0], ...(message ? { message } : {}) };
}

/**
 * Public shape of rows: secrets out, files as signed URLs, references expanded, and the table's `decorate` hook
 * (found by the engine when `hooks` is undefined; `null`: none).
 */
export async function serialize(
  s: Pick<Services, 'db' | 'storage'>, r: ResourceDef, rows: Row[], auth: AuthContext | null, hooks?: ResourceHooks | null, many = true,
  fields: ReadonlySet<string> | null = null, show = false,
): Promise<Row[]> {
  if (hooks === undefined) hooks = hooksOf(r);
  const plan = serialPlan(r, fields);
  if (plan.embeds.length) await loadEmbeds(s.db, r, rows);
  const out = rows.map((row) => {
    const o: Row = { id: row.id };
    if (plan.company) o.company_id = row.company_id;
    for (const [k, how] of plan.fields) {
      if (how === 0) o[k] = row[k] ?? null;
      else if (how === 1) o[k] = iso(row[k]);
      // LGPD: a list (a page, a sub-list, an export) shows a CPF as ***.456.789-**, the record's own answer in full
      else if (how === 4) o[k] = many && typeof row[k] === 'string' ? maskCpf(row[k]) : (row[k] ?? null);
      else if (how === 2) {
        const file = row[k] as StoredFile | null;
        o[k] = file ? { id: fileIdOf(file), url: s.storage.url(file), name: file.name, mime: file.mime, size: file.size } : null;
      } else {
        o[k] = storedFiles(row[k]).map((file) => ({ id: fileIdOf(file), url: s.storage.url(file), name: file.name, mime: file.mime, size: file.size }));
      }
    }
    for (const k of plan.stamps) o[k] = iso(row[k]);
    for (const e of plan.embeds) o[e] = row[e];
    return o;
  });
  // one query per referenced table, whatever the number of fields pointing at it (a matter has five types); the ids
  // come from the rows, so a reference is expanded even when its id is not among the kept keys
  await together(s.db, plan.byTarget.map(([to, refs]) => async () => {
    const ids = refs.flatMap(([k]) => rows.map((row) => row[k])).filter((v): v is number => typeof v === 'number');
    const map = await loadRefs(s.db, to, ids, [...new Set(refs.map(([, fl]) => fl.display))]);
    for (const [k, fl] of refs) {
      const key = k.replace(/_id$/, '');
      out.forEach((o, i) => {
        const id = rows[i]![k];
        const hit = typeof id === 'number' ? map.get(id) : undefined;
        o[key] = hit ? { id: hit.id, [displayKey(to, fl.display)]: hit[displayKey(to, fl.display)] } : null;
      });
    }
  }));
  await hooks?.decorate?.(out, { db: s.db, auth, many, show });
  return out;
}
