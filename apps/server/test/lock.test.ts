/**
 * One process per embedded data folder (db/lock.ts, decision 0010): the lock file itself, then real servers
 * started twice on one DATA_DIR, a stale lock left by a killed server, and WORKERS > 1 without PostgreSQL.
 * PGlite only: the PostgreSQL project skips this file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../src/db/lock.ts';
import { usingPostgres } from './helpers.ts';

const root = new URL('../../../', import.meta.url).pathname;
const main = join(root, 'apps/server/src/main.ts');

/** the pid of a process that has already ended */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '0']);
  return r.pid!;
}

const lockJson = (pid: number, host = hostname(), startedAt = new Date().toISOString()): string => `${JSON.stringify({ pid, hostname: host, startedAt })}\n`;

describe.skipIf(usingPostgres())('data folder lock', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'paco-lock-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const fresh = (): string => join(dir, `d${++n}`);

  it('holds pid, host and start time, refuses a second holder and is removed on release', () => {
    const d = fresh();
    const lock = lockDataDir(d);
    const file = join(d, LOCK_FILE);
    const owner = JSON.parse(readFileSync(file, 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname(), startedAt: expect.any(String) });
    if (process.platform === 'linux') expect(owner).toEqual({ ...owner, bootId: expect.any(String), startTicks: expect.any(Number) });
    expect(Date.now() - Date.parse(owner.startedAt)).toBeLessThan(60_000);
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    lockDataDir(d).release();
  });

  it('refuses a folder whose lock names a live process, with a pt-BR message saying what to do', () => {
    const d = fresh();
    lockDataDir(d).release();
    const other = lockJson(process.ppid);
    writeFileSync(join(d, LOCK_FILE), other);
    let error: unknown;
    try { lockDataDir(d); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(`já está em uso pelo processo ${process.ppid}`);
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain(join(d, LOCK_FILE));
    // untouched
    expect(readFileSync(join(d, LOCK_FILE), 'utf8')).toBe(other);
  });

  it('takes over a stale lock (dead pid, or a pid reused by a younger process) with a warning', () => {
    const d = fresh();
    lockDataDir(d).release();
    const file = join(d, LOCK_FILE);
    const warnings: string[] = [];
    const dead = deadPid();
    writeFileSync(file, lockJson(dead));
    const lock = lockDataDir(d, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`o processo ${dead}`);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();

    if (process.platform === 'linux') {
      // the pid is alive, but it is not the process that wrote the lock: it started at another moment, or the
      // lock is from before a reboot (a reused pid), so stale
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      const parent = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
      const ticks = Number(parent.slice(parent.lastIndexOf(')') + 2).split(' ')[19]);
      const withProc = (extra: object) => `${JSON.stringify({ ...JSON.parse(lockJson(process.ppid)), ...extra })}\n`;
      for (const extra of [{ bootId: boot, startTicks: ticks + 1 }, { bootId: 'outro-boot', startTicks: ticks }]) {
        writeFileSync(file, withProc(extra));
        lockDataDir(d, (m) => warnings.push(m)).release();
      }
      expect(warnings).toHaveLength(3);
      // the same pid, boot and start: the owner itself, alive
      writeFileSync(file, withProc({ bootId: boot, startTicks: ticks }));
      expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    }
  });

  it('never takes over the lock of another host, nor an unreadable lock', () => {
    const d = fresh();
    lockDataDir(d).release();
    const file = join(d, LOCK_FILE);
    writeFileSync(file, lockJson(deadPid(), 'outra-maquina'));
    expect(() => lockDataDir(d)).toThrow(/da máquina "outra-maquina"/);
    writeFileSync(file, 'lixo');
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    expect(readFileSync(file, 'utf8')).toBe('lixo');
  });

  describe('servers', () => {
    const children: ChildProcess[] = [];
    afterEach(() => {
      for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    });

    async function freePort(): Promise<number> {
      return new Promise((resolve, reject) => {
        const s = createServer();
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => {
          const { port } = s.address() as { port: number };
          s.close(() => resolve(port));
        });
      });
    }

    interface Run { child: ChildProcess; out: () => string; exited: Promise<number | null> }
    function start(env: Record<string, string>): Run {
      const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env };
      delete childEnv.DATABASE_URL;
      delete childEnv.WEB_DIR;
      delete childEnv.STORAGE_DIR;
      if (!env.WORKERS) delete childEnv.WORKERS;
      const child = spawn(process.execPath, ['--import', 'tsx', main], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let out = '';
      child.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
      child.stderr!.on('data', (b: Buffer) => { out += b.toString(); });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { child, out: () => out, exited };
    }

    async function healthy(port: number, run: Run, timeoutMs = 60_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (run.child.exitCode !== null) throw new Error(`o servidor saiu (${run.child.exitCode}): ${run.out()}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          if (res.ok) return;
        } catch { /* not yet */ }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`o servidor não respondeu: ${run.out()}`);
    }

    it('a second server on the same DATA_DIR refuses to start while the first keeps serving; a killed one leaves a lock the next start takes over', async () => {
      const d = fresh();
      const [p1, p2, p3] = [await freePort(), await freePort(), await freePort()];
      const first = start({ DATA_DIR: d, PORT: String(p1) });
      await healthy(p1, first);
      expect(JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8')).pid).toBe(first.child.pid);

      const second = start({ DATA_DIR: d, PORT: String(p2) });
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.out()).toContain('O Paço não foi iniciado.');
      expect(second.out()).toContain(`já está em uso pelo processo ${first.child.pid}`);
      // the second never listened, and the first still answers
      await expect(fetch(`http://127.0.0.1:${p2}/api/health`)).rejects.toThrow();
      expect((await fetch(`http://127.0.0.1:${p1}/api/health`)).status).toBe(200);

      // killed without a chance to clean up: the lock stays, naming a dead process
      first.child.kill('SIGKILL');
      await first.exited;
      expect(existsSync(join(d, LOCK_FILE))).toBe(true);
      const third = start({ DATA_DIR: d, PORT: String(p3) });
      await healthy(p3, third);
      expect(third.out()).toContain(`Trava antiga da pasta de dados removida: o processo ${first.child.pid}`);
      expect(JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8')).pid).toBe(third.child.pid);

      // a clean shutdown removes the lock
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
      expect(existsSync(join(d, LOCK_FILE))).toBe(false);
    }, 120_000);

    it('WORKERS=2 without DATABASE_URL refuses to start', async () => {
      const d = fresh();
      const run = start({ DATA_DIR: d, PORT: String(await freePort()), WORKERS: '2' });
      expect(await run.exited).toBe(1);
      expect(run.out()).toContain('WORKERS=2 não é possível com o banco embutido (PGlite)');
      expect(run.out()).toContain('DATABASE_URL');
      // refused before the database was opened
      expect(existsSync(join(d, LOCK_FILE))).toBe(false);
    }, 30_000);
  });
});
