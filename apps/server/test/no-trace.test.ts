/**
 * A refused or failed request leaves no trace (issue 10 items 4 and 6): an action that fails after its first write
 * changes nothing; an upload whose record cannot be written leaves no file; file names are made safe; uploads are
 * limited per account per hour. Failures are forced with a trigger in the test's own database.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminPm: string;
beforeAll(async () => {
  t = await makeApp();
  adminPm = await t.login('admin.prefeitura@paco.demo');
});
afterAll(async () => { await t?.close(); });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const multipart = (field: string, filename: string, data: Buffer) => {
  const boundary = `----paco${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** every file under the uploads folder */
function files(dir = t.config.storageDir): string[] {
  let out: string[] = [];
  let names: string[] = [];
  try { names = readdirSync(dir); } catch { return []; }
  for (const n of names) {
    const p = join(dir, n);
    out = statSync(p).isDirectory() ? [...out, ...files(p)] : [...out, p];
  }
  return out;
}

/** Makes the next statements matching `when` fail inside the database, as a fault would. */
async function failWhen(table: string, when: string, run: () => Promise<void>): Promise<void> {
  await t.database.db.execute(sql.raw(`create or replace function paco_test_fail() returns trigger language plpgsql as $$ begin raise exception 'falha simulada'; end $$`));
  await t.database.db.execute(sql.raw(`create trigger paco_test_fail before insert or update on ${table} for each row when (${when}) execute function paco_test_fail()`));
  try {
    await run();
  } finally {
    await t.database.db.execute(sql.raw(`drop trigger paco_test_fail on ${table}`));
  }
}

describe('a failed request leaves no trace', () => {
  it('an action that fails after its first write changes nothing (its state, its audit)', async () => {
    const created = await t.call('POST', '/api/manifestacoes', { token: adminPm, body: { tipo: 'reclamacao', assunto: 'Iluminação', texto: 'Poste apagado.' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    // encerrar updates the manifestação, then writes its audit row: the audit row fails
    await failWhen('logs', `new.action = 'encerrar'`, async () => {
      const res = await t.call('POST', `/api/manifestacoes/${id}/encerrar`, { token: adminPm, body: { motivo: 'Resolvido' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Erro interno do servidor. Tente novamente mais tarde.' });
    });
    const after = await t.call('GET', `/api/manifestacoes/${id}`, { token: adminPm });
    expect(after.json().data.situacao).toBe('recebida');
    // and the same request, when it works, closes it
    expect((await t.call('POST', `/api/manifestacoes/${id}/encerrar`, { token: adminPm, body: { motivo: 'Resolvido' } })).json().data.situacao).toBe('encerrada');
  });

  it('an upload whose record cannot be written leaves no file behind', async () => {
    const person = await t.call('POST', '/api/people', { token: adminPm, body: { name: 'Pessoa do Teste de Envio', type_id: null } });
    expect(person.statusCode, person.body).toBe(201);
    const id = person.json().data.id as number;
    const before = files().length;
    await failWhen('people', 'new.photo is not null', async () => {
      const up = multipart('photo', 'foto.png', PNG);
      const res = await t.call('POST', `/api/people/${id}/upload`, { token: adminPm, body: up.body, headers: up.headers });
      expect(res.statusCode).toBe(500);
    });
    expect(files().length).toBe(before);
    const ok = multipart('photo', 'foto.png', PNG);
    expect((await t.call('POST', `/api/people/${id}/upload`, { token: adminPm, body: ok.body, headers: ok.headers })).statusCode).toBe(200);
    expect(files().length).toBe(before + 1);
  });

  it('keeps a safe file name: no path, no control characters', async () => {
    const person = await t.call('POST', '/api/people', { token: adminPm, body: { name: 'Pessoa do Nome de Arquivo' } });
    const up = multipart('photo', '../../etc/\u0007pass:wd.png', PNG);
    const res = await t.call('POST', `/api/people/${person.json().data.id}/upload`, { token: adminPm, body: up.body, headers: up.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.photo.name).toBe('pass_wd.png');
  });

  it('limits uploads per account per hour (429 in pt-BR), counted before the file is read', async () => {
    const person = await t.call('POST', '/api/people', { token: adminPm, body: { name: 'Pessoa dos Muitos Envios' } });
    const id = person.json().data.id as number;
    const token = await t.login('protocolo@paco.demo');
    let last = 0;
    let message = '';
    for (let i = 0; i < 121; i++) {
      const up = multipart('photo', `f${i}.png`, PNG);
      const res = await t.call('POST', `/api/people/${id}/upload`, { token, body: up.body, headers: up.headers });
      last = res.statusCode;
      message = res.json().message;
      if (last !== 200) break;
    }
    expect(last).toBe(429);
    expect(message).toMatch(/^Limite de envios de arquivos atingido\. Tente novamente em \d+ minutos?\.$/);
    // another account is not held back
    const up = multipart('photo', 'outra.png', PNG);
    expect((await t.call('POST', `/api/people/${id}/upload`, { token: adminPm, body: up.body, headers: up.headers })).statusCode).toBe(200);
  });
});
