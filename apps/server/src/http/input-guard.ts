/**
 * One rule for every route, checked before its handler runs: PostgreSQL text and jsonb cannot hold the NUL
 * character (U+0000), so a NUL anywhere in the query string, the route parameters, a JSON or text body (values and
 * keys) or a multipart form (field names, values, file names) is refused with 422, naming the fields. JSON nested
 * deeper than MAX_DEPTH levels is refused too: no form of the product nests so deep, and deeper bodies only overflow
 * the stack of whatever walks them (a 500).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { unprocessable } from './errors.ts';

export const NUL_MESSAGE = 'O texto contém caracteres inválidos.';
export const DEPTH_MESSAGE = 'O conteúdo tem níveis de aninhamento demais.';
export const MAX_DEPTH = 32;
/** fields named in one answer (a body full of NULs is not echoed back whole) */
const MAX_FIELDS = 20;

type Errors = Record<string, string[]>;
const hasNul = (s: string): boolean => s.includes('\u0000');
const clean = (s: string): string => s.replaceAll('\u0000', '');

function add(errors: Errors, key: string, message: string): void {
  const k = key || '_';
  if (!errors[k] && Object.keys(errors).length >= MAX_FIELDS) return;
  const list = (errors[k] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** Walks a value without recursion (a deep body must not overflow the stack here either). */
function inspect(root: unknown, prefix: string, errors: Errors): void {
  const stack: [unknown, string, number][] = [[root, prefix, 0]];
  const join = (path: string, k: string | number): string => (path ? `${path}.${k}` : String(k));
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasNul(v)) add(errors, path, NUL_MESSAGE);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) {
      add(errors, path, DEPTH_MESSAGE);
      continue;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(path, i), depth + 1]);
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      if (hasNul(k)) add(errors, join(path, clean(k)), NUL_MESSAGE);
      stack.push([x, join(path, clean(k)), depth + 1]);
    }
  }
}

const refuse = (errors: Errors): void => {
  if (Object.keys(errors).length) throw unprocessable(errors);
};

/** The fields of a multipart form read so far (`part.fields`: each a part or a list of parts). */
function inspectFields(fields: Multipart['fields'] | undefined, errors: Errors): void {
  for (const [name, entry] of Object.entries(fields ?? {})) {
    if (hasNul(name)) add(errors, clean(name), NUL_MESSAGE);
    for (const p of Array.isArray(entry) ? entry : [entry]) {
      if (p && p.type === 'field' && typeof p.value === 'string' && hasNul(p.value)) add(errors, clean(name), NUL_MESSAGE);
    }
  }
}

/** Checks one multipart part as the handler receives it; a refused file is drained so the request can finish. */
function inspectPart(part: Multipart): void {
  const errors: Errors = {};
  const name = clean(part.fieldname);
  if (hasNul(part.fieldname)) add(errors, name, NUL_MESSAGE);
  if (part.type === 'file' && hasNul(part.filename ?? '')) add(errors, name, NUL_MESSAGE);
  if (part.type === 'field' && typeof part.value === 'string' && hasNul(part.value)) add(errors, name, NUL_MESSAGE);
  inspectFields(part.fields, errors);
  if (Object.keys(errors).length && part.type === 'file') part.file.resume();
  refuse(errors);
  if (part.type === 'file') {
    // fields after the file arrive while it is read: checked again once it has been
    const toBuffer = part.toBuffer.bind(part);
    part.toBuffer = async () => {
      const data = await toBuffer();
      const later: Errors = {};
      inspectFields(part.fields, later);
      refuse(later);
      return data;
    };
  }
}

/** Wraps the request's multipart readers (@fastify/multipart's file, files and parts) so every part is checked. */
function guardMultipart(req: FastifyRequest): void {
  const { file, files, parts } = req;
  req.file = async (options) => {
    const part = await file.call(req, options);
    if (part) inspectPart(part);
    return part;
  };
  req.files = async function* (options) {
    for await (const part of files.call(req, options)) {
      inspectPart(part);
      yield part as MultipartFile;
    }
  };
  req.parts = async function* (options) {
    for await (const part of parts.call(req, options)) {
      inspectPart(part);
      yield part;
    }
  };
}

export async function guardInput(req: FastifyRequest): Promise<void> {
  const errors: Errors = {};
  inspect(req.params, '', errors);
  inspect(req.query, '', errors);
  if (req.isMultipart()) guardMultipart(req);
  else inspect(req.body, '', errors);
  refuse(errors);
}

/** Registered after the authorization hook: 401/403 still come before 422. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', guardInput);
}
