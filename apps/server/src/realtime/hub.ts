/**
 * Server push. A channel (e.g. `panel:3`) has a version that only grows; every change is published as an event
 * carrying the new version. Subscribers get a full snapshot with its version on connect, then events. Across
 * server processes on PostgreSQL, events travel through LISTEN/NOTIFY; on PGlite (one process) in memory.
 * Versions live in the database (`realtime_versions`), incremented in the publisher's transaction, so every
 * process agrees on them and a reconnecting client can tell whether it missed anything.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { listenChannel } from '../db/changes.ts';

export interface RealtimeEvent {
  channel: string;
  version: number;
  type: string;
  data: unknown;
  /**
   * when it was published: the wall clock in ms (sub-ms) as its NOTIFY was sent, at the end of the publisher's
   * transaction, whose commit delivers it (PGlite: as it was queued); server-side only, never sent to clients
   */
  sentAt?: number;
}

/** The wall clock in ms with sub-millisecond precision, comparable between processes of one host. */
export const wallClock = (): number => performance.timeOrigin + performance.now();

/** Told after each fan-out of a published event to this process's subscribers: ms since it was sent, and to how many. */
export type DeliveryObserver = (ms: number, subscribers: number) => void;

export type SnapshotProvider = (channel: string) => Promise<unknown>;
type Listener = (e: RealtimeEvent) => void;

const NOTIFY_CHANNEL = 'paco_realtime';
/** NOTIFY payloads are limited to 8000 bytes; larger events are sent as a "resync" hint. */
const MAX_PAYLOAD = 7000;
/** How long a built snapshot may serve other connections at the same version (see `snapshot`). */
const SNAPSHOT_REUSE_MS = 1000;

export class RealtimeHub {
  private local = new EventEmitter();
  private providers = new Map<string, SnapshotProvider>();
  private snapshots = new Map<string, { version: number; at: number; data: Promise<unknown> }>();
  private listener: { close(): Promise<void> } | null = null;
  private observers = new Set<DeliveryObserver>();

  constructor(
    private db: Db,
    private databaseUrl?: string,
    private log: (msg: string) => void = () => undefined,
  ) {
    this.local.setMaxListeners(0);
  }

  /**
   * Starts LISTEN on PostgreSQL (no-op on PGlite). While the listening connection is down (lost, reconnecting),
   * events of other transactions are not heard; once it is back, every channel this process serves gets a fresh
   * snapshot (`refresh`), so no screen stays on a state it missed (issue 16 item 6).
   */
  async start(): Promise<void> {
    if (!this.databaseUrl) return;
    this.listener = await listenChannel(this.databaseUrl, NOTIFY_CHANNEL, (payload) => {
      try {
        this.deliver(JSON.parse(payload) as RealtimeEvent);
      } catch {
        /* ignore malformed */
      }
    }, {
      log: this.log, label: 'realtime',
      onBack: () => void this.refresh().catch((e: unknown) => this.log(`realtime: não foi possível reenviar o estado após reconectar (${(e as Error).message})`)),
    });
  }

  /**
   * Sends a fresh snapshot to every subscriber of this process, channel by channel, at the channel's current
   * version (a subscriber already at that version ignores it). The version is read before the state, as in
   * `snapshot`, so a change landing in between arrives as a newer event, never as a missed one.
   */
  async refresh(): Promise<number> {
    let sent = 0;
    for (const name of this.local.eventNames()) {
      const channel = String(name);
      if (!this.local.listenerCount(channel)) continue;
      const provider = this.providers.get(channel.split(':')[0]);
      if (!provider) continue;
      const version = await this.version(channel);
      const data = await provider(channel);
      this.snapshots.delete(channel);
      this.local.emit(channel, { channel, version, type: 'snapshot', data });
      sent++;
    }
    return sent;
  }

  /** Channels with subscribers in this process (the SSE heartbeat reads their versions). */
  channels(): string[] {
    return this.local.eventNames().map(String).filter((c) => this.local.listenerCount(c) > 0);
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    await this.listener?.close();
  }

  /** Registers the snapshot of channels `prefix:*`. */
  provide(prefix: string, provider: SnapshotProvider): void {
    this.providers.set(prefix, provider);
  }

  async version(channel: string): Promise<number> {
    const r = await this.db.execute(sql`select version from realtime_versions where channel = ${channel}`);
    const row = (r as unknown as { rows: { version: number | string }[] }).rows[0];
    return row ? Number(row.version) : 0;
  }

