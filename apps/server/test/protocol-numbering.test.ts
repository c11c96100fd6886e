/**
 * The company's protocol numbering setting (decision 0048): the mask of new process numbers, who may change it, the
 * masks refused, numbers typed by hand read with it, and the other company untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminCm: string; // Câmara admin (another company)
let adminPm: string; // Prefeitura admin
let protocolo: string; // Prefeitura, role protocolo (responsible for Protocolo Geral in the demo)
let cultura: string; // Prefeitura, role pm_cultura_admin (no access to the protocol)
let sectorIds: Record<string, number>;
let procId: number;
let companyPm: number;

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const settings = (token: string) => t.call('GET', '/api/protocol_settings/current', { token });
const save = (token: string, mascara: unknown) => t.call('PUT', '/api/protocol_settings/current', { token, body: { mascara } });
const open = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/processes', { token, body: { procedure_id: procId, object: 'Teste de numeração', ...body } });
const rowsOf = async (table: string): Promise<Record<string, unknown>[]> => {
  const r = await t.database.db.execute(sql.raw(`select * from ${table} order by id`));
  return ((r as { rows?: unknown[] }).rows ?? r) as Record<string, unknown>[];
};

beforeAll(async () => {
  t = await makeApp();
  [adminCm, adminPm, protocolo, cultura] = await Promise.all(
    ['admin@paco.demo', 'admin.prefeitura@paco.demo', 'protocolo@paco.demo', 'cultura@paco.demo'].map((e) => t.login(e)),
  );
  const all = data(await t.call('GET', '/api/sectors?perPage=50', { token: protocolo })) as { id: number; code: string }[];
  sectorIds = Object.fromEntries(all.map((s) => [s.code, s.id]));
  procId = data(await t.call('GET', '/api/procedures?q=PAG', { token: protocolo }))[0].id;
  companyPm = data(await settings(protocolo)).company_id;
});
afterAll(async () => { await t?.close(); });

describe('protocol numbering setting', () => {
  it('is the federal NUP until saved; protocol users read it, only administrators change it', async () => {
    expect(data(await settings(protocolo))).toMatchObject({ mascara: 'UUUUU.SSSSSS/AAAA-DD', padrao: 'UUUUU.SSSSSS/AAAA-DD' });
    expect((await settings(cultura)).statusCode).toBe(403);
    expect((await save(protocolo, 'SSSSSS/AAAA')).statusCode).toBe(403);
    expect((await save(cultura, 'SSSSSS/AAAA')).statusCode).toBe(403);
    expect(await rowsOf('protocol_settings')).toEqual([]);
    // the default numbers as before: unit 00301, first of 2024; base 003010000012024 × 100 = 301000001202400
    // = 97 × 3103092795901 + 3 → 98 − 3 = 95
    const p = await open(protocolo, { sector_id: sectorIds['00301'], date: '2024-05-02' });
    expect(p.statusCode, p.body).toBe(201);
    expect(data(p).number).toBe('00301.000001/2024-95');
  });

  it('refuses masks that cannot number, with a pt-BR message under the field, and writes nothing', async () => {
    const logsBefore = (await rowsOf('logs')).length;
    const cases: [unknown, string][] = [
      ['UUUUU/AAAA', 'A máscara precisa da sequência (S), ex.: SSSSSS.'],
      ['SS/AAAA', 'A sequência precisa de ao menos 3 dígitos (SSS).'],
      ['SSSSSS', 'A máscara precisa do ano (AAAA ou AA): a sequência recomeça a cada ano.'],
      ['DD-SSSSSS/AAAA', 'Os dígitos verificadores (DD) vêm depois da unidade, da sequência e do ano.'],
      ['', 'Informe a máscara.'],
    ];
    for (const [mask, message] of cases) {
      const res = await save(adminPm, mask);
      expect(res.statusCode, String(mask)).toBe(422);
      expect(res.json().errors.mascara).toEqual([message]);
    }
    const odd = await save(adminPm, 'Nº SSSS/AAAA');
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.mascara[0]).toMatch(/^O caractere “N” não é permitido/);
    expect((await t.call('PUT', '/api/protocol_settings/current', { token: adminPm, body: {} })).statusCode).toBe(422);
    expect(await rowsOf('protocol_settings')).toEqual([]);
    expect((await rowsOf('logs')).length).toBe(logsBefore);
    expect(data(await settings(adminPm)).mascara).toBe('UUUUU.SSSSSS/AAAA-DD');
  });

  it('numbers new processes in the saved mask, per year when it has no unit; the old ones keep their numbers', async () => {
    const before = data(await open(protocolo, { sector_id: sectorIds['00101'], date: '2025-03-01' }));
    expect(before.number).toMatch(/^00101\.\d{6}\/2025-\d{2}$/);

    const saved = await save(adminPm, ' SSSSS/AAAA-DD ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data(saved).mascara).toBe('SSSSS/AAAA-DD');
    expect(await rowsOf('protocol_settings')).toMatchObject([{ company_id: companyPm, chave: companyPm, mascara: 'SSSSS/AAAA-DD' }]);
    const log = (await rowsOf('logs')).at(-1)!;
    expect(log).toMatchObject({ resource: 'protocol_settings', action: 'update', changes: { mascara: { de: 'UUUUU.SSSSSS/AAAA-DD', para: 'SSSSS/AAAA-DD' } } });

    // by hand: base 000012025 = 12025; × 100 = 1202500 = 97 × 12396 + 88 → 98 − 88 = 10
    const a = data(await open(protocolo, { sector_id: sectorIds['00101'], date: '2025-03-01' }));
    expect(a.number).toBe('00001/2025-10');
    // one sequence for the company in the year, whatever the sector: 22025 × 100 = 2202500 = 97 × 22706 + 18 → 80
    const b = data(await open(protocolo, { sector_id: sectorIds['00301'], date: '2025-04-01' }));
    expect(b.number).toBe('00002/2025-80');
    // the process numbered before keeps its NUP, and is still changed with it sent back as it is
    const upd = await t.call('PUT', `/api/processes/${before.id}`, { token: protocolo, body: { number: before.number, obs: 'Conferido' } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(data(upd)).toMatchObject({ number: before.number, obs: 'Conferido' });
  });

  it('reads numbers typed by hand with the mask, check digits included', async () => {
    // 72025 × 100 = 7202500 = 97 × 74252 + 56 → 98 − 56 = 42
    const typed = await open(protocolo, { sector_id: sectorIds['00101'], date: '2025-05-01', number: '00007202542' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(data(typed).number).toBe('00007/2025-42');
    const message = 'O número não segue a máscara da entidade (SSSSS/AAAA-DD, com os dígitos verificadores corretos). Deixe em branco para numerar automaticamente.';
    for (const number of ['00008/2025-42', '00101.000009/2025-50', '7/2025']) {
      const res = await open(protocolo, { sector_id: sectorIds['00101'], date: '2025-05-01', number });
      expect(res.statusCode, number).toBe(422);
      expect(res.json().errors.number).toEqual([message]);
    }
    // the same number again clashes, written either way
    for (const number of ['00007/2025-42', '00007202542']) {
      const again = await open(protocolo, { sector_id: sectorIds['00101'], date: '2025-05-01', number });
      expect(again.statusCode, number).toBe(422);
      expect(Object.keys(again.json().errors)).toEqual(['number']);
    }
    // changing a number checks it too
    const wrong = await t.call('PUT', `/api/processes/${data(typed).id}`, { token: protocolo, body: { number: '00007/2025-43' } });
    expect(wrong.statusCode).toBe(422);
    // the automatic numbering skips the typed one when it reaches it (3, 4, 5, 6, then 8)
    const next = [];
    for (let i = 0; i < 5; i++) next.push(data(await open(protocolo, { sector_id: sectorIds['00101'], date: '2025-06-01' })).number.slice(0, 5));
    expect(next).toEqual(['00003', '00004', '00005', '00006', '00008']);
  });

  it('leaves the other company in its own mask, and each administrator reaches only their company', async () => {
    expect(data(await settings(adminCm)).mascara).toBe('UUUUU.SSSSSS/AAAA-DD');
    const cmSectors = data(await t.call('GET', '/api/sectors', { token: adminCm })) as { id: number; code: string }[];
    const cmProc = data(await t.call('POST', '/api/procedures', { token: adminCm, body: { name: 'Requerimento' } }));
    const other = await t.call('POST', '/api/processes', { token: adminCm, body: { procedure_id: cmProc.id, sector_id: cmSectors.find((s) => s.code === '00101')!.id, object: 'Requerimento de cópia', date: '2025-09-10' } });
    // NUP by hand: base 001010000012025; × 100 = 101000001202500 = 97 × 1041237125798 + 94 → 98 − 94 = 04
    expect(data(other).number).toBe('00101.000001/2025-04');
    // the Câmara's administrator saves its own mask; the Prefeitura's stays
    expect((await save(adminCm, 'SSSS/AA')).statusCode).toBe(200);
    expect(data(await settings(adminPm)).mascara).toBe('SSSSS/AAAA-DD');
    expect(data(await settings(adminCm)).mascara).toBe('SSSS/AA');
    // a company named in the body is ignored: the session's company is the one saved
    expect((await t.call('PUT', '/api/protocol_settings/current', { token: adminCm, body: { mascara: 'SSSSSS/AAAA', company_id: companyPm } })).statusCode).toBe(200);
    expect(data(await settings(adminPm)).mascara).toBe('SSSSS/AAAA-DD');
    expect(data(await t.call('POST', '/api/processes', { token: adminCm, body: { procedure_id: cmProc.id, sector_id: cmSectors[0].id, object: 'x', date: '2025-09-11' } })).number).toBe('000001/2025');
    const rows = await rowsOf('protocol_settings');
    expect(rows.map((r) => r.mascara).sort()).toEqual(['SSSSS/AAAA-DD', 'SSSSSS/AAAA']);
    // no call names a setting by its id: the Prefeitura's row is out of the Câmara administrator's reach
    const pmRow = rows.find((r) => r.company_id === companyPm)!;
    for (const [method, url] of [['GET', `/api/protocol_settings/${pmRow.id}`], ['PUT', `/api/protocol_settings/${pmRow.id}`], ['DELETE', `/api/protocol_settings/${pmRow.id}`], ['GET', '/api/protocol_settings']]) {
      const res = await t.call(method, url, { token: adminCm, body: method === 'PUT' ? { mascara: 'SSSSSS/AAAA' } : undefined });
      expect([404, 405], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect(data(await settings(adminPm)).mascara).toBe('SSSSS/AAAA-DD');
  });

  it('says the mask\'s capacity when the year\'s sequence runs out, and gives no number', async () => {
    expect((await save(adminPm, 'SSS/AAAA')).statusCode).toBe(200);
    await t.database.db.execute(sql`insert into sequences (company_id, chave, ultimo) values (${companyPm}, 'processes.number:ano=2023', 999)`);
    const res = await open(protocolo, { sector_id: sectorIds['00101'], date: '2023-08-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A numeração anual de processos da entidade se esgotou: a máscara SSS/AAAA vai até 999. Informe o número à mão ou aumente a sequência em Configurações › Numeração de processos.');
    expect((await open(protocolo, { sector_id: sectorIds['00101'], date: '2023-08-01', number: '998/2023' })).statusCode).toBe(201);
    // with the unit, the sequence is the unit's
    expect((await save(adminPm, 'UUUUU.SSS/AAAA')).statusCode).toBe(200);
    const unit = await open(protocolo, { sector_id: sectorIds['00101'], date: '2023-08-01' });
    expect(data(unit).number).toBe('00101.001/2023');
  });
});
