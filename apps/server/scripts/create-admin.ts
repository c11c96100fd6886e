/**
 * npm run admin:create -- --email pessoa@exemplo.gov.br --name "Nome" --company "Câmara Municipal de …"
 * Creates the first superadmin (and its entity, with a one-year licence) on the database of DATABASE_URL / DATA_DIR.
 * The password comes from PACO_ADMIN_PASSWORD (never from the command line, which shells keep in their history);
 * without it one is generated and printed once.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { openDatabase, runMigrations } from '../src/db/client.ts';
import { seedReference } from '../src/seed/index.ts';
import { createFirstAdmin } from '../src/seed/first-admin.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, company: { type: 'string' } } });
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  await seedReference(database.db);
  const r = await createFirstAdmin(database.db, {
    email: values.email ?? '', name: values.name ?? '', company: values.company ?? '', password: process.env.PACO_ADMIN_PASSWORD || undefined,
  }, config.scryptN);
  console.info(`Superadmin criado (usuário #${r.userId}, entidade #${r.companyId}).`);
  if (r.generated) console.info(`Senha gerada (anote-a agora; troque-a em "Gerenciar Perfil"): ${r.password}`);
} catch (e) {
  console.error(`Não foi possível criar o superadmin: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
