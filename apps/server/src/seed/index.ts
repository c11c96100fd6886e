/**
 * Seeding. Reference data (roles, permissions and their default links, the 27 UFs and every municipality)
 * is ensured on every start; demo data only on an empty database when SEED_DEMO is not false.
 */
import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_DESCRIPTIONS, PERMISSIONS, ROLE_DESCRIPTIONS, ROLES } from '@paco/domain/roles';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { cities, companies, institutions, liberations, permissions, roles, states, types, users } from '../db/schema.generated.ts';
import { SEED_TYPES } from '@paco/domain/resources/types';
import { permissionRole, roleUser } from '../db/schema.base.ts';
import { loadCities, loadStates } from '../geo/ibge.ts';
import { hashPassword } from '../auth/password.ts';
import { FileStorage } from '../storage/files.ts';
import { openDriver } from '../storage/open.ts';
import { crestPng } from './crest.ts';
import * as administrativo from '../modules/administrativo/seed.ts';
import * as legislativo from '../modules/legislativo/seed.ts';
import * as materias from '../modules/materias/seed.ts';
import * as conteudo from '../modules/conteudo/seed.ts';
import * as cultura from '../modules/cultura/seed.ts';
import * as plenario from '../modules/plenario/seed.ts';
import * as sic from '../modules/sic/seed.ts';
import { insertRows, updateRows } from '../engine/rows.ts';

export async function seedReference(db: Db): Promise<void> {
  await insertRows({ db }, roles, ROLES.map((name) => ({ name, description: ROLE_DESCRIPTIONS[name] })), { onConflict: 'nothing' });
  await insertRows({ db }, permissions, PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })), { onConflict: 'nothing' });
  const [{ n }] = await db.select({ n: count() }).from(permissionRole);
  if (n === 0) {
    const rs = await db.select({ id: roles.id, name: roles.name }).from(roles);
    const ps = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
    const links = rs.flatMap((r) => (DEFAULT_ROLE_PERMISSIONS[r.name as keyof typeof DEFAULT_ROLE_PERMISSIONS] ?? [])
      .map((p) => ({ role_id: r.id, permission_id: ps.find((x) => x.name === p)!.id })));
    if (links.length) await insertRows({ db }, permissionRole, links, { onConflict: 'nothing' });
  }
  const have = new Set((await db.select({ type: types.type, slug: types.slug }).from(types).where(isNull(types.company_id))).map((t) => `${t.type}/${t.slug}`));
  const missing = Object.entries(SEED_TYPES).flatMap(([type, list]) => list.filter(([slug]) => !have.has(`${type}/${slug}`)).map(([slug, label]) => ({ type, slug, label })));
  if (missing.length) await insertRows({ db }, types, missing);
  const [{ s }] = await db.select({ s: count() }).from(states);
  if (s < 27) await insertRows({ db }, states, loadStates().map((u) => ({ id: u.id, sigla: u.sigla, nome: u.nome, regiao: u.regiao })), { onConflict: 'nothing' });
  const all = loadCities();
  const [{ c }] = await db.select({ c: count() }).from(cities);
  if (c < all.length) {
    for (let i = 0; i < all.length; i += 1000) {
      await insertRows({ db }, cities, all.slice(i, i + 1000).map((m) => ({ id: m.id, nome: m.nome, state_id: m.state_id })), { onConflict: 'nothing' });
    }
  }
}

export const DEMO_PASSWORD = 'paco-demo';

export const DEMO_USERS = [
  { email: 'superadmin@paco.demo', name: 'Sofia Superadmin', company: 'camara', roles: ['superadmin'] },
  { email: 'admin@paco.demo', name: 'Antônio Administrador', company: 'camara', roles: ['admin'] },
  { email: 'operador@paco.demo', name: 'Otávio Operador', company: 'camara', roles: ['cm_admin', 'cm_operador_sessao', 'cm_operador_painel'] },
  { email: 'vereador@paco.demo', name: 'Vera Vereadora', company: 'camara', roles: ['cm_parlamentar'] },
  { email: 'admin.prefeitura@paco.demo', name: 'Paulo Administrador', company: 'prefeitura', roles: ['admin'] },
  { email: 'protocolo@paco.demo', name: 'Priscila Protocolo', company: 'prefeitura', roles: ['protocolo'] },
  { email: 'financas@paco.demo', name: 'Fábio Finanças', company: 'prefeitura', roles: ['protocolo'] },
  { email: 'cultura@paco.demo', name: 'Caio Cultura', company: 'prefeitura', roles: ['pm_cultura_admin'] },
  { email: 'ouvidoria@paco.demo', name: 'Olívia Ouvidora', company: 'prefeitura', roles: ['ouvidoria'] },
  { email: 'sic@paco.demo', name: 'Silvia Informação', company: 'prefeitura', roles: ['sic'] },
  // the E-SIC's 2nd appeal instance (autoridade máxima) of the Prefeitura
  { email: 'prefeito@paco.demo', name: 'Renato Prefeito', company: 'prefeitura', roles: ['admin'] },
] as const;

