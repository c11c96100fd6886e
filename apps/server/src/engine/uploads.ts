/** Files sent to a record: received whole and checked (size, type by content, name) before anything is written. */
import type { FastifyRequest } from 'fastify';
import { fileFields, type ResourceDef } from '@paco/domain/resource';
import type { FileField } from '@paco/domain/fields';
import { HttpError, notFound, unprocessable } from '../http/errors.ts';
import { accepts, safeFileName, sniff } from '../storage/files.ts';
import type { Row, Services } from './context.ts';
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

/** Multipart upload of one file field, checked against the field's types and size. */
export async function receiveFile(req: FastifyRequest, r: ResourceDef): Promise<{ field: string; def: FileField; data: Buffer; name: string; mime: string }> {
  const fields = fileFields(r);
  if (!fields.length) throw notFound('Envio de arquivo');
  if (!req.isMultipart()) throw new HttpError(415, 'Envie o arquivo como multipart/form-data.');
  const maxMB = Math.max(...fields.map(([, f]) => f.maxMB));
  const part = await req.file({ limits: { fileSize: maxMB * 1024 * 1024, files: 1, fields: 10 } });
  if (!part) throw unprocessable({ file: ['Nenhum arquivo enviado.'] });
  const match = fields.find(([k]) => k === part.fieldname) ?? (fields.length === 1 || part.fieldname === 'file' ? fields[0] : undefined);
  if (!match) throw unprocessable({ [part.fieldname]: ['Campo de arquivo desconhecido.'] });
  const [field, def] = match;
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
