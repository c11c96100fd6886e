/**
 * Table change notifications for in-process caches (today: the session cache, auth/session.ts).
 *
 * Three sources, so a cache never outlives the rows it copied:
 * - **database triggers** (migration 0004): a committed write to a watched table sends `NOTIFY paco_changes`
 *   with the table name. On PostgreSQL every server process LISTENs (this catches writes from other processes
 *   and from outside the app); on PGlite the instance's own listener receives it when the write commits.
 * - **this process's statements** (PostgreSQL): the pool's connections report writes to watched tables when
 *   the statement is sent and again when it (or its transaction) commits, so a request that follows a write in
 *   this process never sees a stale copy, whatever the delay of the notification.
 * - **a lost LISTEN connection** counts as "everything changed" once it is back.
 *
 * Also here: on PostgreSQL every parameterized statement is prepared once per connection (named by a hash of
 * its text), so PostgreSQL parses and plans the engine's fixed-shape statements once instead of on each call.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export const CHANGES_CHANNEL = 'paco_changes';
/** every table: a lost notification connection, or a write whose table is unknown */
export const ALL_TABLES = '*';

type Listener = (table: string) => void;

export class ChangeFeed {
  private listeners = new Set<Listener>();
  private listener: { close(): Promise<void> } | null = null;

  constructor(private log: (msg: string) => void = () => undefined) {}

