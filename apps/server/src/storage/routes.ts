import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../engine/context.ts';
import { notFound } from '../http/errors.ts';

/** GET /api/files/<key>?exp=&sig= — only signed URLs are served (handed out with records the user may read). */
export function registerFileRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/files/*', {
    schema: { hide: true, querystring: z.object({ exp: z.coerce.number().int().min(0).catch(-1), sig: z.string().max(64).catch('') }) },
  }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const { exp, sig } = req.query as { exp: number; sig: string };
    if (!key || key.includes('..') || exp < 0 || !s.storage.verify(key, exp, sig)) throw notFound('Arquivo');
    const data = await s.storage.read(key).catch(() => null);
    if (!data) throw notFound('Arquivo');
    const ext = key.split('.').pop() ?? '';
    const type = ({ png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf' } as Record<string, string>)[ext] ?? 'application/octet-stream';
    return reply
      .header('Content-Type', type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', exp === 0 ? 'public, max-age=3600' : 'private, max-age=3600')
      .send(data);
  });
}
