/** Hand-written tables: sessions, pivots, mail outbox, front-end logs. Resource tables are generated (schema.generated.ts). */
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, permissions, roles, users } from './schema.generated.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** Opaque bearer tokens, stored as SHA-256 hashes. company_id is the company the session acts in. */
export const accessTokens = pgTable('access_tokens', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  token_hash: varchar('token_hash', { length: 64 }).notNull(),
  ip: varchar('ip', { length: 64 }),
  user_agent: varchar('user_agent', { length: 255 }),
  created_at: ts('created_at').notNull().defaultNow(),
  last_used_at: ts('last_used_at').notNull().defaultNow(),
  revoked_at: ts('revoked_at'),
}, (t) => [uniqueIndex('access_tokens_hash_unique').on(t.token_hash), index('access_tokens_user_idx').on(t.user_id)]);

export const roleUser = pgTable('role_user', {
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('role_user_role_idx').on(t.role_id)]);

export const permissionRole = pgTable('permission_role', {
  role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  permission_id: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.role_id, t.permission_id] }), index('permission_role_perm_idx').on(t.permission_id)]);

/** Single-use, expiring password reset tokens (hash only). */
export const passwordResets = pgTable('password_resets', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  token_hash: varchar('token_hash', { length: 64 }).notNull(),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('password_resets_hash_unique').on(t.token_hash)]);

/** Every e-mail the system sends is recorded here (and, when SMTP is configured, also delivered). */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  to: varchar('to', { length: 191 }).notNull(),
  subject: varchar('subject', { length: 255 }).notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** a secret the message carries (a password-reset link), encrypted; dropped once the message is delivered */
  secret: text('secret'),
  sent: boolean('sent').notNull().default(false),
  error: text('error'),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Front-end error reports (POST logfront / logfrontPublic). */
export const frontLogs = pgTable('front_logs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  timestamp: varchar('timestamp', { length: 40 }),
  type: varchar('type', { length: 20 }).notNull(),
  url: varchar('url', { length: 2048 }),
  useAgent: varchar('useAgent', { length: 512 }),
  message: text('message').notNull(),
  ip: varchar('ip', { length: 64 }),
  extra: jsonb('extra'),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Installation-wide settings (e.g. the generated secret that signs file URLs, shared by every server process). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});

/** Version of each realtime channel (bumped with every published change; see realtime/hub.ts). */
export const realtimeVersions = pgTable('realtime_versions', {
  channel: varchar('channel', { length: 120 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Shared fixed-window counters (login attempts, uploads, public writes): one row per key, incremented atomically,
 * so every server process sees the same count (http/limits.ts).
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  count: integer('count').notNull().default(0),
  reset_at: ts('reset_at').notNull(),
}, (t) => [index('rate_limits_reset_idx').on(t.reset_at)]);

/**
 * Idempotency keys of creates (`Idempotency-Key` header), per user, kept 24 h. A create through the engine records
 * its key in its own transaction (resource and record id), so a retry after a lost answer finds the record instead
 * of creating it twice; other calls keep the answer they gave.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: varchar('key', { length: 200 }).notNull(),
  method: varchar('method', { length: 10 }).notNull(),
  path: varchar('path', { length: 500 }).notNull(),
  resource: varchar('resource', { length: 100 }),
  record_id: integer('record_id'),
  status: integer('status'),
  body: jsonb('body'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('idempotency_keys_user_key_unique').on(t.user_id, t.key), index('idempotency_keys_created_idx').on(t.created_at)]);

/** Raw bytes (PostgreSQL bytea): node-postgres gives a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files kept in the database (STORAGE_URL=postgres, storage/postgres.ts): one row per file, its bytes in
 * chunks of at most 256 KiB so a download streams chunk by chunk and never holds a whole file in memory.
 */
export const storedFiles = pgTable('stored_files', {
  key: varchar('key', { length: 500 }).primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** hex SHA-256 of the content (checked by storage:migrate) */
  sha256: varchar('sha256', { length: 64 }).notNull(),
  chunks: integer('chunks').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const storedFileChunks = pgTable('stored_file_chunks', {
  key: varchar('key', { length: 500 }).notNull().references(() => storedFiles.key, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  data: bytea('data').notNull(),
}, (t) => [primaryKey({ columns: [t.key, t.seq] })]);
