/**
 * The citizen's Ouvidoria and E-SIC pages of the portal (issue 12 §2; apps/portal/src/Cidadao.tsx):
 *
 *   GET  /portal/:slug/ouvidoria | sic                  the filing form and the follow-up form
 *   POST /portal/:slug/ouvidoria | sic                  files it (multipart/form-data, attachments included)
 *   POST /portal/:slug/ouvidoria | sic /acompanhar      follows it by protocol and code (never in the address)
 *   POST /portal/:slug/sic/recurso                      the requester's appeal
 *   GET  /portal/:slug/sic/estatisticas[?ano=]          the public statistics (LAI art. 30), with CSV and JSON links
 *
 * Each form posts here and is answered with a rendered page, so everything works without JavaScript. The page does
 * not repeat the public API's rules: it passes what was sent to the same public call (`app.inject`, with the
 * sender's address, so the per-address limits, the honeypot, the attachment checks and the per-field messages are
 * the API's own) and renders its answer. These pages are never cached (they carry what one citizen typed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CidadaoPage, FollowView, FormState, PageData, StatsPage } from '@paco/portal/types.ts';
import type { DocumentOptions } from '@paco/portal/render.tsx';
import { formatDate, formatDateTime } from '@paco/domain/format';
import { MANIFESTACAO_TIPOS } from '@paco/domain/resources/cultura';
import { ANEXOS_CIDADAO, PEDIDO_TEMAS } from '@paco/domain/resources/sic';
import type { Services } from '../engine/context.ts';
import { todayInSaoPaulo } from '../auth/session.ts';
import { loadSite, pageSite, type Site } from './site.ts';

/** A page made by the portal's routes, and the helpers they lend the citizen pages (routes.ts). */
export type Made = { status: number; type: string; body: string };
export interface Helpers {
  html: (data: PageData, o: Omit<DocumentOptions, 'script'>, status?: number) => Made;
  titleOf: (site: Site, t: string) => string;
  originOf: (req: FastifyRequest) => string;
  notFound: (site: Site | null, req: FastifyRequest) => Made;
}
type Service = 'ouvidoria' | 'sic';
type Req = FastifyRequest<{ Params: { slug: string } }>;
interface Sent { fields: Record<string, string>; files: { name: string; type: string; data: Buffer }[]; problem: string | null }

const PAGE = { schema: { hide: true } } as const;
const API: Record<Service, string> = { ouvidoria: '/api/public/manifestacoes', sic: '/api/public/pedidos_informacao' };
const TITLE: Record<Service, string> = { ouvidoria: 'Ouvidoria', sic: 'Acesso à informação (e-SIC)' };
const empty = (): FormState => ({ values: {}, errors: {} });
const TRY_AGAIN = 'Não foi possível concluir agora. Tente de novo em alguns minutos.';

