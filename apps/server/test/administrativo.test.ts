import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNup, isValidNup, nupCheckDigits } from '@paco/domain/resources/administrativo';
import { isValidCpf } from '@paco/domain/br';
import { crestPng } from '../src/seed/crest.ts';
import { cpfFrom } from '../src/modules/administrativo/seed.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminCm: string; // Câmara admin (another company)
let adminPm: string; // Prefeitura admin
let protocolo: string; // Prefeitura, role protocolo (responsible for Protocolo Geral in the demo)
let cultura: string; // Prefeitura, role pm_cultura_admin (no access here)
let vereador: string; // Câmara, cm_parlamentar
let licitacao: string; // Prefeitura, role licitacao (created below)
let protocolo2: string; // Prefeitura, second protocolo user (responsible of no sector)

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;

const multipart = (field: string, name: string, mime: string, buf: Buffer) => {
  const boundary = '----paco' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
    buf, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

async function userWithRole(email: string, role: string): Promise<string> {
  const created = await t.call('POST', '/api/users', { token: adminPm, body: { name: `Teste ${role}`, email, password: 'paco-demo' } });
  expect(created.statusCode).toBe(201);
  const roles = (await t.call('GET', '/api/roles?perPage=100', { token: adminPm })).json().data as { id: number; name: string }[];
  const link = await t.call('POST', `/api/users/${data(created).id}/vincula`, { token: adminPm, body: { role_id: roles.find((r) => r.name === role)!.id } });
  expect(link.statusCode).toBe(200);
  return t.login(email);
}

beforeAll(async () => {
  t = await makeApp();
  [adminCm, adminPm, protocolo, cultura, vereador] = await Promise.all(
    ['admin@paco.demo', 'admin.prefeitura@paco.demo', 'protocolo@paco.demo', 'cultura@paco.demo', 'vereador@paco.demo'].map((e) => t.login(e)),
  );
  licitacao = await userWithRole('licitacao.teste@paco.demo', 'licitacao');
  protocolo2 = await userWithRole('protocolo2.teste@paco.demo', 'protocolo');
});
afterAll(async () => { await t?.close(); });

describe('NUP', () => {
  it('computes ISO 7064 mod 97-10 check digits', () => {
    expect(nupCheckDigits('001010000012026')).toBe('98');
    expect(formatNup('101', 2, 2026)).toBe('00101.000002/2026-71');
    expect(isValidNup('00101.000002/2026-71')).toBe(true);
    expect(isValidNup('00101.000002/2026-72')).toBe(false);
    for (let i = 1; i < 200; i++) {
      const n = formatNup('23000', i, 2025).replace(/\D/g, '');
      expect((BigInt(n.slice(0, 15)) * 100n + BigInt(n.slice(15))) % 97n).toBe(1n);
    }
    expect(isValidCpf(cpfFrom('529982247'))).toBe(true);
  });
});

describe('sectors', () => {
  let id: number;
  it('creates, validates in pt-BR, lists, shows and updates', async () => {
    const bad = await t.call('POST', '/api/sectors', { token: protocolo, body: { name: ' ', code: 'x'.repeat(30) } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ name: ['O campo Nome é obrigatório.'], code: ['O campo Código deve ter no máximo 20 caracteres.'] });
    const types = (await t.call('GET', '/api/types_of/sectors', { token: protocolo })).json().data as { id: number; slug: string }[];
    const res = await t.call('POST', '/api/sectors', { token: protocolo, body: { name: 'Secretaria de Obras', code: '00701', type: types.find((x) => x.slug === 'administrativo')!.id } });
    expect(res.statusCode).toBe(201);
    id = data(res).id;
    expect(data(res)).toMatchObject({ name: 'Secretaria de Obras', code: '00701', company_id: 2 });
    const wrongType = await t.call('POST', '/api/sectors', { token: protocolo, body: { name: 'X', type: (await t.call('GET', '/api/types_of/gender', { token: protocolo })).json().data[0].id } });
    expect(wrongType.statusCode).toBe(422);
    const dup = await t.call('POST', '/api/sectors', { token: protocolo, body: { name: 'Outro', code: '00701' } });
    expect(dup.statusCode).toBe(422);
    const list = await t.call('GET', '/api/sectors?q=financas&sort=-name', { token: protocolo });
    expect(list.json().data.map((s: { name: string }) => s.name)).toEqual(['Secretaria Municipal de Finanças']);
    expect(list.json().meta).toMatchObject({ page: 1, total: 1 });
    const sorted = (await t.call('GET', '/api/sectors?sort=code&perPage=3', { token: protocolo })).json();
    expect(sorted.data.map((s: { code: string }) => s.code)).toEqual(['00101', '00201', '00301']);
    const filtered = (await t.call('GET', `/api/sectors?type=${types.find((x) => x.slug === 'juridico')!.id}`, { token: protocolo })).json().data;
    expect(filtered.map((s: { name: string }) => s.name)).toEqual(['Procuradoria Jurídica']);
    expect(data(await t.call('GET', `/api/sectors/${id}`, { token: protocolo })).name).toBe('Secretaria de Obras');
    const upd = await t.call('PUT', `/api/sectors/${id}`, { token: protocolo, body: { description: 'Obras e serviços urbanos' } });
    expect(data(upd).description).toBe('Obras e serviços urbanos');
    const form = await t.call('POST', `/api/sectors/${id}?_method=PUT`, { token: protocolo, body: { name: 'Secretaria Municipal de Obras' } });
    expect(data(form).name).toBe('Secretaria Municipal de Obras');
  });

  it('is isolated per company and refused to other roles', async () => {
    expect((await t.call('GET', `/api/sectors/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/sectors/${id}`, { token: adminCm, body: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/sectors/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/sectors', { token: cultura })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/sectors', { token: vereador, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/sectors')).statusCode).toBe(401);
  });

  it('links procedures (GET/POST/DELETE sectors/:id/procedures)', async () => {
    const p = await t.call('POST', '/api/procedures', { token: protocolo, body: { name: 'Alvará de obra', code: 'ALV', useValues: 'true' } });
    expect(p.statusCode).toBe(201);
    expect(data(p)).toMatchObject({ useValues: true, useCredors: false });
    const add = await t.call('POST', `/api/sectors/${id}/procedures`, { token: protocolo, body: { procedure_id: data(p).id } });
    expect(add.statusCode).toBe(200);
    expect(data(add).map((x: { name: string }) => x.name)).toEqual(['Alvará de obra']);
    expect((await t.call('POST', `/api/sectors/${id}/procedures`, { token: protocolo, body: { procedure_id: 999999 } })).statusCode).toBe(422);
    expect(data(await t.call('GET', `/api/sectors/${id}/procedures`, { token: protocolo }))).toHaveLength(1);
    const del = await t.call('DELETE', `/api/sectors/${id}/procedures`, { token: protocolo, body: { procedure_id: data(p).id } });
    expect(data(del)).toEqual([]);
    expect((await t.call('GET', `/api/sectors/${id}/procedures`, { token: adminCm })).statusCode).toBe(404);
  });

  it('adds and lists historics and responsibles under the sector', async () => {
    const h = await t.call('POST', `/api/sectors/${id}/historics`, { token: protocolo, body: { name: 'Vistoria realizada', description: 'Vistoria realizada no local.' } });
    expect(h.statusCode).toBe(201);
    expect(data(h).sector_id).toBe(id);
    expect(data(await t.call('GET', `/api/sectors/${id}/historics`, { token: protocolo })).map((x: { name: string }) => x.name)).toEqual(['Vistoria realizada']);
    const me = data(await t.call('GET', '/api/load-user', { token: protocolo2 }));
    const badPeriod = await t.call('POST', `/api/sectors/${id}/responsibles`, { token: protocolo, body: { user_id: me.id, dataInicio: '2026-05-01', dataFim: '2026-04-01' } });
    expect(badPeriod.statusCode).toBe(422);
    expect(badPeriod.json().errors.dataFim).toEqual(['O fim deve ser igual ou posterior ao início.']);
    const r = await t.call('POST', `/api/sectors/${id}/responsibles`, { token: protocolo, body: { user_id: me.id, dataInicio: '2020-01-01' } });
    expect(r.statusCode).toBe(201);
    expect(data(r)).toMatchObject({ sector_id: id, user: { id: me.id } });
    const otherCompanyUser = data(await t.call('GET', '/api/load-user', { token: adminCm })).id;
    expect((await t.call('POST', `/api/sectors/${id}/responsibles`, { token: protocolo, body: { user_id: otherCompanyUser, dataInicio: '2020-01-01' } })).statusCode).toBe(422);
    expect(data(await t.call('GET', `/api/sectors/${id}/responsibles`, { token: protocolo }))).toHaveLength(1);
  });

  it('deletes an unused sector (204) and refuses one with processes (409)', async () => {
    const tmp = data(await t.call('POST', '/api/sectors', { token: protocolo, body: { name: 'Temporário' } }));
    expect((await t.call('DELETE', `/api/sectors/${tmp.id}`, { token: protocolo })).statusCode).toBe(204);
    const protocoloGeral = (await t.call('GET', '/api/sectors?q=protocolo geral', { token: protocolo })).json().data[0];
    const del = await t.call('DELETE', `/api/sectors/${protocoloGeral.id}`, { token: protocolo });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/^Não é possível excluir o setor: há registros vinculados \(.+\)\./);
  });
});

describe('procedures, historics, responsibles CRUD', () => {
  it('procedures: CRUD, search, 409 when used by a process', async () => {
    const c = await t.call('POST', '/api/procedures', { token: protocolo, body: { name: 'Restituição de tributo', code: 'RES', description: 'Pedido de restituição' } });
    expect(c.statusCode).toBe(201);
    expect((await t.call('GET', '/api/procedures?q=restituicao', { token: protocolo })).json().data).toHaveLength(1);
    expect(data(await t.call('PUT', `/api/procedures/${data(c).id}`, { token: protocolo, body: { useCredors: true } })).useCredors).toBe(true);
    expect((await t.call('DELETE', `/api/procedures/${data(c).id}`, { token: protocolo })).statusCode).toBe(204);
    const pag = (await t.call('GET', '/api/procedures?q=PAG', { token: protocolo })).json().data[0];
    expect((await t.call('DELETE', `/api/procedures/${pag.id}`, { token: protocolo })).statusCode).toBe(409);
    expect((await t.call('POST', '/api/procedures', { token: protocolo, body: {} })).json().errors.name).toEqual(['O campo Nome é obrigatório.']);
    expect((await t.call('GET', `/api/procedures/${pag.id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/procedures', { token: licitacao })).statusCode).toBe(403);
  });

  it('historics: settings roles, CRUD', async () => {
    const c = await t.call('POST', '/api/historics', { token: protocolo, body: { name: 'Arquive-se', description: 'Arquive-se o processo.' } });
    expect(c.statusCode).toBe(201);
    expect((await t.call('GET', '/api/historics?q=arquive', { token: adminPm })).json().data).toHaveLength(1);
    expect(data(await t.call('PUT', `/api/historics/${data(c).id}`, { token: protocolo, body: { name: 'Arquivamento' } })).name).toBe('Arquivamento');
    expect((await t.call('GET', `/api/historics/${data(c).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/historics', { token: licitacao })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/historics/${data(c).id}`, { token: protocolo })).statusCode).toBe(204);
  });

  it('responsibles: CRUD with validation', async () => {
    const sector = (await t.call('GET', '/api/sectors?q=controladoria', { token: protocolo })).json().data[0];
    const me = data(await t.call('GET', '/api/load-user', { token: adminPm }));
    const bad = await t.call('POST', '/api/responsibles', { token: protocolo, body: { sector_id: sector.id, dataInicio: '31/12/2026' } });
    expect(bad.json().errors).toMatchObject({ user_id: ['O campo Usuário é obrigatório.'], dataInicio: ['Data inválida.'] });
    const c = await t.call('POST', '/api/responsibles', { token: protocolo, body: { sector_id: sector.id, user_id: me.id, dataInicio: '2026-01-01' } });
    expect(c.statusCode).toBe(201);
    expect((await t.call('PUT', `/api/responsibles/${data(c).id}`, { token: protocolo, body: { dataFim: '2025-01-01' } })).statusCode).toBe(422);
    expect(data(await t.call('PUT', `/api/responsibles/${data(c).id}`, { token: protocolo, body: { dataFim: '2026-12-31' } })).dataFim).toBe('2026-12-31');
    expect((await t.call('GET', `/api/responsibles?sector_id=${sector.id}`, { token: protocolo })).json().meta.total).toBe(1);
    expect((await t.call('DELETE', `/api/responsibles/${data(c).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/responsibles/${data(c).id}`, { token: protocolo })).statusCode).toBe(204);
  });
});

describe('processes and movements', () => {
  let sectorIds: Record<string, number>;
  let procId: number;
  let proc: { id: number; number: string };
  beforeAll(async () => {
    const all = (await t.call('GET', '/api/sectors?perPage=50', { token: protocolo })).json().data as { id: number; code: string }[];
    sectorIds = Object.fromEntries(all.map((s) => [s.code, s.id]));
    procId = (await t.call('GET', '/api/procedures?q=PAG', { token: protocolo })).json().data[0].id;
  });

  it('numbers a new process with a NUP of the opening sector, in the company', async () => {
    const bad = await t.call('POST', '/api/processes', { token: protocolo, body: { valorBruto: 'abc' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ object: ['O campo Objeto é obrigatório.'], procedure_id: ['O campo Procedimento é obrigatório.'], valorBruto: ['O campo Valor bruto é inválido.'] });
    const res = await t.call('POST', '/api/processes', {
      token: protocolo, body: { procedure_id: procId, sector_id: sectorIds['00101'], object: 'Pagamento de serviços de manutenção predial', date: '2026-06-01', valorBruto: 1000, valorLiquido: 950, finalizado: true, current_sector_id: 1 },
    });
    expect(res.statusCode).toBe(201);
    proc = data(res);
    // the demo seed used sequences 1 and 2 of unit 00101 in the current year
    expect(proc.number).toMatch(/^00101\.\d{6}\/2026-\d{2}$/);
    expect(isValidNup(proc.number)).toBe(true);
    expect(data(res)).toMatchObject({ finalizado: false, aguardandoAceite: false, current_sector_id: sectorIds['00101'], procedure: { id: procId } });
    const liq = await t.call('POST', '/api/processes', { token: protocolo, body: { procedure_id: procId, sector_id: sectorIds['00101'], object: 'x', valorBruto: 10, valorLiquido: 20 } });
    expect(liq.json().errors.valorLiquido).toEqual(['O valor líquido não pode ser maior que o valor bruto.']);
    const dup = await t.call('POST', '/api/processes', { token: protocolo, body: { procedure_id: procId, sector_id: sectorIds['00101'], object: 'x', number: proc.number } });
    expect(dup.statusCode).toBe(422);
    const today = await t.call('POST', '/api/processes', { token: protocolo, body: { procedure_id: procId, sector_id: sectorIds['00301'], object: 'Consulta jurídica' } });
    expect(data(today).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data(today).number.startsWith('00301.000001/')).toBe(true);
    expect((await t.call('DELETE', `/api/processes/${data(today).id}`, { token: protocolo })).statusCode).toBe(204);
  });

  it('gives distinct consecutive numbers to simultaneous registrations', async () => {
    const body = (i: number) => ({ procedure_id: procId, sector_id: sectorIds['00601'], object: `Processo simultâneo ${i}`, date: '2025-09-10' });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => t.call('POST', '/api/processes', { token: protocolo, body: body(i) })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = results.map((r) => data(r).number as string).sort();
    expect(new Set(numbers).size).toBe(8);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => formatNup('00601', i + 1, 2025)));
    // the same unit and year in another company starts again at 1
    const cmSectors = (await t.call('GET', '/api/sectors', { token: adminCm })).json().data as { id: number; code: string }[];
    const cmProc = await t.call('POST', '/api/procedures', { token: adminCm, body: { name: 'Requerimento' } });
    const other = await t.call('POST', '/api/processes', { token: adminCm, body: { procedure_id: data(cmProc).id, sector_id: cmSectors.find((s) => s.code === '00101')!.id, object: 'Requerimento de cópia', date: '2025-09-10' } });
    expect(data(other).number).toBe(formatNup('00101', 1, 2025));
    // another company's procedure is not accepted
    expect((await t.call('POST', '/api/processes', { token: protocolo, body: { procedure_id: data(cmProc).id, sector_id: sectorIds['00101'], object: 'x' } })).statusCode).toBe(422);
  });

  it('lists with search, filter and sort; shows; updates; isolates companies', async () => {
    const list = await t.call('GET', `/api/processes?q=manutencao predial&procedure_id=${procId}&sort=-date`, { token: protocolo });
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(proc.id);
    const byNumber = await t.call('GET', `/api/processes?q=${encodeURIComponent(proc.number)}`, { token: protocolo });
    expect(byNumber.json().meta.total).toBe(1);
    expect((await t.call('GET', '/api/processes?finalizado=true', { token: protocolo })).json().meta.total).toBe(0);
    expect(data(await t.call('GET', `/api/processes/${proc.id}`, { token: protocolo })).sector).toMatchObject({ id: sectorIds['00101'] });
    const upd = await t.call('POST', `/api/processes/${proc.id}?_method=PUT`, { token: protocolo, body: { notaFiscal: '000.987', obs: 'Conferido' } });
    expect(data(upd)).toMatchObject({ notaFiscal: '000.987', obs: 'Conferido', number: proc.number });
    expect((await t.call('GET', `/api/processes/${proc.id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/processes', { token: cultura })).statusCode).toBe(403);
  });

  it('links people and items (GET/POST/DELETE processes/:id/people|items)', async () => {
    const person = (await t.call('GET', '/api/people?q=papelaria', { token: protocolo })).json().data[0];
    const add = await t.call('POST', `/api/processes/${proc.id}/people`, { token: protocolo, body: { person_id: person.id } });
    expect(add.statusCode).toBe(200);
    expect(data(await t.call('GET', `/api/processes/${proc.id}/people`, { token: protocolo })).map((p: { name: string }) => p.name)).toEqual(['Papelaria Vila Serena ME']);
    expect((await t.call('DELETE', `/api/processes/${proc.id}/people`, { token: protocolo, body: { person_id: person.id } })).json().data).toEqual([]);
    const item = (await t.call('GET', '/api/items?q=cimento', { token: protocolo })).json().data[0];
    expect((await t.call('POST', `/api/processes/${proc.id}/items`, { token: protocolo, body: { item_ids: [item.id] } })).json().data).toHaveLength(1);
    expect((await t.call('GET', `/api/processes/${proc.id}/items`, { token: protocolo })).json().data[0].name).toBe(item.name);
    expect((await t.call('DELETE', `/api/processes/${proc.id}/items`, { token: protocolo, body: { item_id: item.id } })).json().data).toEqual([]);
    expect((await t.call('POST', `/api/processes/${proc.id}/items`, { token: protocolo, body: {} })).statusCode).toBe(422);
    expect((await t.call('GET', `/api/processes/${proc.id}/people`, { token: adminCm })).statusCode).toBe(404);
  });

  it('moves the process: send, accept by the receiving sector, move on, undo, finalize, reopen', async () => {
    // send to the Jurídico (no responsibles): any protocol user accepts
    const bad = await t.call('POST', `/api/processes/${proc.id}/movements`, { token: protocolo, body: { destino_id: sectorIds['00101'] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.destino_id).toEqual(['O setor de destino deve ser diferente do setor atual do processo.']);
    const m1 = await t.call('POST', `/api/processes/${proc.id}/movements`, { token: protocolo, body: { destino_id: sectorIds['00301'], historicoSetor: 'Para parecer.', dataHoraAceito: '2020-01-01T00:00:00Z' } });
    expect(m1.statusCode).toBe(201);
    expect(data(m1)).toMatchObject({ process_id: proc.id, sequence: 1, origem_id: sectorIds['00101'], destino_id: sectorIds['00301'], dataHoraAceito: null, transferida: false });
    expect(data(await t.call('GET', `/api/processes/${proc.id}`, { token: protocolo }))).toMatchObject({ aguardandoAceite: true, current_sector_id: sectorIds['00301'] });
    const again = await t.call('POST', '/api/movements', { token: protocolo, body: { process_id: proc.id, destino_id: sectorIds['00201'] } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A movimentação anterior ainda não foi aceita pelo setor de destino.');
    expect((await t.call('POST', '/api/processes/' + proc.id + '/finalize', { token: protocolo })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/movements/${data(m1).id}/accept`, { token: cultura })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/movements/${data(m1).id}/accept`, { token: adminCm })).statusCode).toBe(404);
    const acc = await t.call('POST', `/api/movements/${data(m1).id}/accept`, { token: protocolo2 });
    expect(acc.statusCode).toBe(200);
    expect(data(acc).dataHoraAceito).toBeTruthy();
    expect((await t.call('POST', `/api/movements/${data(m1).id}/accept`, { token: protocolo2 })).statusCode).toBe(409);
    const inSector = await t.call('GET', `/api/sectors/${sectorIds['00301']}/processes`, { token: protocolo });
    expect(inSector.json().data.map((p: { id: number }) => p.id)).toContain(proc.id);

    // move on to Finanças, whose responsible (demo) is the prefeitura admin: the other protocol user may not accept
    const m2 = await t.call('POST', '/api/movements', { token: protocolo, body: { process_id: proc.id, destino_id: sectorIds['00201'] } });
    expect(m2.statusCode).toBe(201);
    expect(data(m2)).toMatchObject({ sequence: 2, origem_id: sectorIds['00301'] });
    expect(data(await t.call('GET', `/api/movements/${data(m1).id}`, { token: protocolo }))).toMatchObject({ transferida: true });
    const refused = await t.call('POST', `/api/movements/${data(m2).id}/accept`, { token: protocolo2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Somente os responsáveis pelo setor de destino podem aceitar esta movimentação.');

    // the first movement can no longer be removed; the last (not accepted) can, restoring the previous state
    expect((await t.call('DELETE', `/api/processes/${proc.id}/movements`, { token: protocolo, body: { movement_id: data(m1).id } })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/processes/${proc.id}/movements`, { token: protocolo, body: {} })).statusCode).toBe(422);
    expect((await t.call('DELETE', `/api/processes/${proc.id}/movements`, { token: protocolo, body: { movement_id: 999999 } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/processes/${proc.id}/movements`, { token: protocolo, body: { movement_id: data(m2).id } })).statusCode).toBe(204);
    expect(data(await t.call('GET', `/api/movements/${data(m1).id}`, { token: protocolo }))).toMatchObject({ transferida: false, dataHoraSaida: null });
    expect(data(await t.call('GET', `/api/processes/${proc.id}`, { token: protocolo }))).toMatchObject({ aguardandoAceite: false, current_sector_id: sectorIds['00301'] });
    const list = await t.call('GET', `/api/processes/${proc.id}/movements`, { token: protocolo });
    expect(list.json().data.map((m: { sequence: number }) => m.sequence)).toEqual([1]);

    // send again, accepted by the sector's responsible
    const m3 = data(await t.call('POST', `/api/processes/${proc.id}/movements`, { token: protocolo, body: { destino_id: sectorIds['00201'] } }));
    expect(m3.sequence).toBe(2);
    expect((await t.call('POST', `/api/movements/${m3.id}/accept`, { token: adminPm })).statusCode).toBe(200);

    // finalize; then no movement, no edit; reopen only by administrators
    const fin = await t.call('POST', `/api/processes/${proc.id}/finalize`, { token: adminPm });
    expect(fin.statusCode).toBe(200);
    expect(data(fin).finalizado).toBe(true);
    expect(data(await t.call('GET', `/api/movements/${m3.id}`, { token: protocolo })).finalizada).toBe(true);
    expect((await t.call('POST', `/api/processes/${proc.id}/finalize`, { token: adminPm })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/processes/${proc.id}/movements`, { token: protocolo, body: { destino_id: sectorIds['00101'] } })).statusCode).toBe(409);
    const edit = await t.call('PUT', `/api/processes/${proc.id}`, { token: adminPm, body: { obs: 'x' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('O processo está finalizado. Reabra-o para alterar.');
    // the process is in Finanças, which has responsibles: a protocol user of another sector may read it, not change it
    const other = await t.call('PUT', `/api/processes/${proc.id}`, { token: protocolo, body: { obs: 'x' } });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/^O processo está no setor [^;]*Finanças; só os responsáveis por esse setor podem alterá-lo ou movimentá-lo\.$/);
    expect((await t.call('POST', `/api/processes/${proc.id}/reopen`, { token: protocolo })).statusCode).toBe(403);
    const noReason = await t.call('POST', `/api/processes/${proc.id}/reopen`, { token: adminPm, body: {} });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.motivo).toEqual(['O campo Motivo da reabertura é obrigatório.']);
    const re = await t.call('POST', `/api/processes/${proc.id}/reopen`, { token: adminPm, body: { motivo: 'Nota fiscal substituída.' } });
    expect(data(re).finalizado).toBe(false);
    const kept = await t.call('DELETE', `/api/processes/${proc.id}`, { token: adminPm });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe('Não é possível excluir o processo: há registros vinculados (movimentações).');
  });

  it('movements: generic CRUD rules', async () => {
    const mv = (await t.call('GET', `/api/movements?process_id=${proc.id}&sort=sequence`, { token: protocolo })).json();
    expect(mv.data.map((m: { sequence: number }) => m.sequence)).toEqual([1, 2]);
    const upd = await t.call('PUT', `/api/movements/${mv.data[1].id}`, { token: protocolo, body: { historicoSetor: 'Pagamento autorizado.' } });
    expect(data(upd).historicoSetor).toBe('Pagamento autorizado.');
    expect((await t.call('PUT', `/api/movements/${mv.data[1].id}`, { token: protocolo, body: { destino_id: sectorIds['00401'] } })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/movements/${mv.data[1].id}`, { token: protocolo })).statusCode).toBe(409);
    expect((await t.call('GET', `/api/movements/${mv.data[0].id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/movements', { token: vereador })).statusCode).toBe(403);
    const val = await t.call('POST', '/api/movements', { token: protocolo, body: { process_id: 'x' } });
    expect(val.json().errors).toMatchObject({ process_id: ['O campo Processo é inválido.'], destino_id: ['O campo Setor de destino é obrigatório.'] });
    // a movement with a standard historic copies its text; deleting it (last, not accepted) is allowed
    const hist = (await t.call('GET', '/api/historics?q=analise', { token: protocolo })).json().data[0];
    // the process is in Finanças: a clerk of another sector may not send it; its responsible may
    const notMine = await t.call('POST', '/api/movements', { token: protocolo, body: { process_id: proc.id, destino_id: sectorIds['00401'], historic_id: hist.id } });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('O processo está em outro setor; só os responsáveis pelo setor atual podem enviá-lo.');
    const withHist = await t.call('POST', '/api/movements', { token: adminPm, body: { process_id: proc.id, destino_id: sectorIds['00401'], historic_id: hist.id } });
    expect(data(withHist).historicoSetor).toBe('Encaminhamos para análise e providências.');
    expect((await t.call('DELETE', `/api/movements/${data(withHist).id}`, { token: adminPm })).statusCode).toBe(204);
  });

  it('attachments are served by signed URL to those who read the process', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const up = multipart('anexo', 'nota.pdf', 'application/pdf', pdf);
    // the process is in Finanças: its responsibles (the prefeitura admin among them) attach; another sector's clerk may not
    expect((await t.call('POST', `/api/processes/${proc.id}/upload`, { token: protocolo, body: up.body, headers: up.headers })).statusCode).toBe(403);
    const res = await t.call('POST', `/api/processes/${proc.id}/upload`, { token: adminPm, body: up.body, headers: up.headers });
    expect(res.statusCode).toBe(200);
    const url: string = data(res).anexo.url;
    expect(url).toMatch(/sig=/);
    expect((await t.call('GET', url.split('?')[0])).statusCode).toBe(404);
    expect((await t.call('GET', url)).statusCode).toBe(200);
    expect((await t.call('POST', `/api/processes/${proc.id}/upload`, { token: adminCm, body: up.body, headers: up.headers })).statusCode).toBe(404);
  });
});

describe('tenders, contracts, agreements, councils, works', () => {
  it('licitacaos: CRUD, modality from the types lookup, search, roles', async () => {
    const mod = (await t.call('GET', '/api/types_of/tenders', { token: licitacao })).json().data as { id: number; slug: string }[];
    const bad = await t.call('POST', '/api/licitacaos', { token: licitacao, body: { exercicio: 1800, criterioJulgamento: 'sorteio' } });
    expect(bad.json().errors).toMatchObject({
      exercicio: ['O campo Exercício deve ser no mínimo 1900.'], numero: ['O campo Número é obrigatório.'], objeto: ['O campo Objeto é obrigatório.'],
      modalidade_id: ['O campo Modalidade é obrigatório.'], criterioJulgamento: ['Escolha uma opção válida.'],
    });
    const c = await t.call('POST', '/api/licitacaos', { token: licitacao, body: { exercicio: 2026, numero: '020/2026', modalidade_id: mod.find((m) => m.slug === 'concorrencia')!.id, objeto: 'Contratação de empresa para pavimentação', valorEstimado: '350000.50' } });
    expect(c.statusCode).toBe(201);
    expect(data(c)).toMatchObject({ situacao: 'em_andamento', valorEstimado: 350000.5, modalidade: { label: 'Concorrência' } });
    const s = await t.call('POST', '/api/licitacaos/search', { token: licitacao, body: { q: 'pavimentacao', perPage: 5 } });
    expect(s.statusCode).toBe(200);
    expect(s.json().data.map((x: { numero: string }) => x.numero)).toEqual(['020/2026']);
    expect(s.json().meta).toMatchObject({ page: 1, perPage: 5, total: 1 });
    const f = await t.call('POST', '/api/licitacaos/search?page=1', { token: licitacao, body: { situacao: 'homologada' } });
    expect(f.json().data.every((x: { situacao: string }) => x.situacao === 'homologada')).toBe(true);
    expect((await t.call('POST', '/api/licitacaos/search', { token: licitacao, body: [1, 2] })).statusCode).toBeLessThan(500);
    expect(data(await t.call('PUT', `/api/licitacaos/${data(c).id}`, { token: licitacao, body: { situacao: 'suspensa' } })).situacao).toBe('suspensa');
    expect((await t.call('GET', `/api/licitacaos/${data(c).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/licitacaos', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/licitacaos/${data(c).id}`, { token: licitacao })).statusCode).toBe(204);
  });

  it('contratos: CRUD, validity period, credor reference, upload, search', async () => {
    const credor = (await t.call('GET', '/api/people?q=construtora', { token: licitacao })).json().data[0];
    const period = await t.call('POST', '/api/contratos', { token: licitacao, body: { exercicio: 2026, numero: '050/2026', objeto: 'Locação de imóvel', inicio: '2026-05-01', fim: '2026-01-01' } });
    expect(period.json().errors.fim).toEqual(['O fim da vigência deve ser igual ou posterior ao início.']);
    const c = await t.call('POST', '/api/contratos', { token: licitacao, body: { exercicio: 2026, numero: '050/2026', objeto: 'Locação de imóvel para a Secretaria de Saúde', valorGlobal: 36000, inicio: '2026-01-01', fim: '2026-12-31', credor_id: credor.id } });
    expect(c.statusCode).toBe(201);
    expect(data(c).credor).toEqual({ id: credor.id, name: credor.name });
    const pdf = multipart('arquivo', 'contrato.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n%%EOF'));
    const up = await t.call('POST', `/api/contratos/${data(c).id}/upload`, { token: licitacao, body: pdf.body, headers: pdf.headers });
    expect(up.statusCode).toBe(200);
    expect(data(up).arquivo.name).toBe('contrato.pdf');
    const s = await t.call('POST', '/api/contratos/search', { token: licitacao, body: { search: 'locacao', sort: '-valorGlobal' } });
    expect(s.json().data.map((x: { numero: string }) => x.numero)).toEqual(['050/2026']);
    expect((await t.call('GET', `/api/contratos?credor_id=${credor.id}`, { token: licitacao })).json().meta.total).toBe(2);
    expect(data(await t.call('POST', `/api/contratos/${data(c).id}?_method=PUT`, { token: licitacao, body: { valorGlobal: 40000 } })).valorGlobal).toBe(40000);
    expect((await t.call('DELETE', `/api/people/${credor.id}`, { token: adminPm })).statusCode).toBe(409);
    expect((await t.call('GET', `/api/contratos/${data(c).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/contratos', { token: cultura, body: {} })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/contratos/${data(c).id}`, { token: licitacao })).statusCode).toBe(204);
  });

  it('convenios: CRUD, defaults, search, roles', async () => {
    const c = await t.call('POST', '/api/convenios', { token: adminPm, body: { exercicio: 2026, numero: '900/2026', objeto: 'Aquisição de ambulância', concedente: 'Ministério da Saúde', convenente: 'Prefeitura Municipal de Vila Serena', valor: 250000 } });
    expect(c.statusCode).toBe(201);
    expect(data(c)).toMatchObject({ tipo: 'convenio', situacao: 'em_execucao' });
    expect((await t.call('POST', '/api/convenios', { token: adminPm, body: { tipo: 'doacao' } })).json().errors).toMatchObject({ tipo: ['Escolha uma opção válida.'], concedente: ['O campo Concedente é obrigatório.'] });
    expect((await t.call('POST', '/api/convenios/search', { token: adminPm, body: { q: 'ambulancia' } })).json().meta.total).toBe(1);
    expect((await t.call('GET', '/api/convenios?q=pavimentacao', { token: adminPm })).json().meta.total).toBe(1);
    expect(data(await t.call('PUT', `/api/convenios/${data(c).id}`, { token: adminPm, body: { situacao: 'concluido' } })).situacao).toBe('concluido');
    expect((await t.call('GET', `/api/convenios/${data(c).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/convenios', { token: licitacao })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/convenios/${data(c).id}`, { token: adminPm })).statusCode).toBe(204);
  });

  it('conselhos: CRUD, associacoes, search', async () => {
    const c = await t.call('POST', '/api/conselhos', { token: adminPm, body: { nome: 'Associação dos Produtores Rurais', tipo: 'associacao', cnpj: '11.444.777/0001-61', telefone: '(31) 3333-4444' } });
    expect(c.statusCode).toBe(201);
    expect(data(c)).toMatchObject({ cnpj: '11444777000161', ativo: true });
    expect((await t.call('POST', '/api/conselhos', { token: adminPm, body: { nome: 'X', cnpj: '11.444.777/0001-00' } })).json().errors.cnpj).toEqual(['CNPJ inválido.']);
    const assoc = await t.call('GET', '/api/conselhos/associacoes', { token: adminPm });
    expect(assoc.statusCode).toBe(200);
    expect(assoc.json().data.map((x: { nome: string }) => x.nome).sort()).toEqual(['Associação de Moradores do Bairro Centro', 'Associação dos Produtores Rurais']);
    const s = await t.call('POST', '/api/conselhos/search', { token: adminPm, body: { tipo: 'conselho', q: 'saude' } });
    expect(s.json().data.map((x: { sigla: string }) => x.sigla)).toEqual(['CMS']);
    expect(data(await t.call('PUT', `/api/conselhos/${data(c).id}`, { token: adminPm, body: { ativo: false } })).ativo).toBe(false);
    expect((await t.call('GET', `/api/conselhos/${data(c).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/conselhos/associacoes', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/conselhos/${data(c).id}`, { token: adminPm })).statusCode).toBe(204);
  });

  it('constructions: CRUD, percent range, photo upload, search', async () => {
    const bad = await t.call('POST', '/api/constructions', { token: adminPm, body: { nome: 'Praça', percentualExecutado: 120 } });
    expect(bad.json().errors.percentualExecutado).toEqual(['O campo Execução (%) deve ser no máximo 100.']);
    const c = await t.call('POST', '/api/constructions', { token: adminPm, body: { nome: 'Construção da Praça da Matriz', bairro: 'Centro', percentualExecutado: 10, valor: 300000 } });
    expect(c.statusCode).toBe(201);
    expect(data(c).situacao).toBe('planejada');
    const img = multipart('foto', 'obra.png', 'image/png', crestPng('#333333', '#eeeeee', 32));
    expect((await t.call('POST', `/api/constructions/${data(c).id}/upload`, { token: adminPm, body: img.body, headers: img.headers })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/constructions/search', { token: adminPm, body: { q: 'praca da matriz' } })).json().meta.total).toBe(1);
    expect((await t.call('GET', '/api/constructions?situacao=em_andamento', { token: adminPm })).json().meta.total).toBe(1);
    expect((await t.call('GET', `/api/constructions/${data(c).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/constructions', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/constructions/${data(c).id}`, { token: adminPm })).statusCode).toBe(204);
  });
});

describe('settings: banks, bank accounts, items, measures, tramitation units', () => {
  it('banks: national list (public) plus the company\'s own; shared rows are read-only', async () => {
    const pub = await t.call('GET', '/api/public/banks');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.find((b: { code: string }) => b.code === '001').name).toBe('Banco do Brasil S.A.');
    const own = await t.call('POST', '/api/banks', { token: protocolo, body: { code: '999', name: 'Cooperativa de Crédito Vila Serena' } });
    expect(own.statusCode).toBe(201);
    expect((await t.call('GET', '/api/public/banks?company_id=2')).json().data.map((b: { code: string }) => b.code)).toContain('999');
    expect((await t.call('GET', '/api/public/banks')).json().data.map((b: { code: string }) => b.code)).not.toContain('999');
    expect((await t.call('GET', '/api/public/banks?company_id=abc')).statusCode).toBe(200);
    const list = await t.call('GET', '/api/banks?q=caixa', { token: protocolo });
    expect(list.json().data.map((b: { code: string }) => b.code)).toEqual(['104']);
    const bb = list.json().data[0];
    expect((await t.call('PUT', `/api/banks/${bb.id}`, { token: adminPm, body: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/banks/${data(own).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/banks', { token: protocolo, body: { code: '' } })).json().errors).toMatchObject({ code: ['O campo Código (COMPE) é obrigatório.'], name: ['O campo Nome é obrigatório.'] });
    expect(data(await t.call('PUT', `/api/banks/${data(own).id}`, { token: protocolo, body: { name: 'Sicoob Vila Serena' } })).name).toBe('Sicoob Vila Serena');
    expect((await t.call('GET', '/api/banks', { token: licitacao })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/banks/${data(own).id}`, { token: protocolo })).statusCode).toBe(204);
  });

  it('bank accounts: CRUD, account kind from the types lookup, 409 when used', async () => {
    const bank = (await t.call('GET', '/api/banks?q=001', { token: protocolo })).json().data[0];
    const kinds = (await t.call('GET', '/api/types_of/bank_accounts', { token: protocolo })).json().data as { id: number; slug: string }[];
    const bad = await t.call('POST', '/api/bank_accounts', { token: protocolo, body: { bank_id: 999999 } });
    expect(bad.json().errors).toMatchObject({ agence: ['O campo Agência é obrigatório.'], number: ['O campo Conta é obrigatório.'] });
    const c = await t.call('POST', '/api/bank_accounts', { token: protocolo, body: { bank_id: bank.id, agence: '0001', number: '777-7', description: 'Conta FMS', accounttable_type: kinds.find((k) => k.slug === 'corrente')!.id } });
    expect(c.statusCode).toBe(201);
    expect(data(c).bank).toEqual({ id: bank.id, name: bank.name });
    expect((await t.call('GET', '/api/bank_accounts?q=FMS', { token: protocolo })).json().meta.total).toBe(1);
    expect(data(await t.call('PUT', `/api/bank_accounts/${data(c).id}`, { token: protocolo, body: { description: 'Fundo Municipal de Saúde' } })).description).toBe('Fundo Municipal de Saúde');
    const used = (await t.call('GET', '/api/bank_accounts?q=FPM', { token: protocolo })).json().data[0];
    expect((await t.call('DELETE', `/api/bank_accounts/${used.id}`, { token: protocolo })).statusCode).toBe(409);
    expect((await t.call('GET', `/api/bank_accounts/${data(c).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/bank_accounts', { token: cultura })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/bank_accounts/${data(c).id}`, { token: protocolo })).statusCode).toBe(204);
  });

  it('measures and items', async () => {
    const m = await t.call('POST', '/api/measures', { token: protocolo, body: { code: 'PCT', label: 'Pacote' } });
    expect(m.statusCode).toBe(201);
    expect((await t.call('POST', '/api/measures', { token: protocolo, body: { code: 'PCT', label: 'Outro' } })).statusCode).toBe(422);
    expect((await t.call('POST', '/api/measures', { token: adminCm, body: { code: 'PCT', label: 'Pacote' } })).statusCode).toBe(201);
    const i = await t.call('POST', '/api/items', { token: protocolo, body: { name: 'Café torrado e moído 500 g', measure_id: data(m).id } });
    expect(i.statusCode).toBe(201);
    expect(data(i).measure).toEqual({ id: data(m).id, code: 'PCT' });
    expect((await t.call('GET', '/api/items?q=cafe', { token: protocolo })).json().meta.total).toBe(1);
    expect((await t.call('GET', `/api/items?measure_id=${data(m).id}`, { token: protocolo })).json().meta.total).toBe(1);
    expect((await t.call('DELETE', `/api/measures/${data(m).id}`, { token: protocolo })).statusCode).toBe(409);
    expect(data(await t.call('PUT', `/api/items/${data(i).id}`, { token: protocolo, body: { description: 'Para copa' } })).description).toBe('Para copa');
    expect(data(await t.call('PUT', `/api/measures/${data(m).id}`, { token: protocolo, body: { description: 'Pacote fechado' } })).description).toBe('Pacote fechado');
    expect((await t.call('GET', `/api/items/${data(i).id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/items', { token: protocolo, body: {} })).json().errors.name).toEqual(['O campo Nome é obrigatório.']);
    expect((await t.call('GET', '/api/items', { token: vereador })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/items/${data(i).id}`, { token: protocolo })).statusCode).toBe(204);
    expect((await t.call('DELETE', `/api/measures/${data(m).id}`, { token: protocolo })).statusCode).toBe(204);
  });

  it('tramitation units (Câmara settings)', async () => {
    const sector = (await t.call('GET', '/api/sectors?q=legislativa', { token: adminCm })).json().data[0];
    const bad = await t.call('POST', '/api/tramitation_unities', { token: adminCm, body: { parliamentary_id: 999999 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.descricao).toEqual(['O campo Descrição é obrigatório.']);
    const c = await t.call('POST', '/api/tramitation_unities', { token: adminCm, body: { descricao: 'Comissão de Finanças', sector_id: sector.id } });
    expect(c.statusCode).toBe(201);
    expect((await t.call('GET', '/api/tramitation_unities?q=financas', { token: adminCm })).json().meta.total).toBe(1);
    expect(data(await t.call('PUT', `/api/tramitation_unities/${data(c).id}`, { token: adminCm, body: { descricao: 'Comissão de Finanças e Orçamento' } })).descricao).toBe('Comissão de Finanças e Orçamento');
    expect((await t.call('GET', `/api/tramitation_unities/${data(c).id}`, { token: adminPm })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/tramitation_unities', { token: adminCm, body: { descricao: 'x', sector_id: (await t.call('GET', '/api/sectors', { token: protocolo })).json().data[0].id } })).statusCode).toBe(422);
    expect((await t.call('GET', '/api/tramitation_unities', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/tramitation_unities/${data(c).id}`, { token: adminCm })).statusCode).toBe(204);
  });
});

describe('people', () => {
  let id: number;
  it('validates CPF/CNPJ and types, creates, searches names in Portuguese', async () => {
    const bad = await t.call('POST', '/api/people', { token: licitacao, body: { name: 'Fulano', cpf: '111.111.111-11', cnpj: '12345678000100', nascimento: '2026-02-30' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ cpf: ['CPF inválido.'], cnpj: ['CNPJ inválido.'], nascimento: ['Data inválida.'] });
    const gender = (await t.call('GET', '/api/types_of/gender', { token: licitacao })).json().data as { id: number; slug: string }[];
    const escolaridade = (await t.call('GET', '/api/types_of/escolaridade', { token: licitacao })).json().data as { id: number }[];
    expect((await t.call('POST', '/api/people', { token: licitacao, body: { name: 'X', gender_id: escolaridade[0].id } })).json().errors.gender_id).toBeDefined();
    const cpf = cpfFrom('390533447');
    const c = await t.call('POST', '/api/people', { token: licitacao, body: { name: 'Sebastião Informação Gonçalves', cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`, gender_id: gender.find((g) => g.slug === 'masculino')!.id, escolaridade_id: escolaridade[0].id } });
    expect(c.statusCode).toBe(201);
    id = data(c).id;
    expect(data(c)).toMatchObject({ cpf, gender: { label: 'Masculino' } });
    expect((await t.call('POST', '/api/people', { token: licitacao, body: { name: 'Outro', cpf } })).json().errors.cpf).toEqual(['Já existe uma pessoa com o mesmo valor em “CPF”.']);
    const fts = await t.call('GET', '/api/people?q=sebastiao informacoes', { token: licitacao });
    expect(fts.json().data.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await t.call('GET', '/api/people?q=conceicao', { token: protocolo })).json().data.map((p: { name: string }) => p.name)).toEqual(['Conceição Araújo Gonçalves']);
    // found by its full CPF, shown masked in the list (LGPD: the middle digits are enough to tell people apart) and in
    // full on the record's own answer
    const byCpf = (await t.call('GET', `/api/people?q=${cpf}`, { token: licitacao })).json();
    expect(byCpf.meta.total).toBe(1);
    expect(byCpf.data[0].cpf).toBe(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
    expect((await t.call('GET', `/api/people?fields=name,cpf&q=${cpf}`, { token: licitacao })).json().data[0].cpf).toBe(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
    expect((await t.call('GET', `/api/people/${id}`, { token: licitacao })).json().data.cpf).toBe(cpf);
    const sorted = (await t.call('GET', '/api/people?sort=-name&perPage=2', { token: adminPm })).json();
    expect(sorted.data[0].name >= sorted.data[1].name).toBe(true);
  });

  it('shows, updates, uploads a photo, adds contacts; isolated and role-checked', async () => {
    expect(data(await t.call('GET', `/api/people/${id}`, { token: licitacao })).name).toBe('Sebastião Informação Gonçalves');
    expect(data(await t.call('POST', `/api/people/${id}?_method=PUT`, { token: licitacao, body: { mae: 'Maria das Dores' } })).mae).toBe('Maria das Dores');
    const img = multipart('photo', 'foto.png', 'image/png', crestPng('#123456', '#ffffff', 32));
    const up = await t.call('POST', `/api/people/${id}/upload`, { token: licitacao, body: img.body, headers: img.headers });
    expect(up.statusCode).toBe(200);
    expect(data(up).photo.url).toMatch(/sig=/);
    const badContact = await t.call('POST', `/api/people/${id}/add_contact`, { token: licitacao, body: { email: 'nao-email', cep: '123' } });
    expect(badContact.statusCode).toBe(422);
    expect(badContact.json().errors).toMatchObject({ email: ['Informe um e-mail válido.'] });
    const add = await t.call('POST', `/api/people/${id}/add_contact`, { token: licitacao, body: { description: 'Celular', phone: '(31) 98765-4321', email: 'sebastiao@exemplo.com.br' } });
    expect(add.statusCode).toBe(201);
    expect(data(add)).toMatchObject({ description: 'Celular', phone: '31987654321' });
    const list = await t.call('GET', `/api/people/${id}/contacts`, { token: licitacao });
    expect(list.json().data.map((c: { description: string }) => c.description)).toEqual(['Celular']);
    expect((await t.call('GET', `/api/people/${id}/contacts`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/people/${id}/add_contact`, { token: adminCm, body: { description: 'x' } })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/people/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/people', { token: cultura })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/people/${id}/add_contact`, { token: cultura, body: {} })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/people/${id}`, { token: licitacao })).statusCode).toBe(204);
    expect((await t.call('GET', `/api/people/${id}/contacts`, { token: licitacao })).statusCode).toBe(404);
  });

  it('removes a contact from a person (the "Contatos" tab): the link goes, the contact stays; isolated and role-checked', async () => {
    const person = data(await t.call('POST', '/api/people', { token: licitacao, body: { name: 'Irene Contatos Removíveis' } })).id as number;
    const add = async (description: string) => data(await t.call('POST', `/api/people/${person}/add_contact`, { token: licitacao, body: { description } })).id as number;
    const [home, work] = [await add('Residencial'), await add('Trabalho')];
    const names = async () => (await t.call('GET', `/api/people/${person}/contacts`, { token: licitacao })).json().data.map((c: { description: string }) => c.description);
    expect(await names()).toEqual(['Residencial', 'Trabalho']);
    const audits = async () => (await t.call('GET', `/api/people/${person}/audit`, { token: adminPm })).json().data.length as number;
    const before = await audits();

    // another company's admin: the person is not found there (404), nothing unlinked
    expect((await t.call('DELETE', `/api/people/${person}/remove_contact/${home}`, { token: adminCm })).statusCode).toBe(404);
    // a role that may not change people (cultura), a vereador of the other company: refused, nothing unlinked
    expect((await t.call('DELETE', `/api/people/${person}/remove_contact/${home}`, { token: cultura })).statusCode).toBe(403);
    expect([403, 404]).toContain((await t.call('DELETE', `/api/people/${person}/remove_contact/${home}`, { token: vereador })).statusCode);
    // another company's contact id: nothing of this person's changes
    const foreign = data(await t.call('POST', '/api/contacts', { token: adminCm, body: { description: 'Da Câmara' } })).id as number;
    const cross = await t.call('DELETE', `/api/people/${person}/remove_contact/${foreign}`, { token: licitacao });
    expect(cross.statusCode).toBeLessThan(500);
    expect(await names()).toEqual(['Residencial', 'Trabalho']);
    expect(data(await t.call('GET', `/api/contacts/${foreign}`, { token: adminCm })).description).toBe('Da Câmara');

    const removed = await t.call('DELETE', `/api/people/${person}/remove_contact/${home}`, { token: licitacao });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.map((c: { description: string }) => c.description)).toEqual(['Trabalho']);
    expect(await names()).toEqual(['Trabalho']);
    // unlinked, not deleted: the contact is still in Configurações › Contatos; the unlink is in the person's audit
    expect((await t.call('GET', `/api/contacts/${home}`, { token: adminPm })).statusCode).toBe(200);
    expect(await audits()).toBeGreaterThan(before);
    expect(work).toBeGreaterThan(0);
  });
});

describe('random and malformed payloads', () => {
  const junk: unknown[] = [
    'texto', [1, 2, 3], { name: { $ne: null } }, { id: -1, number: 12, date: 'amanhã', valorBruto: '1e400', process_id: '1;drop', destino_id: [] },
    { exercicio: '2026abc', cpf: 123, nascimento: 20260101, percentualExecutado: 'NaN', movement_id: 'x', person_id: -5, procedure_id: 2 ** 40 },
    { tipo: null, ativo: 'talvez', q: { a: 1 }, page: -1, perPage: 'mil' },
  ];
  const writes = [
    'POST /api/sectors', 'PUT /api/sectors/1', 'POST /api/sectors/1/procedures', 'DELETE /api/sectors/1/procedures', 'POST /api/sectors/1/historics',
    'POST /api/sectors/1/responsibles', 'POST /api/movements', 'PUT /api/movements/1', 'POST /api/movements/1/accept', 'POST /api/procedures',
    'POST /api/responsibles', 'POST /api/processes', 'PUT /api/processes/1', 'POST /api/processes/1/people', 'DELETE /api/processes/1/people',
    'POST /api/processes/1/items', 'DELETE /api/processes/1/items', 'POST /api/processes/1/movements', 'DELETE /api/processes/1/movements',
    'POST /api/processes/1/finalize', 'POST /api/contratos', 'POST /api/contratos/search', 'POST /api/licitacaos', 'POST /api/licitacaos/search',
    'POST /api/convenios', 'POST /api/convenios/search', 'POST /api/conselhos', 'POST /api/conselhos/search', 'POST /api/constructions',
    'POST /api/constructions/search', 'POST /api/tramitation_unities', 'POST /api/historics', 'POST /api/items', 'POST /api/measures', 'POST /api/banks',
    'POST /api/bank_accounts', 'POST /api/people', 'PUT /api/people/1', 'POST /api/people/1/add_contact', 'POST /api/people/1/upload',
    'POST /api/processes/1?_method=PUT',
  ];
  it('never answer 500 and store nothing from a refused request', async () => {
    const before = (await t.call('GET', '/api/sectors', { token: adminPm })).json().meta.total;
    for (const w of writes) {
      const [method, url] = w.split(' ');
      for (const body of junk) {
        const res = await t.call(method, url, { token: adminPm, body: body as never });
        expect(res.statusCode, `${w} ${JSON.stringify(body)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    const raw = await t.app.inject({ method: 'POST', url: '/api/processes', headers: { authorization: `Bearer ${adminPm}`, 'content-type': 'application/json' }, payload: '{"object": "x",' });
    expect(raw.statusCode).toBe(422);
    expect((await t.call('GET', '/api/sectors', { token: adminPm })).json().meta.total).toBe(before);
  });
});
