import { resources } from '@paco/domain/resources';
import { linkKeys, listSortable, pivotOf, sortColumn, sortKeyColumns, sortNullable, tableOf, type ResourceDef } from '@paco/domain/resource';
import type { Field } from '@paco/domain/fields';

const camel = (s: string): string => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const q = (s: string): string => JSON.stringify(s);

function column(name: string, fl: Field): string {
  let c: string;
  switch (fl.kind) {
    case 'int': c = `integer(${q(name)})`; break;
    case 'ref': c = `integer(${q(name)})`; break;
    case 'decimal': case 'money': c = `numeric(${q(name)}, { precision: 15, scale: 2, mode: 'number' })`; break;
    case 'bool': c = `boolean(${q(name)})`; break;
    case 'date': c = `date(${q(name)}, { mode: 'string' })`; break;
    case 'datetime': c = `timestamp(${q(name)}, { withTimezone: true, mode: 'string' })`; break;
    case 'time': c = `time(${q(name)})`; break;
    case 'file': case 'json': case 'multi': c = `jsonb(${q(name)})`; break;
    case 'password': case 'longtext': c = `text(${q(name)})`; break;
    case 'select': c = `varchar(${q(name)}, { length: 60 })`; break;
    default: {
      const max = 'max' in fl && fl.max ? fl.max : 255;
      c = max > 2048 ? `text(${q(name)})` : `varchar(${q(name)}, { length: ${max} })`;
    }
  }
  if (fl.required) c += '.notNull()';
  if (fl.kind === 'bool') c += `.default(${fl.default === true})${fl.required ? '' : '.notNull()'}`;
  if (fl.kind === 'ref') {
    const def = resources.find((x) => x.name === fl.to);
    // A target not defined yet (another area in progress) gets no foreign key; a test requires every target to exist.
    if (def) c += `.references((): AnyPgColumn => ${camel(tableOf(def))}.id, { onDelete: ${q(fl.onDelete ?? 'restrict')} })`;
    else console.warn(`aviso: referência a recurso inexistente "${fl.to}" (sem chave estrangeira)`);
  }
  return c;
}

function renderTable(r: ResourceDef): string {
  const t = tableOf(r);
  const v = camel(t);
  const cols: string[] = [`id: integer('id').primaryKey().generatedByDefaultAsIdentity()`];
  const idx: string[] = [];
  if (r.tenant && r.tenant.column === 'company_id' && !r.fields.company_id) {
    const nn = r.tenant.shared ? '' : '.notNull()';
    cols.push(`company_id: integer('company_id')${nn}.references((): AnyPgColumn => companies.id, { onDelete: 'cascade' })`);
  }
  for (const [name, fl] of Object.entries(r.fields)) cols.push(`${name}: ${column(name, fl)}`);
  cols.push(`created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow()`);
  cols.push(`updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow()`);
  if (r.softDelete) cols.push(`deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'string' })`);
  if (r.list.fts?.length) {
    const doc = r.list.fts.map((k) => `coalesce(${JSON.stringify(k).replace(/"/g, '\\"')}::text, '')`).join(" || ' ' || ");
    cols.push(`search_vector: tsvector('search_vector').generatedAlwaysAs(sql\`to_tsvector('simple', f_unaccent(${doc}))\`)`);
    idx.push(`index(${q(`${t}_search_idx`)}).using('gin', t.search_vector)`);
  }
  // a field sorted as an identification ("PL 9/2026" before "PL 10/2026"): its key, written by the database
  for (const [col, field] of sortKeyColumns(r)) cols.push(`${col}: text(${q(col)}).generatedAlwaysAs(sql\`f_identification_key(${q(field).replace(/"/g, '\\"')})\`)`);
  const tenantCol = r.tenant && r.tenant.column === 'company_id' ? 'company_id' : null;
  // rows of one company (shared reference tables read "no company or mine", which no index prefix serves)
  const prefix = tenantCol && !(r.tenant && r.tenant.shared) ? ['t.company_id'] : [];
  // (company, id): the company's rows, and the list sorted by id either way (id is never empty: one index, walked
  // forwards or backwards)
  if (tenantCol) idx.push(`index(${q(`${t}_company_idx`)}).on(${['t.company_id', ...(prefix.length ? ['t.id'] : [])].join(', ')})`);
  // the default sort (possibly several fields: '-ano,-numero') spelled as the engine's ORDER BY (engine/order.ts):
  // a descending field that may be empty is DESC NULLS LAST, one that may not is plain DESC; id last, the first
  // field's way
  const sorts = r.list.sort.split(',').map((x) => x.trim()).filter(Boolean)
    .map((x) => ({ col: x.replace(/^-/, ''), desc: x.startsWith('-') })).filter((x) => r.fields[x.col] || x.col === 'created_at' || x.col === 'updated_at');
  // (the column a sort reads: a field's own, or its identification key)
  const by = (col: string): string => `t.${sortColumn(r, col)}`;
  const spelled = (col: string, desc: boolean): string => `${by(col)}${desc ? (sortNullable(r, col) ? '.desc()' : '.desc().nullsFirst()') : ''}`;
  const sortCols = sorts.length && sorts[0].col !== 'id' ? [...sorts.map((x) => spelled(x.col, x.desc)), spelled('id', sorts[0].desc)] : [];
  for (const [name, fl] of Object.entries(r.fields)) {
    // the foreign key's own index (deletes on the referenced table use it) …
    if (fl.kind === 'ref' && name !== 'company_id') idx.push(`index(${q(`${t}_${name}_idx`)}).on(t.${name})`);
    // … and, in company tables, (company, filter, default sort…, id): a filtered list in its default order is a
    // walk of this index (no rows read to test the filter), and its count an index-only scan of the prefix
    if (tenantCol && name !== 'company_id' && (fl.kind === 'ref' || fl.kind === 'select' || fl.filter) && !fl.writeOnly) {
      const rest = sorts.some((x) => x.col === name) ? [] : sortCols;
      idx.push(`index(${q(`${t}_company_${name}_idx`)}).on(${['t.company_id', `t.${name}`, ...rest].join(', ')})`);
    }
    if (fl.unique) {
      const on = fl.unique === 'global' || !tenantCol ? `t.${name}` : `t.company_id, t.${name}`;
      const where = r.softDelete ? `.where(sql\`deleted_at is null\`)` : '';
      idx.push(`uniqueIndex(${q(`${t}_${name}_unique`)}).on(${on})${where}`);
    }
  }
  // every column the list screen sorts by (listSortable): (company, field, id) walked forwards for ascending and,
  // when the field is never empty, backwards for descending; a field that may be empty keeps its empty rows last
  // both ways, so it has a second, descending index (DESC NULLS LAST, id DESC)
  const screen = listSortable(r);
  for (const col of screen) {
    idx.push(`index(${q(`${t}_${col}_sort_idx`)}).on(${[...prefix, by(col), 't.id'].join(', ')})`);
    if (sortNullable(r, col)) idx.push(`index(${q(`${t}_${col}_desc_idx`)}).on(${[...prefix, spelled(col, true), spelled('id', true)].join(', ')})`);
  }
  // (company, filter, sort, id) for the filters the definition walks in every order (list.sortedFilters); the default
  // order has the filter's own index above
  for (const f of r.list.sortedFilters ?? []) {
    idx.push(`index(${q(`${t}_${f}_id_sort_idx`)}).on(${[...prefix, `t.${f}`, 't.id'].join(', ')})`);
    for (const col of screen) {
      // the filter's own index walks its default order (and, for a field never empty, the reverse)
      const byDefault = sorts.length === 1 && sorts[0].col === col;
      if (col === f) continue;
      const nullable = sortNullable(r, col);
      if (!(byDefault && (!nullable || !sorts[0].desc))) idx.push(`index(${q(`${t}_${f}_${col}_sort_idx`)}).on(${[...prefix, `t.${f}`, by(col), 't.id'].join(', ')})`);
      if (nullable && !(byDefault && sorts[0].desc)) idx.push(`index(${q(`${t}_${f}_${col}_desc_idx`)}).on(${[...prefix, `t.${f}`, spelled(col, true), spelled('id', true)].join(', ')})`);
    }
  }
  // the default sort when no index above serves it (several fields, or one that is not a screen sort)
  if (sortCols.length && !(sorts.length === 1 && screen.includes(sorts[0].col))) {
    idx.push(`index(${q(`${t}_${sorts.map((x) => x.col).join('_')}_sort_idx`)}).on(${[...prefix, ...sortCols].join(', ')})`);
  }
  const extra = idx.length ? `, (t) => [\n  ${idx.join(',\n  ')},\n]` : '';
  return `export const ${v} = pgTable(${q(t)}, {\n  ${cols.join(',\n  ')},\n}${extra});\n`;
}