/** The form's parts, read whole: text fields (the first of each name) and the files (limits checked again by the API). */
export async function readForm(req: FastifyRequest): Promise<Sent> {
  const out: Sent = { fields: {}, files: [], problem: null };
  if (!req.isMultipart()) return out;
  try {
    for await (const part of req.parts({ limits: { fileSize: ANEXOS_CIDADAO.maxMB * 1024 * 1024, files: ANEXOS_CIDADAO.max + 1, fields: 30, fieldSize: 20_000 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in out.fields)) out.fields[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      if (part.filename && data.length) out.files.push({ name: part.filename, type: part.mimetype, data });
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    out.problem = code === 'FST_REQ_FILE_TOO_LARGE' ? `Cada arquivo pode ter até ${ANEXOS_CIDADAO.maxMB} MB.`
      : code === 'FST_FILES_LIMIT' ? `Envie no máximo ${ANEXOS_CIDADAO.max} arquivos.` : 'Não foi possível ler o formulário enviado. Tente de novo.';
  }
  return out;
}

/** multipart/form-data for the public call (text fields, then the files as `anexos`). */
function multipartOf(fields: Record<string, string>, files: Sent['files']): { payload: Buffer; headers: Record<string, string> } {
  const b = `paco${Math.random().toString(36).slice(2)}${Date.now()}`;
  const q = (s: string) => s.replace(/["\r\n]/g, '_');
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${q(k)}"\r\n\r\n${v}\r\n`));
  for (const f of files) parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="anexos"; filename="${q(f.name)}"\r\nContent-Type: ${q(f.type)}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

/** The errors of an API answer as the form's, by field (a message without fields goes to `form`). */
export function errorsOf(status: number, body: { message?: string; errors?: Record<string, string[]> }): Record<string, string[]> {
  if (status === 422 && body.errors && Object.keys(body.errors).length) {
    const out: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(body.errors)) out[k === 'company_id' ? 'form' : k] = v;
    return out;
  }
  if (status === 413) return { anexos: [body.message ?? `Cada arquivo pode ter até ${ANEXOS_CIDADAO.maxMB} MB.`] };
  return { form: [status === 429 || status === 409 ? body.message ?? TRY_AGAIN : TRY_AGAIN] };
}

const FILING_FIELDS: Record<Service, string[]> = {
  ouvidoria: ['tipo', 'assunto', 'texto', 'anonima', 'requerenteNome', 'requerenteEmail', 'requerenteTelefone', 'website'],
  sic: ['requerenteNome', 'requerenteEmail', 'requerenteCpf', 'identidadeRestrita', 'tema', 'assunto', 'texto', 'website'],
};

type Api = { statusCode: number; json: () => Record<string, unknown> & { data?: Record<string, unknown>; message?: string; errors?: Record<string, string[]> } };

/** A manifestação's or request's public answer as the page shows it. */
function followView(service: Service, d: Record<string, unknown>, codigo: string): FollowView {
  const s = (k: string) => (d[k] == null ? '' : String(d[k]));
  const andamento: FollowView['andamento'] = [];
  const anexo = d.anexo as { name: string; url: string } | null | undefined;
  if (d.resposta) andamento.push({ titulo: service === 'ouvidoria' ? 'Resposta da Ouvidoria' : 'Resposta', data: d.dataResposta ? formatDateTime(s('dataResposta')) : null, texto: s('resposta'), anexo: anexo ?? null });
  if (d.justificativaNegativa) andamento.push({ titulo: `Acesso negado — ${s('fundamentoNegativaLabel')}`, data: d.dataResposta ? formatDateTime(s('dataResposta')) : null, texto: s('justificativaNegativa') });
  if (d.recurso) andamento.push({ titulo: 'Seu recurso (1ª instância)', data: d.recursoEm ? formatDateTime(s('recursoEm')) : null, texto: s('recurso') });
  if (d.decisaoRecurso) andamento.push({ titulo: `Decisão do recurso (1ª instância): ${s('decisaoRecursoLabel')}`, data: d.recursoDecididoEm ? formatDateTime(s('recursoDecididoEm')) : null, texto: s('fundamentacaoRecurso') });
  if (d.recurso2) andamento.push({ titulo: 'Seu recurso (2ª instância)', data: d.recurso2Em ? formatDateTime(s('recurso2Em')) : null, texto: s('recurso2') });
  if (d.decisaoRecurso2) andamento.push({ titulo: `Decisão do recurso (2ª instância): ${s('decisaoRecurso2Label')}`, data: d.recurso2DecididoEm ? formatDateTime(s('recurso2DecididoEm')) : null, texto: s('fundamentacaoRecurso2') });
  const extended = service === 'ouvidoria' ? d.prorrogada : d.prorrogado;
  return {
    protocolo: s('protocolo'), codigo, assunto: s('assunto'), tipo: d.tipoLabel ? s('tipoLabel') : null, situacao: s('situacaoLabel'),
    registradoEm: formatDateTime(s('created_at')), prazo: d.prazo ? formatDate(s('prazo')) : null, emAtraso: !!d.emAtraso,
    prorrogacao: extended ? `Prazo prorrogado. Justificativa: ${s('justificativaProrrogacao')}` : null,
    anexos: ((d.anexos ?? []) as { name: string }[]).map((x) => x.name), andamento,
    recurso: d.podeRecorrer && d.prazoRecurso ? { instancia: Number(d.instanciaRecurso ?? 1), ate: formatDate(s('prazoRecurso')) } : null,
  };
}

export function registerCidadao(app: FastifyInstance, sv: Services, h: Helpers): void {
  const send = (reply: FastifyReply, made: Made) => reply.header('Cache-Control', 'no-store').status(made.status).type(made.type).send(made.body);
  const inject = async (req: FastifyRequest, o: { method: 'GET' | 'POST'; url: string; payload?: unknown; headers?: Record<string, string> }): Promise<Api> => {
    const res = await app.inject({ ...o, payload: o.payload as never, remoteAddress: req.ip });
    return { statusCode: res.statusCode, json: () => { try { return JSON.parse(res.body); } catch { return {}; } } };
  };

  const page = (site: Site, req: FastifyRequest, service: Service, parts: Partial<CidadaoPage> = {}, status = 200): Made => h.html({
    kind: 'cidadao', site: pageSite(site), service, options: service === 'ouvidoria' ? [...MANIFESTACAO_TIPOS] : [...PEDIDO_TEMAS],
    filing: empty(), filed: null, following: empty(), followed: null, appeal: empty(), notice: null,
    limits: { files: ANEXOS_CIDADAO.max, mb: ANEXOS_CIDADAO.maxMB }, ...parts,
  }, { title: h.titleOf(site, TITLE[service]), url: `${h.originOf(req)}/portal/${site.slug}/${service}`, colors: site.colors, noindex: req.method !== 'GET' }, status);

  const withSite = (fn: (site: Site, req: Req, reply: FastifyReply) => Promise<Made>) => async (req: Req, reply: FastifyReply) => {
    const site = await loadSite(sv, req.params.slug);
    return send(reply, site ? await fn(site, req, reply) : h.notFound(null, req));
  };

  /** Follows by protocol and code: the view, or the follow-up form's errors. */
  async function follow(req: FastifyRequest, site: Site, service: Service, protocolo: string, codigo: string): Promise<{ view: FollowView | null; form: FormState }> {
    const values = { protocolo, codigo };
    if (!protocolo.trim() || !codigo.trim()) {
      const errors: Record<string, string[]> = {};
      if (!protocolo.trim()) errors.protocolo = ['Informe o protocolo.'];
      if (!codigo.trim()) errors.codigo = ['Informe o código de acompanhamento.'];
      return { view: null, form: { values, errors } };
    }
    const qs = new URLSearchParams({ company_id: String(site.id), protocolo: protocolo.trim(), codigo: codigo.trim() });
    const res = await inject(req, { method: 'GET', url: `${API[service]}/consulta?${qs}` });
    if (res.statusCode === 200) return { view: followView(service, res.json().data ?? {}, codigo.trim().toUpperCase()), form: { values, errors: {} } };
    if (res.statusCode === 404) return { view: null, form: { values, errors: { codigo: ['Protocolo ou código não conferem. Confira os dois e tente de novo.'] } } };
    return { view: null, form: { values, errors: errorsOf(res.statusCode, res.json()) } };
  }

  for (const service of ['ouvidoria', 'sic'] as const) {
    app.get<{ Params: { slug: string } }>(`/portal/:slug/${service}`, PAGE, withSite(async (site, req) => page(site, req, service)));

    app.post<{ Params: { slug: string } }>(`/portal/:slug/${service}`, PAGE, withSite(async (site, req) => {
      const sent = await readForm(req);
      const values: Record<string, string> = {};
      for (const k of FILING_FIELDS[service]) if (sent.fields[k]?.trim()) values[k] = sent.fields[k]!;
      const kept = { ...values, website: '' };
      if (sent.problem) return page(site, req, service, { filing: { values: kept, errors: { anexos: [sent.problem] } } }, 422);
      const body = multipartOf({ company_id: String(site.id), ...values }, sent.files);
      const res = await inject(req, { method: 'POST', url: API[service], ...body });
      if (res.statusCode === 201) {
        const d = res.json().data ?? {};
        return page(site, req, service, { filed: { protocolo: String(d.protocolo), codigo: String(d.codigo), prazo: d.prazo ? formatDate(String(d.prazo)) : null }, notice: String(res.json().message ?? '') }, 201);
      }
      return page(site, req, service, { filing: { values: kept, errors: errorsOf(res.statusCode, res.json()) } }, res.statusCode === 429 ? 429 : 422);
    }));

    app.post<{ Params: { slug: string } }>(`/portal/:slug/${service}/acompanhar`, PAGE, withSite(async (site, req) => {
      const { fields } = await readForm(req);
      const got = await follow(req, site, service, fields.protocolo ?? '', fields.codigo ?? '');
      return page(site, req, service, { following: got.form, followed: got.view }, got.view ? 200 : 422);
    }));
  }

  app.post<{ Params: { slug: string } }>('/portal/:slug/sic/recurso', PAGE, withSite(async (site, req) => {
    const { fields } = await readForm(req);
    const protocolo = fields.protocolo ?? '';
    const codigo = fields.codigo ?? '';
    const recurso = fields.recurso ?? '';
    const res = await inject(req, { method: 'POST', url: '/api/public/pedidos_informacao/recurso', payload: { company_id: site.id, protocolo, codigo, recurso } });
    const got = await follow(req, site, 'sic', protocolo, codigo);
    if (res.statusCode === 200) return page(site, req, 'sic', { following: got.form, followed: got.view, notice: String(res.json().message ?? 'Recurso registrado.') });
    const errors = errorsOf(res.statusCode, res.json());
    return page(site, req, 'sic', {
      following: got.form, followed: got.view, appeal: { values: { recurso }, errors: errors.recurso ? { recurso: errors.recurso } : {} },
      notice: errors.recurso ? null : (errors.form ?? errors.codigo ?? errors.protocolo ?? [TRY_AGAIN])[0]!,
    }, 422);
  }));

  app.get<{ Params: { slug: string }; Querystring: { ano?: string } }>('/portal/:slug/sic/estatisticas', PAGE, withSite(async (site, req) => {
    const thisYear = Number(todayInSaoPaulo().slice(0, 4));
    const asked = Number((req.query as { ano?: string }).ano);
    const ano = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear ? asked : thisYear;
    const url = `/api/public/sic/estatisticas?company_id=${site.id}&ano=${ano}`;
    const res = await inject(req, { method: 'GET', url });
    if (res.statusCode !== 200) return h.notFound(site, req);
    const d = res.json().data as unknown as Omit<StatsPage, 'kind' | 'site' | 'anos' | 'csv' | 'json'>;
    const data: StatsPage = {
      ...d, kind: 'sic-estatisticas', site: pageSite(site), atualizadoEm: formatDate(d.atualizadoEm),
      anos: Array.from({ length: 5 }, (_, i) => thisYear - i), csv: `${url}&formato=csv`, json: url,
    };
    return h.html(data, { title: h.titleOf(site, `Estatísticas do e-SIC ${ano}`), url: `${h.originOf(req)}/portal/${site.slug}/sic/estatisticas`, colors: site.colors });
  }));
}
