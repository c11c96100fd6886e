/**
 * "Acompanhar matéria" on the portal (decision 0055; apps/portal/src/Acompanhamento.tsx):
 *
 *   POST /portal/:slug/materias/:id/acompanhar             the form of the matter's page (e-mail, name)
 *   GET  /portal/:slug/acompanhamento/confirmar?token=     the confirmation e-mail's link: the matter and one button
 *   POST /portal/:slug/acompanhamento/confirmar            the button (the token in the body)
 *   GET  /portal/:slug/acompanhamento/sair?token=          the link to stop of every e-mail: the matter and one button
 *   POST /portal/:slug/acompanhamento/sair                 the button: the address is deleted
 *
 * As the Ouvidoria's pages do (cidadao.ts), these pass what was sent to the public calls (`app.inject`, with the
 * sender's address: the same limits, honeypot and per-field messages) and render the answer; the portal's company
 * goes with every call, so another company's matter or link is not found here. Never cached; no referrer leaves them
 * (the token is in the address of the e-mail's link).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AcompanhamentoPage } from '@paco/portal/types.ts';
import { acompanhamentoTitle } from '@paco/portal/Acompanhamento.tsx';
import type { Services } from '../engine/context.ts';
import { errorsOf, readForm, type Helpers, type Made } from './cidadao.ts';
import { loadSite, pageSite, type Site } from './site.ts';

type Json = { message?: string; errors?: Record<string, string[]>; data?: { matter_id?: number; materia?: string; ementa?: string } };

const PAGE = { schema: { hide: true } } as const;
const TRY_AGAIN = 'Não foi possível concluir agora. Tente de novo em alguns minutos.';

export function registerAcompanhamento(app: FastifyInstance, sv: Services, h: Helpers): void {
  const send = (reply: FastifyReply, made: Made) => reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').status(made.status).type(made.type).send(made.body);
  const call = async (req: FastifyRequest, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; json: Json }> => {
    const res = await app.inject({ method, url, payload: payload as never, remoteAddress: req.ip });
    let json: Json = {};
    try { json = JSON.parse(res.body) as Json; } catch { /* not JSON: the generic message */ }
    return { status: res.statusCode, json };
  };
  const page = (site: Site, req: FastifyRequest, parts: Omit<AcompanhamentoPage, 'kind' | 'site'>, status: number): Made => h.html(
    { kind: 'acompanhamento', site: pageSite(site), ...parts },
    { title: h.titleOf(site, acompanhamentoTitle(parts.step)), url: `${h.originOf(req)}/portal/${site.slug}/acompanhamento`, colors: site.colors, noindex: true },
    status,
  );
  const materiaOf = (site: Site, d: Json['data']): AcompanhamentoPage['materia'] => (d?.matter_id
    ? { title: d.materia ?? 'Matéria', ementa: d.ementa ?? null, url: `/portal/${site.slug}/materias/${d.matter_id}` } : null);
  const invalid = (site: Site, req: FastifyRequest, status: number, json: Json) => page(site, req, {
    step: 'invalido', materia: null, token: null, follow: null,
    message: status === 404 || status === 422 ? (json.errors?.token?.[0] ?? json.message ?? TRY_AGAIN) : (status === 429 ? json.message ?? TRY_AGAIN : TRY_AGAIN),
  }, status === 404 || status === 422 || status === 429 ? status : 422);

  type Req = FastifyRequest<{ Params: { slug: string; id?: string } }>;
  const withSite = (fn: (site: Site, req: Req) => Promise<Made>) => async (req: Req, reply: FastifyReply) => {
    const site = await loadSite(sv, req.params.slug);
    return send(reply, site ? await fn(site, req) : h.notFound(null, req));
  };

  app.post<{ Params: { slug: string; id?: string } }>('/portal/:slug/materias/:id/acompanhar', PAGE, withSite(async (site, req) => {
    const id = /^\d{1,9}$/.test(req.params.id ?? '') ? Number(req.params.id) : null;
    if (!id) return h.notFound(site, req);
    const { fields, problem } = await readForm(req);
    const values = { email: (fields.email ?? '').slice(0, 500), nome: (fields.nome ?? '').slice(0, 500) };
    const res = await call(req, 'POST', `/api/public/materias/${id}/acompanhar`, {
      company_id: site.id, email: values.email, ...(values.nome.trim() ? { nome: values.nome } : {}), ...(fields.website ? { website: fields.website } : {}),
    });
    if (res.status === 404) return h.notFound(site, req);
    const materia = { title: 'a matéria', ementa: null, url: `/portal/${site.slug}/materias/${id}` };
    if (res.status === 202) return page(site, req, { step: 'pedido', materia: null, token: null, follow: null, message: res.json.message ?? null }, 202);
    const errors = problem ? { form: [problem] } : errorsOf(res.status, res.json);
    return page(site, req, {
      step: 'form', materia, token: null, message: null,
      follow: { action: `/portal/${site.slug}/materias/${id}/acompanhar`, form: { values, errors } },
    }, res.status === 429 ? 429 : 422);
  }));

  for (const [path, verb] of [['confirmar', 'confirmar'], ['sair', 'sair']] as const) {
    const asking = verb === 'confirmar' ? 'confirmar' : 'sair';
    const done = verb === 'confirmar' ? 'confirmado' : 'saiu';
    app.get<{ Params: { slug: string; id?: string } }>(`/portal/:slug/acompanhamento/${path}`, PAGE, withSite(async (site, req) => {
      const token = String((req.query as { token?: string }).token ?? '').slice(0, 200);
      const res = await call(req, 'GET', `/api/public/acompanhamentos/${path}?${new URLSearchParams({ token, company_id: String(site.id) })}`);
      if (res.status !== 200) return invalid(site, req, res.status, res.json);
      return page(site, req, { step: asking, materia: materiaOf(site, res.json.data), token, follow: null, message: null }, 200);
    }));
    app.post<{ Params: { slug: string; id?: string } }>(`/portal/:slug/acompanhamento/${path}`, PAGE, withSite(async (site, req) => {
      const { fields } = await readForm(req);
      const res = await call(req, 'POST', `/api/public/acompanhamentos/${path}`, { token: (fields.token ?? '').slice(0, 200), company_id: site.id });
      if (res.status !== 200) return invalid(site, req, res.status, res.json);
      return page(site, req, { step: done, materia: materiaOf(site, res.json.data), token: null, follow: null, message: res.json.message ?? null }, 200);
    }));
  }
}
