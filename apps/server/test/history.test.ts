/**
 * A record's history (issue 11 §3, engine/history.ts): GET /api/{resource}/{id}/audit answers the record's audit
 * trail, newest first and paged, field by field with pt-BR labels and values as the screens show them; for who may
 * update the record and sees it (the show route's read: another company's record is 404); IP only for who may read
 * the audit log; secrets never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@paco/domain/format';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminPm: string; // Prefeitura admin
let protocolo: string; // Prefeitura, protocolo (may update processes; reads the audit log)
let cultura: string; // Prefeitura, pm_cultura_admin (no protocol role)
let adminCm: string; // Câmara admin
let operador: string; // Câmara, cm_admin (updates matters; does not read the audit log)

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;

beforeAll(async () => {
  t = await makeApp();
  [adminPm, protocolo, cultura, adminCm, operador] = await Promise.all(
    ['admin.prefeitura@paco.demo', 'protocolo@paco.demo', 'cultura@paco.demo', 'admin@paco.demo', 'operador@paco.demo'].map((e) => t.login(e)),
  );
});
afterAll(async () => { await t?.close(); });

describe('GET {resource}/:id/audit', () => {
  it('who changed what, field by field, newest first, paged; references by name', async () => {
    const procedure = (await t.call('GET', '/api/procedures?q=Concess', { token: adminPm })).json().data[0];
    const sector = (await t.call('GET', '/api/sectors?q=Protocolo', { token: adminPm })).json().data[0];
    const created = await t.call('POST', '/api/processes', { token: adminPm, body: { procedure_id: procedure.id, sector_id: sector.id, object: 'Diárias para curso em Goiânia.', valorBruto: 1200 } });
    expect(created.statusCode, created.body).toBe(201);
    const id = data(created).id as number;
    expect((await t.call('PUT', `/api/processes/${id}`, { token: protocolo, body: { obs: 'Anexar o certificado.', valorBruto: 1350.5 } })).statusCode).toBe(200);

    const res = await t.call('GET', `/api/processes/${id}/audit`, { token: protocolo });
    expect(res.statusCode, res.body).toBe(200);
    const { data: rows, meta } = res.json();
    expect(meta).toMatchObject({ page: 1, perPage: 10, total: 2, ip: true });
    const [upd, crt] = rows;
    expect(upd).toMatchObject({ action: 'update', actionLabel: 'Alteração', user: { name: 'Priscila Protocolo' }, ip: '127.0.0.1' });
    expect(upd.description).toContain('Priscila Protocolo alterou processo');
    expect(upd.changes).toEqual(expect.arrayContaining([
      { field: 'obs', label: 'Observações', from: null, to: 'Anexar o certificado.' },
      { field: 'valorBruto', label: 'Valor bruto', from: formatMoney(1200), to: formatMoney(1350.5) },
    ]));
    expect(crt).toMatchObject({ action: 'create', actionLabel: 'Criação' });
    expect(crt.changes).toEqual(expect.arrayContaining([
      { field: 'procedure_id', label: 'Procedimento', from: null, to: procedure.name },
      { field: 'sector_id', label: 'Setor de origem', from: null, to: sector.name },
    ]));
    expect(Date.parse(upd.at)).toBeGreaterThanOrEqual(Date.parse(crt.at));

    const page2 = (await t.call('GET', `/api/processes/${id}/audit?perPage=1&page=2`, { token: protocolo })).json();
    expect(page2.meta).toMatchObject({ page: 2, perPage: 1, total: 2 });
    expect(page2.data.map((x: { id: number }) => x.id)).toEqual([crt.id]);
    expect((await t.call('GET', `/api/processes/${id}/audit?perPage=500`, { token: protocolo })).statusCode).toBe(422);

    // another company's record is not found; who may not update it is refused; without a session, 401
    expect((await t.call('GET', `/api/processes/${id}/audit`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/processes/${id}/audit`, { token: cultura })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/processes/${id}/audit`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/processes/999999/audit', { token: protocolo })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/processes/abc/audit', { token: protocolo })).statusCode).toBe(404);
  });

  it('the IP only for who reads the audit log', async () => {
    // a plain matter type (amendment types are presented through their main matter)
    const type = ((await t.call('GET', '/api/types?type=matters&perPage=100', { token: adminCm })).json().data as { id: number; slug: string }[]).find((x) => x.slug === 'ind')!.id;
    const m = data(await t.call('POST', '/api/matters', { token: adminCm, body: { type_id: type, dataApresentacao: '2026-03-02', ementa: 'Denomina rua do bairro Centro.' } }));
    expect((await t.call('PUT', `/api/matters/${m.id}`, { token: operador, body: { ementa: 'Denomina a Rua das Flores, no bairro Centro.', polemica: true } })).statusCode).toBe(200);
    const theirs = (await t.call('GET', `/api/matters/${m.id}/audit`, { token: operador })).json();
    expect(theirs.meta.ip).toBe(false);
    expect(theirs.data[0]).not.toHaveProperty('ip');
    expect(theirs.data[0].changes).toEqual(expect.arrayContaining([
      { field: 'ementa', label: 'Ementa', from: 'Denomina rua do bairro Centro.', to: 'Denomina a Rua das Flores, no bairro Centro.' },
      { field: 'polemica', label: 'Polêmica', from: 'Não', to: 'Sim' },
    ]));
    const admins = (await t.call('GET', `/api/matters/${m.id}/audit`, { token: adminCm })).json();
    expect(admins.meta.ip).toBe(true);
    expect(admins.data[0].ip).toBe('127.0.0.1');
  });

  it('secrets never appear: a password change is listed without values, a manifestante\'s identity too', async () => {
    const u = data(await t.call('POST', '/api/admin/users', { token: adminPm, body: { name: 'Conta Histórico', email: 'historico@paco.demo', password: 'senha-inicial-1' } }));
    expect((await t.call('PUT', `/api/admin/users/${u.id}`, { token: adminPm, body: { password: 'senha-trocada-2', name: 'Conta do Histórico' } })).statusCode).toBe(200);
    const res = await t.call('GET', `/api/admin/users/${u.id}/audit`, { token: adminPm });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/senha-inicial|senha-trocada|scrypt|\$\w+\$/);
    const [upd] = data(res);
    expect(upd.changes).toEqual(expect.arrayContaining([
      { field: 'password', label: 'Senha', hidden: true },
      { field: 'name', label: 'Nome', from: 'Conta Histórico', to: 'Conta do Histórico' },
    ]));
    // the same rows through the other definition of the table
    expect(data(await t.call('GET', `/api/users/${u.id}/audit`, { token: adminPm }))).toHaveLength(2);

    const man = data(await t.call('POST', '/api/manifestacoes', { token: adminPm, body: { tipo: 'denuncia', assunto: 'Obra irregular', texto: 'Relato.', requerenteNome: 'Fulana de Tal', requerenteCpf: '52998224725' } }));
    const hist = await t.call('GET', `/api/manifestacoes/${man.id}/audit`, { token: adminPm });
    expect(hist.body).not.toMatch(/Fulana|52998224725|529\.982/);
    expect(data(hist)[0].changes).toEqual(expect.arrayContaining([{ field: 'requerenteNome', label: 'Nome do manifestante', hidden: true }]));

    // a deleted account: as for its show route, not found
    expect((await t.call('DELETE', `/api/admin/users/${u.id}`, { token: adminPm })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/admin/users/${u.id}/audit`, { token: adminPm })).statusCode).toBe(404);
  });

  it('only audited resources with an update route have one', async () => {
    expect((await t.call('GET', '/api/logs/1/audit', { token: adminPm })).json().message).toBe('Rota não encontrada.');
    expect((await t.call('GET', '/api/votes/1/audit', { token: adminCm })).json().message).toBe('Rota não encontrada.');
  });
});