  /**
   * The channel's state and version. Built once per (channel, version) for up to SNAPSHOT_REUSE_MS and shared by
   * the connections asking meanwhile, so thousands of panels (re)connecting together — a restart, a network
   * blip — cost a few builds instead of one each. Every change bumps the version, so a reused snapshot is never
   * older than its version; what changes without a publish is at most SNAPSHOT_REUSE_MS old.
   */
  async snapshot(channel: string): Promise<{ version: number; data: unknown }> {
    const provider = this.providers.get(channel.split(':')[0]);
    if (!provider) throw new Error(`no snapshot provider for ${channel}`);
    // version first: a change landing between the two reads makes the client see a newer event, never miss one
    const version = await this.version(channel);
    const now = Date.now();
    const hit = this.snapshots.get(channel);
    if (hit && hit.version === version && now - hit.at < SNAPSHOT_REUSE_MS) return { version, data: await hit.data };
    if (this.snapshots.size > 1000) for (const [k, v] of this.snapshots) if (now - v.at >= SNAPSHOT_REUSE_MS) this.snapshots.delete(k);
    const entry = { version, at: now, data: provider(channel) };
    this.snapshots.set(channel, entry);
    try {
      return { version, data: await entry.data };
    } catch (e) {
      if (this.snapshots.get(channel) === entry) this.snapshots.delete(channel);
      throw e;
    }
  }

  /**
   * Publishes an event: bumps the channel version (inside `tx` when given, so it commits with the change) and
   * fans out after commit. Returns the event.
   */
  async publish(channel: string, type: string, data: unknown, tx?: Db): Promise<RealtimeEvent> {
    const event: RealtimeEvent = { channel, version: await this.bump(channel, tx), type, data };
    await this.send(event, tx);
    return event;
  }

  /**
   * Publishes the channel's whole state (its snapshot provider's answer) as a `snapshot` event: for channels whose
   * every change is "read it again" (a user's notifications). The version is taken before the state is read, so a
   * state read before a later change carries the older version and never overwrites the newer one. Call it after
   * the change committed, outside any transaction.
   */
  async publishCurrent(channel: string): Promise<RealtimeEvent> {
    const provider = this.providers.get(channel.split(':')[0]);
    if (!provider) throw new Error(`no snapshot provider for ${channel}`);
    const version = await this.bump(channel);
    const event: RealtimeEvent = { channel, version, type: 'snapshot', data: await provider(channel) };
    this.snapshots.delete(channel);
    await this.send(event);
    return event;
  }

  private async bump(channel: string, tx?: Db): Promise<number> {
    const r = await (tx ?? this.db).execute(sql`
      insert into realtime_versions (channel, version) values (${channel}, 1)
      on conflict (channel) do update set version = realtime_versions.version + 1
      returning version`);
    return Number((r as unknown as { rows: { version: number | string }[] }).rows[0].version);
  }

  /**
   * Observes the server-side delivery time of every event this process fans out: from its publication (the NOTIFY
   * sent with the publisher's commit, in whichever process) to the last socket write here (metrics).
   */
  onDelivered(fn: DeliveryObserver): () => void {
    this.observers.add(fn);
    return () => this.observers.delete(fn);
  }

  private async send(event: RealtimeEvent, tx?: Db): Promise<void> {
    event.sentAt = wallClock();
    if (this.databaseUrl) {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ channel: event.channel, version: event.version, type: 'resync', data: null });
      await (tx ?? this.db).execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
    } else if (tx) {
      // PGlite: deliver after the surrounding transaction commits
      queueMicrotask(() => setImmediate(() => this.deliver(event)));
    } else {
      this.deliver(event);
    }
  }

  private deliver(e: RealtimeEvent): void {
    if (e.type === 'resync') return void this.resync(e);
    // the subscribers write to their sockets synchronously: when emit returns, the last write was made
    this.local.emit(e.channel, e);
    const subscribers = this.local.listenerCount(e.channel);
    if (subscribers && typeof e.sentAt === 'number' && this.observers.size) {
      const ms = wallClock() - e.sentAt;
      for (const fn of this.observers) fn(ms, subscribers);
    }
  }

  /**
   * A change too large for NOTIFY arrives as `resync`: this process reads the snapshot once and sends it to its
   * own subscribers (instead of every client asking for it).
   */
  private resync(e: RealtimeEvent): void {
    if (!this.local.listenerCount(e.channel)) return;
    const provider = this.providers.get(e.channel.split(':')[0]);
    if (!provider) return void this.local.emit(e.channel, e);
    provider(e.channel).then(
      (data) => this.local.emit(e.channel, { channel: e.channel, version: e.version, type: 'snapshot', data }),
      () => this.local.emit(e.channel, e),
    );
  }

  subscribe(channel: string, fn: Listener): () => void {
    this.local.on(channel, fn);
    return () => this.local.off(channel, fn);
  }

  subscriberCount(channel: string): number {
    return this.local.listenerCount(channel);
  }
}
