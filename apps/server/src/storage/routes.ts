import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { notFound } from '../http/errors.ts';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf' };

/**
 * GET /api/files/<key>?exp=&sig= — only signed URLs are served (handed out with records the user may read). The
 * file streams from whichever driver holds it (local folder, PostgreSQL, S3), with its length.
 */
export function registerFileRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/files/*', {
    schema: { hide: true, querystring: z.object({ exp: z.coerce.number().int().min(0).catch(-1), sig: z.string().max(64).catch('') }) },
  }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const { exp, sig } = req.query as { exp: number; sig: string };
    if (!key || key.includes('..') || key.startsWith('.') || exp < 0 || !s.storage.verify(key, exp, sig)) throw notFound('Arquivo');
    const file = await s.storage.open(key).catch((e: unknown) => {
      req.log.error({ err: e, key }, 'arquivo: falha ao ler do armazenamento');
      return null;
    });
    if (!file) throw notFound('Arquivo');
    file.body.on('error', (e) => req.log.error({ err: e, key }, 'arquivo: falha durante o envio'));
    const ext = key.split('.').pop() ?? '';
    return reply
      .header('Content-Type', TYPES[ext] ?? 'application/octet-stream')
      .header('Content-Length', String(file.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', exp === 0 ? 'public, max-age=3600' : 'private, max-age=3600')
      .send(file.body);
  });
}