export async function seedDemo(db: Db, config: Config, storage: FileStorage): Promise<{ camara: number; prefeitura: number }> {
  const inst = await insertRows({ db }, institutions, [
    { name: 'Câmara Municipal', description: 'Poder Legislativo municipal' },
    { name: 'Prefeitura Municipal', description: 'Poder Executivo municipal' },
  ], { onConflict: 'nothing' });
  const instId = async (name: string) => inst.find((i) => i.name === name)?.id ?? (await db.select().from(institutions).where(eq(institutions.name, name)))[0].id;
  // Vila Serena is fictional; it is placed in Minas Gerais, in the real municipality list's first city of MG for a valid city_id.
  const [mg] = await db.select().from(states).where(eq(states.sigla, 'MG'));
  const [city] = mg ? await db.select().from(cities).where(eq(cities.state_id, mg.id)).limit(1) : [];
  const base = { state_id: mg?.id ?? null, city_id: city?.id ?? null, url: null };
  const [camara] = await insertRows({ db }, companies, { ...base, name: 'Câmara Municipal de Vila Serena', abreviacao: 'CMVS', cnpj: '11222333000181', institution_id: await instId('Câmara Municipal'), sobre: 'Casa legislativa do município de Vila Serena.' });
  const [prefeitura] = await insertRows({ db }, companies, { ...base, name: 'Prefeitura Municipal de Vila Serena', abreviacao: 'PMVS', autocadastro: true, cnpj: '12ABC34501DE35', institution_id: await instId('Prefeitura Municipal'), sobre: 'Poder executivo do município de Vila Serena.' });
  const byKey = { camara, prefeitura } as const;
  for (const [c, colors] of [[camara, ['#1565c0', '#ffffff']], [prefeitura, ['#2e7d32', '#ffffff']]] as const) {
    const file = await storage.save([c.id, 'companies', c.id, 'brasao'], crestPng(colors[0], colors[1]), 'brasao.png', 'image/png', true);
    await updateRows({ db }, companies, eq(companies.id, c.id), { brasao: file });
  }
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await insertRows({ db }, liberations, [{ company_id: camara.id, date_end: inAYear }, { company_id: prefeitura.id, date_end: inAYear }]);
  const hash = await hashPassword(DEMO_PASSWORD, config.scryptN);
  const allRoles = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, [...new Set(DEMO_USERS.flatMap((u) => u.roles))]));
  for (const u of DEMO_USERS) {
    const [row] = await insertRows({ db }, users, { name: u.name, email: u.email, password: hash, company_id: byKey[u.company].id });
    await insertRows({ db }, roleUser, u.roles.map((r) => ({ user_id: row.id, role_id: allRoles.find((x) => x.name === r)!.id })));
  }
  return { camara: camara.id, prefeitura: prefeitura.id };
}

/** Each area's demo records, in dependency order (people before those who refer to them); `storage` for their files. */
type AreaSeed = (db: Db, companies: { camara: number; prefeitura: number }, storage: FileStorage) => Promise<void>;
const AREA_SEEDS: AreaSeed[] = [administrativo.seedDemo, legislativo.seedDemo, materias.seedDemo, plenario.seedDemo, conteudo.seedDemo, cultura.seedDemo, sic.seedDemo];

/** Seeds under an advisory lock, so several processes starting together on one PostgreSQL seed once. */
export async function seedIfEmpty(db: Db, config: Config, log: FastifyBaseLogger, storage?: FileStorage): Promise<void> {
  const { appSecret } = await import('../app.ts');
  const files = storage ?? new FileStorage(await openDriver(config.storageUrl, { storageDir: config.storageDir, db }), await appSecret(db));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    await seedReference(tx as unknown as Db);
    const [{ n }] = await tx.select({ n: count() }).from(companies);
    if (n === 0 && config.seedDemo) {
      const ids = await seedDemo(tx as unknown as Db, config, files);
      for (const seed of AREA_SEEDS) await seed(tx as unknown as Db, ids, files);
      log.info('Dados de demonstração criados (senha paco-demo).');
    }
  });
}
