/** Files sent to a record: received whole and checked (size, type by content, name) before anything is written. */
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileFields, type ResourceDef } from '@paco/domain/resource';
import type { Field, FileField } from '@paco/domain/fields';
import { HttpError, notFound, unprocessable } from '../http/errors.ts';
import { accepts, safeFileName, sniff } from '../storage/files.ts';
import type { ReceivedFile, Row, Services } from './context.ts';

export type { ReceivedFile } from './context.ts';
import { attach, detach, scopeOf } from './records.ts';
import { hooksOf } from './behaviour.ts';

/** Uploads a person may send: per account and per address, per hour (a self-registered account can upload). */
export const UPLOAD_LIMITS = { account: { max: 120, ms: 3600_000 }, ip: { max: 300, ms: 3600_000 } } as const;

/** Counts one upload of the session's account and address; 429 past either limit (before the file is read). */
export async function countUpload(s: Pick<Services, 'limits'>, req: FastifyRequest): Promise<void> {
  const what = 'Limite de envios de arquivos atingido';
  if (req.auth) await s.limits.consume(`upload:user:${req.auth.userId}`, UPLOAD_LIMITS.account, what);
  await s.limits.consume(`upload:ip:${req.ip}`, UPLOAD_LIMITS.ip, what);
}

/** The file field a part is for: its own name, or `file` (or any name) when there is only one. */
function fieldOfPart(fields: [string, FileField][], name: string): [string, FileField] | undefined {
  return fields.find(([k]) => k === name) ?? (fields.length === 1 || name === 'file' ? fields[0] : undefined);
}

/** Reads one file part whole and checks it against its field: size, non-empty, type by content. */
async function readFilePart(part: MultipartFile, field: string, def: FileField): Promise<ReceivedFile> {
  const data = await part.toBuffer().catch((e: { code?: string }) => {
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `O arquivo excede o limite de ${def.maxMB} MB.`);
    throw e;
  });
  if (data.length > def.maxMB * 1024 * 1024) throw new HttpError(413, `O arquivo excede o limite de ${def.maxMB} MB.`);
  if (!data.length) throw unprocessable({ [field]: ['O arquivo está vazio.'] });
  const mime = sniff(data);
  if (!mime || !accepts(def.accept, mime)) {
    throw unprocessable({ [field]: ['Tipo de arquivo não permitido.'] });
  }
  return { field, def, data, name: safeFileName(part.filename), mime };
}

/**
 * Multipart upload of one file field, checked against the field's types and size. Read-only file fields are the
 * server's (an answer's attachment, sent with its action): the upload call does not reach them.
 */
export async function receiveFile(req: FastifyRequest, r: ResourceDef): Promise<ReceivedFile> {
  const fields = fileFields(r).filter(([, fl]) => !fl.readOnly);
  if (!fields.length) throw notFound('Envio de arquivo');
  if (!req.isMultipart()) throw new HttpError(415, 'Envie o arquivo como multipart/form-data.');
  const maxMB = Math.max(...fields.map(([, f]) => f.maxMB));
  const part = await req.file({ limits: { fileSize: maxMB * 1024 * 1024, files: 1, fields: 10 } });
  if (!part) throw unprocessable({ file: ['Nenhum arquivo enviado.'] });
  const match = fieldOfPart(fields, part.fieldname);
  if (!match) throw unprocessable({ [part.fieldname]: ['Campo de arquivo desconhecido.'] });
  return readFilePart(part, match[0], match[1]);
}

/**
 * The files of record actions sent as multipart/form-data (a dialog with an attachment), by request: read whole
 * before the action's transaction opens, so the action still runs in one transaction (engine/transaction.ts).
 */
export const receivedForms = new WeakMap<FastifyRequest, Record<string, ReceivedFile>>();

/**
 * A record action's form sent as multipart/form-data: its text fields become the body (checked by the action's
 * schema like a JSON body, after this), its files are received whole and checked against their form fields. The
 * sender's hourly upload limits count one upload when a file came. JSON requests pass untouched.
 */
export async function receiveActionForm(s: Pick<Services, 'limits'>, req: FastifyRequest, form: Record<string, Field>): Promise<void> {
  if (!req.isMultipart()) return;
  const files = Object.entries(form).filter((e): e is [string, FileField] => e[1].kind === 'file');
  const maxMB = Math.max(...files.map(([, f]) => f.maxMB));
  const count = files.reduce((n, [, f]) => n + (f.multiple ?? 1), 0);
  const body: Record<string, string> = {};
  const got: Record<string, ReceivedFile[]> = {};
  for await (const part of req.parts({ limits: { fileSize: maxMB * 1024 * 1024, files: count + 1, fields: 20 } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in body)) body[part.fieldname] = part.value;
      continue;
    }
    // a form's empty file input (no file chosen) arrives as a part without a name and without bytes
    if (!part.filename) { part.file.resume(); continue; }
    const match = fieldOfPart(files, part.fieldname);
    const already = match ? got[match[0]]?.length ?? 0 : 0;
    if (!match || already >= (match[1].multiple ?? 1)) {
      part.file.resume();
      throw unprocessable({ [part.fieldname]: [!match ? 'Campo de arquivo desconhecido.' : match[1].multiple ? `Envie no máximo ${match[1].multiple} arquivos.` : 'Envie um arquivo só.'] });
    }
    if (!Object.keys(got).length) await countUpload(s, req);
    (got[match[0]] ??= []).push(await readFilePart(part, match[0], match[1]));
  }
  req.body = body;
  receivedLists.set(req, got);
  receivedForms.set(req, Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v[0]])));
}

/** Every file of each form field (a `multiple` field's several), by request; `receivedForms` keeps the first. */
export const receivedLists = new WeakMap<FastifyRequest, Record<string, ReceivedFile[]>>();

/**
 * The upload call of a record: the guard (who may touch it), the sender's hourly limits, the file received whole
 * and checked, then saved and set on the record with its audit row (records.attach; a failed write removes it).
 */
export async function storeUpload(s: Services, r: ResourceDef, req: FastifyRequest, existing: Row): Promise<Row> {
  await hooksOf(r)?.guard?.(existing, { db: s.db, auth: req.auth!, resource: r, services: s });
  await countUpload(s, req);
  const file = await receiveFile(req, r);
  return attach(scopeOf(s, req), r, existing, file.field, file);
}

/** `DELETE …/upload/{field}/{fileId}`: removes one file of a record (an entry of a list, or a single file); 404 when absent. */
export async function removeUpload(s: Services, r: ResourceDef, req: FastifyRequest, existing: Row): Promise<Row> {
  const { field = '', fileId = '' } = (req.params ?? {}) as { field?: string; fileId?: string };
  if (!fileFields(r).some(([k]) => k === field)) throw notFound('Arquivo');
  return detach(scopeOf(s, req), r, existing, field, fileId);
}
