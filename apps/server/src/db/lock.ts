/**
 * The embedded database's data folder belongs to one process at a time (decision 0010).
 *
 * PGlite has no lock of its own: a second process opening the same folder starts, answers writes with 201 and
 * then loses them (each process writes over the other's files). So before PGlite opens `DATA_DIR`, the server
 * creates `DATA_DIR/paco.lock` atomically, holding the owner's pid, host name and start time:
 * - the lock is written to a private file first and then hard-linked into place (`link` fails when the name
 *   exists), so nobody ever reads a half-written lock; where hard links are not supported, `open(O_EXCL)`;
 * - a lock whose process no longer runs on this host is stale: `kill(pid, 0)` → ESRCH, or the pid is ours (a
 *   restarted container), or (Linux) the lock is from another boot or the pid's process started at another moment
 *   than the owner did (a reused pid). It is taken over, with a warning;
 * - a lock of another host (a folder on a shared disk) is never guessed to be stale;
 * - the lock is removed when the database closes and, failing that, when the process exits (not on SIGKILL: the
 *   next start then finds it stale).
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'paco.lock';

/** lock files this process holds now (a second open of the same folder in one process is refused too) */
const held = new Set<string>();

export interface LockOwner {
  pid: number;
  hostname: string;
  /** ISO time the lock was taken */
  startedAt: string;
  /** Linux: the boot the owner runs in, and its start in clock ticks after boot (tells a reused pid apart) */
  bootId?: string;
  startTicks?: number;
}

/** The data folder is held by another live process (or by one on another host). */
export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly lockFile: string, readonly owner: LockOwner | null) {
    super(lockedMessage(dataDir, lockFile, owner));
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  file: string;
  owner: LockOwner;
  /** removes the lock file if it is still ours (idempotent, synchronous: safe in an 'exit' handler) */
  release(): void;
}

const when = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'hora desconhecida';
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' }).format(d);
};

function lockedMessage(dataDir: string, file: string, owner: LockOwner | null): string {
  const who = owner
    ? owner.hostname === hostname()
      ? `pelo processo ${owner.pid} desde ${when(owner.startedAt)}`
      : `pelo processo ${owner.pid} da máquina "${owner.hostname}" desde ${when(owner.startedAt)}`
    : 'por outro processo';
  return [
    `A pasta de dados ${dataDir} já está em uso ${who}.`,
    'O banco embutido (PGlite) só pode ser aberto por um processo de cada vez: dois servidores na mesma pasta perdem dados.',
    'Encerre o outro servidor, ou use outra pasta (DATA_DIR), ou use um PostgreSQL (DATABASE_URL) para vários processos.',
    `Se tiver certeza de que nenhum processo usa essa pasta, apague o arquivo ${file} e inicie de novo.`,
  ].join('\n');
}

function parse(text: string): LockOwner | null {
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    if (typeof o.pid === 'number' && Number.isInteger(o.pid) && o.pid > 0 && typeof o.hostname === 'string' && typeof o.startedAt === 'string') {
      return {
        pid: o.pid, hostname: o.hostname, startedAt: o.startedAt,
        ...(typeof o.bootId === 'string' ? { bootId: o.bootId } : {}),
        ...(typeof o.startTicks === 'number' ? { startTicks: o.startTicks } : {}),
      };
    }
  } catch { /* not JSON */ }
  return null;
}

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
};

/** Linux: when the process `pid` started, in clock ticks after boot (immune to changes of the wall clock); else null. */
function processStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // field 22 (starttime), counted after the command name, which may hold spaces and parentheses
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isSafeInteger(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

/** Linux: this boot's id (a reboot makes every pid of an older lock someone else's); else null. */
function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Is the owner of this lock (on this host) still running? */
export function ownerAlive(owner: LockOwner): boolean {
  // a restarted container gives the server the same pid as before (often 1): a lock naming us is not ours yet
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to another user
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  // the pid runs, but is it the owner? Not after a reboot, nor if the process with that pid started at another time
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false;
  const ticks = processStartTicks(owner.pid);
  return owner.startTicks === undefined || ticks === null || owner.startTicks === ticks;
}

/** Creates `file` with `content` only if it does not exist; false when it exists. */
function createExclusive(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, content, { mode: 0o644 });
  try {
    linkSync(tmp, file);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
  } finally {
    try { unlinkSync(tmp); } catch { /* already gone */ }
  }
  // file systems without hard links: O_CREAT|O_EXCL (a reader may then briefly see an empty file: see below)
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try { writeSync(fd, content); } finally { closeSync(fd); }
  return true;
}

/**
 * Takes the lock of `dataDir` (created if missing) or throws DataDirLockedError. `warn` hears about a stale
 * lock taken over. The lock is released by `release()` and, as a last resort, when the process exits.
 */
export function lockDataDir(dataDir: string, warn: (msg: string) => void = console.warn): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const boot = bootId();
  const ticks = processStartTicks(process.pid);
  const owner: LockOwner = {
    pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(),
    ...(boot ? { bootId: boot } : {}), ...(ticks !== null ? { startTicks: ticks } : {}),
  };
  const content = `${JSON.stringify(owner)}\n`;
  if (held.has(file)) throw new DataDirLockedError(dataDir, file, parse(readText(file) ?? ''));

  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, content)) break;
    const text = readText(file);
    if (text === null) continue; // released meanwhile: try again
    const other = parse(text);
    // unreadable: being written by a starting process (O_EXCL fallback) or damaged; never guessed stale
    if (!other || other.hostname !== hostname() || ownerAlive(other) || attempt >= 3) {
      throw new DataDirLockedError(dataDir, file, other);
    }
    // stale: move it aside (atomic), check that what moved is what we judged, then try again
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    const moved = readText(aside);
    if (moved !== text) {
      // another process took the stale lock over between our read and our rename: give its lock back
      try { linkSync(aside, file); } catch { /* a third one holds it now */ }
      try { unlinkSync(aside); } catch { /* gone */ }
      throw new DataDirLockedError(dataDir, file, parse(moved ?? ''));
    }
    unlinkSync(aside);
    warn(`Trava antiga da pasta de dados removida: o processo ${other.pid} (iniciado em ${when(other.startedAt)}) não está mais rodando. `
      + 'Ele pode ter sido encerrado à força (kill -9, falta de energia); o banco se recupera sozinho, mas a última transação dele pode ter se perdido.');
  }

  held.add(file);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    held.delete(file);
    process.removeListener('exit', release);
    try {
      if (readText(file) === content) unlinkSync(file);
    } catch { /* the folder is gone: nothing to release */ }
  };
  process.on('exit', release);
  return { file, owner, release };
}
