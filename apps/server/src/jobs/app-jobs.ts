/**
 * The app's background jobs, declared once and run by the queue on every node (jobs/queue.ts):
 *   mail.deliver   one outbox message by SMTP (mail/mailer.ts), retried with backoff
 *   housekeeping   daily at 03:17: sign-in tokens that can no longer be used and are older than 90 days (the
 *                  sign-in limits look 90 days back for known places), password-reset links expired for 30 days
 * Modules declare their own in their setup: notifications.deadlines (modules/notificacoes/deadlines.ts), daily at 07:00.
 */
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accessTokens, passwordResets } from '../db/schema.base.ts';
import { mailJob } from '../mail/mailer.ts';
import type { JobDefinition, JobQueue } from './queue.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';

export function housekeepingJob(db: Db, config: Pick<Config, 'tokenIdleMinutes'>): JobDefinition {
  return {
    name: HOUSEKEEPING_JOB,
    cron: '17 3 * * *',
    retryLimit: 2,
    async run(_data, job) {
      const tokens = await db.delete(accessTokens).where(and(
        lt(accessTokens.created_at, sql`now() - interval '90 days'`),
        or(isNotNull(accessTokens.revoked_at), lt(accessTokens.last_used_at, sql`now() - make_interval(mins => ${config.tokenIdleMinutes})`)),
      )).returning({ id: accessTokens.id });
      const resets = await db.delete(passwordResets).where(lt(passwordResets.expires_at, sql`now() - interval '30 days'`)).returning({ id: passwordResets.id });
      job.log.info({ tokens: tokens.length, resets: resets.length }, 'limpeza diária: sessões e links antigos removidos');
    },
  };
}

export function defineAppJobs(jobs: JobQueue, s: { db: Db; config: Config }): void {
  jobs.define(mailJob(s.db, s.config));
  jobs.define(housekeepingJob(s.db, s.config));
}
