import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '@paco/domain/resource';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/session.ts';
import type { FileStorage } from '../storage/files.ts';
import type { Config } from '../config.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Limits } from '../http/limits.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ChangeFeed } from '../db/changes.ts';
import type { FileField } from '@paco/domain/fields';

/** A file received whole and checked against its field (engine/uploads.ts). */
export interface ReceivedFile { field: string; def: FileField; data: Buffer; name: string; mime: string }

export type Row = Record<string, any>;

export interface Services {
  db: Db;
  storage: FileStorage;
  config: Config;
  realtime: RealtimeHub;
  /** rate limits shared by every process (http/limits.ts) */
  limits: Limits;
  /** background work shared by every node (jobs/queue.ts): e-mail delivery, recurring jobs */
  jobs: JobQueue;
  /** committed writes to the tables whose rows processes keep (db/changes.ts): a module's copies are dropped by it */
  changes: ChangeFeed;
}

export interface ActionContext extends Services {
  req: FastifyRequest;
  /**
   * for status and headers; a writing action returns its answer instead of sending it (the engine sends it once
   * the action's transaction committed, so no client sees an answer before the data it describes)
   */
  reply: FastifyReply;
  auth: AuthContext | null;
  resource: ResourceDef;
  /** parsed :id when the action path has one */
  id: number | null;
  /** a record action's row, loaded with the session's scope and checked against the action's conditions */
  record?: Row;
  body: any;
  /** a record action's files, when its dialog was sent as multipart/form-data (by form field; checked already) */
  files?: Record<string, ReceivedFile>;
  /** every file of each form field (a field with `multiple`: up to that many), in the order sent */
  fileLists?: Record<string, ReceivedFile[]>;
  /**
   * Work to do once the action's transaction committed (remove a replaced file, deliver mail); writing actions run
   * in one transaction (`ctx.db` is it), GET actions at once.
   */
  afterCommit: (fn: () => Promise<unknown>) => void;
}

/** What a hook gets: the transaction, the user, the resource, and the app's services (push, files). */
export interface HookContext {
  db: Db;
  auth: AuthContext;
  resource: ResourceDef;
  services?: Services;
  /** work to run once the write's transaction committed (push an event, remove a file) */
  afterCommit?: (fn: () => Promise<unknown>) => void;
  /** the fields the engine numbered in this write (a declared `sequence` left blank: engine/sequences.ts) */
  numbered?: ReadonlySet<string>;
  /**
   * the rows of the write's references its check read from the process's copy of a lookup table, by field (shared:
   * not to be changed); `referencedRow` (engine/records.ts) answers them, or reads the row
   */
  refs?: ReadonlyMap<string, Row>;
  /**
   * the guard of a state change made by the server itself (an action writing with `hooks: false`, whose `when` said
   * where it runs from), not of an edit: a rule about who may still edit the row need not hold for it
   */
  serverChange?: boolean;
}

/** Behaviour special to one table, beside its generic definition. Keyed by table name. */
export interface ResourceHooks {
  /**
   * add computed data (e.g. a role's permissions) to records before they are sent; `show`: the record's own show (its
   * screen), not a write's answer, where data that costs a read only the screen needs is added
   */
  decorate?(records: Row[], ctx: { db: Db; auth: AuthContext | null; many: boolean; show?: boolean }): Promise<void>;
  /**
   * refuse any change to an existing record (update, delete, file upload, link changes) before it is made: who may
   * touch this row at all (e.g. an account of a higher level); runs in the write's transaction (ctx.db)
   */
  guard?(existing: Row, ctx: HookContext): Promise<void>;
  /**
   * reads to make before a create's or an update's transaction opens, on the handle the write was given (the app's,
   * unless the write is part of a larger transaction): fill what the process keeps (a company's calendar), so the
   * transaction's own statements stay few; never refuses
   */
  prepare?(values: Row, existing: Row | null, ctx: { db: Db; auth: AuthContext; companyId: number }): Promise<void>;
  /** change or refuse values before insert/update (existing is null on create); runs in the write's transaction (ctx.db) */
  beforeWrite?(values: Row, existing: Row | null, ctx: HookContext): Promise<void>;
  /** side effects after insert/update, in the same transaction (ctx.db) */
  afterWrite?(row: Row, existing: Row | null, ctx: HookContext): Promise<void>;
  /** refuse or prepare a delete; runs in the delete's transaction (ctx.db) */
  beforeDelete?(existing: Row, ctx: HookContext): Promise<void>;
  /** side effects after a delete, in the same transaction (ctx.db) */
  afterDelete?(existing: Row, ctx: HookContext): Promise<void>;
}

/** Runs several modules' hooks for one table in order (decorate, guard, prepare, before/after write and delete). */
export function chainHooks(...list: ResourceHooks[]): ResourceHooks {
  if (list.length === 1) return list[0];
  const out: ResourceHooks = {};
  for (const k of ['decorate', 'guard', 'prepare', 'beforeWrite', 'afterWrite', 'beforeDelete', 'afterDelete'] as const) {
    const fns = list.map((h) => h[k]).filter(Boolean) as ((...a: unknown[]) => Promise<void>)[];
    if (fns.length) (out as Record<string, unknown>)[k] = async (...a: unknown[]) => { for (const fn of fns) await fn(...a); };
  }
  return out;
}

export type ActionHandler = (ctx: ActionContext) => Promise<unknown>;
