/** How records leave the server: timestamps as ISO, files as signed URLs, references with their display, secrets out. */
import type { ResourceDef } from '@paco/domain/resource';
import { refFields } from '@paco/domain/resource';
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

/** What serialize walks for a resource, worked out once: the shown fields by kind, and the references by table. */
/** shown fields in definition order, with how each is written: 0 as is, 1 timestamp to ISO, 2 file to its URL, 3 file list */
interface SerialPlan { fields: [string, 0 | 1 | 2 | 3][]; company: boolean; byTarget: [string, [string, RefField][]][] }
const plans = new WeakMap<ResourceDef, SerialPlan>();
function serialPlan(r: ResourceDef): SerialPlan {
  let p = plans.get(r);
  if (!p) {
    const shown = Object.entries(r.fields).filter(([, fl]) => !fl.writeOnly);
    const byTarget = new Map<string, [string, RefField][]>();
    for (const [k, fl] of refFields(r)) if (k.endsWith('_id')) byTarget.set(fl.to, [...(byTarget.get(fl.to) ?? []), [k, fl]]);
    p = {
      fields: shown.map(([k, fl]) => [k, fl.kind === 'datetime' ? 1 : fl.kind === 'file' ? (fl.multiple ? 3 : 2) : 0]),
      company: !!r.tenant && r.tenant.column === 'company_id',
      byTarget: [...byTarget],
    };
    plans.set(r, p);
  }
  return p;
}

/**
 * Public shape of rows: secrets out, files as signed URLs, references expanded, and the table's `decorate` hook
 * (found by the engine when `hooks` is undefined; `null`: none).
 */
export async function serialize(s: Pick<Services, 'db' | 'storage'>, r: ResourceDef, rows: Row[], auth: AuthContext | null, hooks?: ResourceHooks | null, many = true): Promise<Row[]> {
  if (hooks === undefined) hooks = hooksOf(r);
  const plan = serialPlan(r);
  const embeds = embedsOf(r);
  if (embeds.length) await loadEmbeds(s.db, r, rows);
  const out = rows.map((row) => {
    const o: Row = { id: row.id };
    if (plan.company) o.company_id = row.company_id;
    for (const [k, how] of plan.fields) {
      if (how === 0) o[k] = row[k] ?? null;
      else if (how === 1) o[k] = iso(row[k]);
      else if (how === 2) {
        const file = row[k] as StoredFile | null;
        o[k] = file ? { id: fileIdOf(file), url: s.storage.url(file), name: file.name, mime: file.mime, size: file.size } : null;
      } else {
        o[k] = storedFiles(row[k]).map((file) => ({ id: fileIdOf(file), url: s.storage.url(file), name: file.name, mime: file.mime, size: file.size }));
      }
    }
    o.created_at = iso(row.created_at);
    o.updated_at = iso(row.updated_at);
    if (r.softDelete) o.deleted_at = iso(row.deleted_at);
    for (const e of embeds) o[e.name] = row[e.name];
    return o;
  });
  // one query per referenced table, whatever the number of fields pointing at it (a matter has five types)
  await together(s.db, plan.byTarget.map(([to, fields]) => async () => {
    const ids = fields.flatMap(([k]) => out.map((o) => o[k])).filter((v): v is number => typeof v === 'number');
    const map = await loadRefs(s.db, to, ids, [...new Set(fields.map(([, fl]) => fl.display))]);
    for (const [k, fl] of fields) {
      const key = k.replace(/_id$/, '');
      for (const o of out) {
        const hit = typeof o[k] === 'number' ? map.get(o[k]) : undefined;
        o[key] = hit ? { id: hit.id, [displayKey(to, fl.display)]: hit[displayKey(to, fl.display)] } : null;
      }
    }
  }));
  await hooks?.decorate?.(out, { db: s.db, auth, many });
  return out;
}