  /** Calls `fn` with the table name of every change (ALL_TABLES when anything may have changed). */
  on(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(table: string): void {
    for (const fn of this.listeners) fn(table);
  }

  /** PostgreSQL: a dedicated LISTEN connection, reconnected after a loss (everything counts as changed). */
  async listenPostgres(databaseUrl: string): Promise<void> {
    this.listener = await listenChannel(databaseUrl, CHANGES_CHANNEL, (payload) => this.emit(payload || ALL_TABLES), {
      log: this.log, label: 'alterações', onLost: () => this.emit(ALL_TABLES), onBack: () => this.emit(ALL_TABLES),
    });
  }

  /** PGlite: the instance delivers the triggers' notifications to its own listeners on commit. */
  async listenPglite(pglite: { listen(channel: string, cb: (payload: string) => void): Promise<unknown> }): Promise<void> {
    await pglite.listen(CHANGES_CHANNEL, (payload) => this.emit(payload || ALL_TABLES));
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.listener?.close();
  }
}

/** How the LISTEN connections check that they are alive (tests shorten these). */
export const listenTiming = {
  /** a `select 1` on the listening connection this often… */
  heartbeatMs: 10_000,
  /** …must answer within this, or the connection counts as lost */
  heartbeatTimeoutMs: 5_000,
  /** wait before reconnecting after a loss */
  retryMs: 1_000,
};

/**
 * A dedicated PostgreSQL connection LISTENing on one channel, reconnected a second after a loss (a notification sent
 * meanwhile is lost: `onLost` and `onBack` let the caller assume the worst). A loss is an error on the connection
 * (the server ended it: restart, `pg_terminate_backend`) or a heartbeat (`select 1` every `heartbeatMs`) that gets
 * no answer in `heartbeatTimeoutMs`: a connection dropped silently by the network or a firewall never errors, and
 * would leave every panel of the process stale (issue 16 item 6). Shared by the change feed and the realtime hub.
 */
export async function listenChannel(
  databaseUrl: string, channel: string, onPayload: (payload: string) => void,
  opts: { log?: (msg: string) => void; label?: string; onLost?: () => void; onBack?: () => void; timing?: Partial<typeof listenTiming> } = {},
): Promise<{ close(): Promise<void> }> {
  const timing = { ...listenTiming, ...opts.timing };
  let client: pg.Client | null = null;
  let closed = false;
  let beat: NodeJS.Timeout | null = null;
  const lost = (c: pg.Client, why: string): void => {
    if (client !== c) return;
    client = null;
    if (beat) { clearInterval(beat); beat = null; }
    opts.log?.(`${opts.label ?? channel}: conexão LISTEN perdida (${why}); reconectando`);
    // a connection that stopped answering may never end by itself: drop its socket
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    void c.end().catch(() => undefined);
    opts.onLost?.();
    const retry = (): void => {
      if (closed) return;
      connect().then(() => opts.onBack?.(), () => setTimeout(retry, timing.retryMs).unref());
    };
    setTimeout(retry, timing.retryMs).unref();
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: `paco-listen:${channel}` });
    c.on('notification', (n) => { if (n.channel === channel) onPayload(n.payload ?? ''); });
    c.on('error', (e) => lost(c, e.message));
    c.on('end', () => lost(c, 'conexão encerrada'));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (e) {
      await c.end().catch(() => undefined);
      throw e;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    let pending = false;
    beat = setInterval(() => {
      if (client !== c || pending) return;
      pending = true;
      let answered = false;
      const timer = setTimeout(() => { if (!answered) lost(c, 'sem resposta ao heartbeat'); }, timing.heartbeatTimeoutMs);
      timer.unref();
      c.query('select 1').then(
        () => { answered = true; pending = false; clearTimeout(timer); },
        (e: Error) => { answered = true; pending = false; clearTimeout(timer); lost(c, e.message); },
      );
    }, timing.heartbeatMs);
    beat.unref();
  };
  await connect();
  return {
    async close() {
      closed = true;
      if (beat) clearInterval(beat);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/* ---------------- PostgreSQL connections: prepared statements and local write detection ---------------- */

/** The tables the public portal reads (src/portal): their writes are announced so its caches drop pages (migration portal_change_notifications). */
export const PORTAL_TABLES = ['posts', 'events', 'event_photos', 'banners', 'secretarias', 'secretarios', 'funcaos', 'contacts', 'secretarias_contacts', 'services', 'faqs', 'publicacaos', 'portarias', 'licitacaos', 'contratos', 'convenios', 'constructions', 'menus', 'links', 'themes', 'people', 'categories',
  'parliamentaries', 'mandates', 'affiliations', 'parties', 'boards', 'legislative_sessions', 'legislatures',
  // the legislative pages (migration portal_legislative_changes)
  'licitacao_fases', 'licitacao_documentos', 'matters', 'matters_authors', 'authors', 'tramitations', 'tramitation_unities', 'distributions', 'norms', 'norm_relations', 'commissions', 'compositions', 'composition_periods', 'participants', 'meetings', 'plenary_sessions', 'plenary_matters', 'plenary_minutes', 'presences', 'plenary_absences', 'vottings', 'votes',
  // the funding calls and their results (migration 0040, decision 0054)
  'culture_calls', 'culture_applications',
  // a matter's public accessory documents (decision 0059) and its attachments (decision 0058), migration 0045
  'matter_documents', 'matter_attachments',
  // bancadas and blocos: a councillor's posts and the Lideranças of the Mesa Diretora page (migration 0046, decision 0057)
  'bancadas', 'blocos', 'membros_bancada', 'blocos_partidos'] as const;

/**
 * Tables whose writes the triggers of migrations 0004, 0025 and 0029 announce, and which writes: the triggers are the
 * list, this mirrors them for the local detection, and change-triggers.test.ts holds the two equal.
 */
const ANNOUNCED: Record<string, Set<string>> = {
  access_tokens: new Set(['update', 'delete', 'truncate']),
  users: new Set(['update', 'delete', 'truncate']),
  role_user: new Set(['insert', 'update', 'delete', 'truncate']),
  permission_role: new Set(['insert', 'update', 'delete', 'truncate']),
  liberations: new Set(['insert', 'update', 'delete', 'truncate']),
  roles: new Set(['update', 'delete', 'truncate']),
  permissions: new Set(['update', 'delete', 'truncate']),
  companies: new Set(['update', 'delete', 'truncate']),
  types: new Set(['update', 'delete', 'truncate']),
  // the companies' calendars kept for deadlines (modules/materias/deadline.ts, migration 0034)
  holidays: new Set(['insert', 'update', 'delete', 'truncate']),
  // the public portal's tables (migration portal_change_notifications): every write drops the portal's rendered pages
  ...Object.fromEntries(PORTAL_TABLES.map((t) => [t, new Set(['insert', 'update', 'delete', 'truncate'])])),
};
/** The announced writes, table → verbs sorted (a test compares them with the triggers the migrations made). */
export function announcedWrites(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(ANNOUNCED).map(([t, verbs]) => [t, [...verbs].sort()]));
}

/** a write, also as the first part of a WITH (the engine writes a row and its audit entry in one statement: engine/audit.ts) */
const WRITE = /^\s*(?:with\s+"?\w+"?\s+as\s+\(\s*)?(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:"?public"?\.)?"?(\w+)"?/i;
/** the once-a-minute touch of a token (auth/session.ts) changes nothing a cache holds */
const TOKEN_TOUCH = /^\s*update\s+"?access_tokens"?\s+set\s+"?last_used_at"?\s*=\s*now\(\)\s+where/i;

/** The watched table a statement writes, with the same exceptions as the triggers; null otherwise. */
export function watchedWrite(text: string): string | null {
  const m = WRITE.exec(text);
  if (!m) return null;
  const table = m[2].toLowerCase();
  const verb = m[1].toLowerCase().split(/\s/)[0];
  if (!ANNOUNCED[table]?.has(verb)) return null;
  if (table === 'access_tokens' && TOKEN_TOUCH.test(text)) return null;
  return table;
}

/** A connection keeps at most this many prepared statements (then further shapes run unnamed). */
const MAX_PREPARED = 2000;
const names = new Map<string, string>();
export function statementName(text: string): string {
  let n = names.get(text);
  if (!n) {
    n = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < 50_000) names.set(text, n);
  }
  return n;
}

/**
 * Statements whose best plan depends on the value searched for (full text, ILIKE) stay unnamed: PostgreSQL
 * plans them for each value instead of settling on a generic plan.
 */
const VALUE_DEPENDENT = /to_tsquery|\bilike\b/i;

interface Tracked { __paco?: { prepared: number; pending: Set<string>; inTx: boolean } }

/** Wraps one pool connection's `query`: names parameterized statements and reports writes to watched tables. */
export function instrumentConnection(client: pg.PoolClient, feed: ChangeFeed): void {
  const c = client as pg.PoolClient & Tracked;
  if (c.__paco) return;
  const state = { prepared: 0, pending: new Set<string>(), inTx: false };
  c.__paco = state;
  // looked up on each call, so a later wrapper of the prototype (the benchmark's statement counter) still sees them
  const proto = Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown };
  const original = (...a: unknown[]): unknown => proto.query.apply(client, a);
  const flush = (): void => {
    if (state.inTx || !state.pending.size) return;
    const tables = [...state.pending];
    state.pending.clear();
    for (const t of tables) feed.emit(t);
  };
  (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') return original(...args);
    const head = text.trimStart().slice(0, 8).toLowerCase();
    if (head.startsWith('begin') || head.startsWith('start')) state.inTx = true;
    const ends = head.startsWith('commit') || head.startsWith('rollback') || head.startsWith('end');
    if (head.startsWith('rollback')) state.pending.clear();
    const table = watchedWrite(text);
    if (table) {
      feed.emit(table);
      state.pending.add(table);
    }
    // name parameterized statements (drizzle passes { text, types } and the values apart)
    if (typeof first === 'object' && first && !(first as { name?: string }).name && !VALUE_DEPENDENT.test(text)) {
      const values = Array.isArray(args[1]) ? args[1] : (first as { values?: unknown[] }).values;
      if (values?.length) {
        const name = statementName(text);
        const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;
        if (parsed?.[name] !== undefined || state.prepared < MAX_PREPARED) {
          if (parsed?.[name] === undefined) state.prepared++;
          args[0] = { ...(first as object), name };
        }
      }
    }
    const after = (): void => {
      if (ends) state.inTx = false;
      flush();
    };
    const cb = args.findIndex((a) => typeof a === 'function');
    if (cb >= 0) {
      const fn = args[cb] as (...a: unknown[]) => void;
      args[cb] = (...a: unknown[]) => { after(); fn(...a); };
      return original(...args);
    }
    const result = original(...args) as Promise<unknown> | undefined;
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(after, () => { if (ends) state.inTx = false; state.pending.clear(); });
    }
    return result;
  };
}
