/** Builds the Fastify app: API under /api (engine + workflows), OpenAPI at /api/docs, the SPA at /. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { appSettings } from './db/schema.base.ts';
import { frameworkErrors, registerErrorHandler } from './http/errors.ts';
import { registerSecurityHeaders } from './http/headers.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerSession } from './auth/session.ts';
import { registerResources } from './engine/routes.ts';
import { cacheLookups, gatherReads } from './engine/query.ts';
import { authorizeBeforeValidation } from './engine/policy.ts';
import type { Services } from './engine/context.ts';
import { FileStorage } from './storage/files.ts';
import { openDriver } from './storage/open.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { Limits } from './http/limits.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { setMailSecret } from './mail/mailer.ts';
import { JobQueue } from './jobs/queue.ts';
import { defineAppJobs } from './jobs/app-jobs.ts';
import { registerHealth } from './http/health.ts';
import { registerMetrics } from './http/metrics.ts';
import { openStreamCount } from './realtime/sse.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
    /** uploaded files (the driver of STORAGE_URL) */
    files: FileStorage;
    /** the job queue */
    jobs: JobQueue;
  }
}
import { setups } from './modules/index.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerFileRoutes } from './storage/routes.ts';
import { portalNotFound, registerPortal } from './portal/routes.ts';

export async function appSecret(db: Db): Promise<string> {
  if (process.env.APP_SECRET) return process.env.APP_SECRET;
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'secret'));
  if (row) return row.value;
  await db.insert(appSettings).values({ key: 'secret', value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [again] = await db.select().from(appSettings).where(eq(appSettings.key, 'secret'));
  return again.value;
}

/** The id of a request: X-Request-Id from the proxy (1–64 of A-Z a-z 0-9 . _ : -), else a random UUID. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
}

export async function buildApp(config: Config, database: Database, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // request ids in every log line (reqId): the proxy's X-Request-Id when it sends a sane one, else a new UUID
    requestIdHeader: false,
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (req, reply) => { reply.header('X-Request-Id', req.id); });

  // CSP, framing (the public panel may be embedded by its company's sites), HSTS behind an HTTPS proxy, nosniff
  registerSecurityHeaders(app, { db: database.db, changes: database.changes, trustProxy: config.trustProxy, log: (m) => app.log.warn(m) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Paço API', version: '2.0.0', description: 'API da suíte Paço. Autenticação: Authorization: Bearer <token> (POST /api/login).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, fieldSize: 100_000 } });

  const realtime = new RealtimeHub(database.db, database.kind === 'postgres' ? config.databaseUrl : undefined, (m) => app.log.warn(m));
  await realtime.start();
  app.addHook('onClose', async () => realtime.close());
  app.decorate('realtime', realtime);
  const secret = await appSecret(database.db);
  setMailSecret(secret);
  const storage = new FileStorage(await openDriver(config.storageUrl, { storageDir: config.storageDir, db: database.db, databaseKind: database.kind }), secret);
  app.addHook('onClose', async () => storage.driver.close?.());
  app.decorate('files', storage);
  const jobs = new JobQueue(database, { ...config.jobs, log: app.log });
  const services: Services = { db: database.db, storage, config, realtime, limits: new Limits(database.db), jobs, changes: database.changes };
  defineAppJobs(jobs, services);
  app.decorate('jobs', jobs);
  registerSession(app, database.db, config.tokenIdleMinutes, database.changes);
  cacheLookups(database.db, database.changes);
  gatherReads(database.db);
  app.addHook('preValidation', authorizeBeforeValidation);
  registerInputGuard(app);
  registerIdempotency(app, database.db);

  registerHealth(app, { database, storage, jobs });
  registerMetrics(app, { database, jobs, sseConnections: openStreamCount, realtime, token: config.metricsToken });
  registerAuthRoutes(app, services);
  registerFileRoutes(app, services);
  for (const setup of setups) setup(services);
  registerResources(app, services);
  // the public portal (server-rendered pages under /portal, decision 0031)
  registerPortal(app, services, database.changes);
  await jobs.start();
  app.addHook('onClose', async () => jobs.stop());

  // SPA: static files, history fallback for every non-API GET
  const webDir = config.webDir ?? [join(process.cwd(), 'apps/web/dist'), new URL('../../web/dist', import.meta.url).pathname].find((d) => existsSync(join(d, 'index.html')));
  if (webDir && existsSync(join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDir, wildcard: false, index: false, preCompressed: true,
      setHeaders: (res, path) => {
        res.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET') {
        return reply.status(404).send({ message: 'Rota não encontrada.' });
      }
      // the portal's unknown addresses are its own 404 pages, never the back office's app
      if (req.url === '/portal' || req.url.startsWith('/portal/') || req.url.startsWith('/portal?')) {
        return reply.status(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(portalNotFound());
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && (req.url === '/portal' || req.url.startsWith('/portal/') || req.url.startsWith('/portal?'))) {
        return reply.status(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(portalNotFound());
      }
      return reply.status(404).send({ message: 'Rota não encontrada.' });
    });
  }
  return app;
}
