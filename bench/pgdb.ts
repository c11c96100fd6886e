/** A throwaway PostgreSQL database `paco_bench_<random>` on the server of `adminUrl` (the role needs CREATEDB), dropped at the end. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function withThrowawayDb<T>(adminUrl: string, fn: (url: string) => Promise<T>, log: (s: string) => void = () => undefined): Promise<T> {
  const name = `paco_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const drop = async () => {
    if (process.env.BENCH_KEEP_DB) { log(`  banco mantido (BENCH_KEEP_DB): ${name}`); return; }
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`).catch((e) => console.error(`não foi possível apagar ${name}: ${e.message}`));
    await c.end();
  };
  const onSignal = () => { void drop().finally(() => process.exit(130)); };
  process.once('SIGINT', onSignal);
  try {
    return await fn(u.toString());
  } finally {
    process.off('SIGINT', onSignal);
    await drop();
  }
}
