import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef } from '@paco/domain/resource';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/session.ts';
import type { FileStorage } from '../storage/files.ts';
import type { Config } from '../config.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

export type Row = Record<string, any>;

export interface Services {
  db: Db;
  storage: FileStorage;
  config: Config;
  realtime: RealtimeHub;
}

export interface ActionContext extends Services {
  req: FastifyRequest;
  reply: FastifyReply;
  auth: AuthContext | null;
  resource: ResourceDef;
  /** parsed :id when the action path has one */
  id: number | null;
  body: any;
}

/** Behaviour special to one table, beside its generic definition. Keyed by table name. */
export interface ResourceHooks {
  /** add computed data (e.g. a role's permissions) to records before they are sent */
  decorate?(records: Row[], ctx: { db: Db; auth: AuthContext | null; many: boolean }): Promise<void>;
  /** change or refuse values before insert/update (existing is null on create); runs in the write's transaction (ctx.db) */
  beforeWrite?(values: Row, existing: Row | null, ctx: { db: Db; auth: AuthContext; resource: ResourceDef }): Promise<void>;
  /** side effects after insert/update, in the same transaction (ctx.db) */
  afterWrite?(row: Row, existing: Row | null, ctx: { db: Db; auth: AuthContext; resource: ResourceDef }): Promise<void>;
  /** refuse or prepare a delete; runs in the delete's transaction (ctx.db) */
  beforeDelete?(existing: Row, ctx: { db: Db; auth: AuthContext; resource: ResourceDef }): Promise<void>;
}

export type ActionHandler = (ctx: ActionContext) => Promise<unknown>;