/** Pivot tables of many-to-many links (owner_id, target_id). */
function renderPivots(r: ResourceDef): string {
  return Object.entries(r.links ?? {}).map(([name, l]) => {
    const t = pivotOf(r, name);
    const owner = camel(tableOf(r));
    const target = camel(tableOf(resources.find((x) => x.name === l.target)!));
    const { ownerKey: a, targetKey: b } = linkKeys(r, resources.find((x) => x.name === l.target)!);
    return `export const ${camel(t)} = pgTable(${q(t)}, {
  ${a}: integer(${q(a)}).notNull().references((): AnyPgColumn => ${owner}.id, { onDelete: 'cascade' }),
  ${b}: integer(${q(b)}).notNull().references((): AnyPgColumn => ${target}.id, { onDelete: 'cascade' }),${l.ordered ? `\n  ordem: serial("ordem").notNull(),` : ''}
}, (t) => [
  primaryKey({ columns: [t.${a}, t.${b}] }),
  index(${q(`${t}_${b}_idx`)}).on(t.${b}),
]);
`;
  }).join('\n');
}

export function renderSchema(): string {
  const seen = new Set<string>();
  const owners = resources.filter((r) => {
    const t = tableOf(r);
    if (seen.has(t)) return false;
    seen.add(t);
    return true;
  });
  const body = owners.map(renderTable).join('\n') + owners.map(renderPivots).filter(Boolean).map((x) => `\n${x}`).join('');
  const map = owners.map((r) => `  ${q(tableOf(r))}: ${camel(tableOf(r))},`).join('\n');
  const used = ['pgTable', 'integer', 'varchar', 'text', 'boolean', 'date', 'timestamp', 'time', 'numeric', 'jsonb', 'serial', 'index', 'uniqueIndex', 'primaryKey']
    .filter((fn) => fn === 'pgTable' || new RegExp(`(?<![.\\w])${fn}\\(`).test(body));
  const usesTsv = body.includes('tsvector(');
  const usesSql = body.includes('sql`');
  return `// GENERATED by apps/server/scripts/generate-schema.ts from the resource definitions in @paco/domain.
// Do not edit by hand: change the definition and run \`npm run db:generate\`.
${usesSql ? "import { sql } from 'drizzle-orm';\n" : ''}import { ${used.join(', ')}${usesTsv ? ', customType' : ''}, type AnyPgColumn } from 'drizzle-orm/pg-core';
${usesTsv ? "\n/** PostgreSQL full-text vector (generated column; never written by the app). */\nconst tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });\n" : ''}
${body}
export const resourceTables = {
${map}
} as const;
`;
}
