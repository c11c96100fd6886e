/**
 * The câmara's legislative activity on its portal (issue 12 §1, "For a câmara"): plenary sessions with their pauta,
 * presence, results and nominal votes; commissions with their composition, meetings and pareceres; a matter's
 * authors, tramitação, pareceres and votings; a norm's relations both ways; a vereador's commissions, matters and
 * votes. Expectations come from the demo data read through the API (the records staff keep), not from the pages'
 * code. Secret ballots show totals only; another entity's records are 404; no staff e-mail appears.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, portalText, type TestApp } from './helpers.ts';

type Row = Record<string, any>;
let t: TestApp;
let cm: string;
const CM = '/portal/camara-vila-serena';
const PM = '/portal/prefeitura-vila-serena';

const text = portalText;
const page = async (url: string) => {
  const res = await t.call('GET', url);
  expect(res.statusCode, url).toBe(200);
  return { html: res.body, text: text(res.body) };
};
const api = async (url: string): Promise<Row[]> => {
  const res = await t.call('GET', url, { token: cm });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const rows = async (q: string): Promise<Row[]> => {
  const r = await t.database.db.execute(sql.raw(q));
  return (Array.isArray(r) ? r : (r as { rows: Row[] }).rows) as Row[];
};

let held: Row;
let nominal: Row;

beforeAll(async () => {
  t = await makeApp();
  cm = await t.login('admin@paco.demo');
  const sessions = await api('/api/plenary_sessions?perPage=100');
  held = sessions.find((s) => s.finalizada)!;
  [nominal] = await rows(`select * from vottings where plenary_session_id = ${held.id} and tipo = 'nominal' and status = 'encerrada' limit 1`);
});
afterAll(async () => { await t?.close(); });

describe('sessões plenárias', () => {
  it('lists the sessions with year and type filters and opens one with its pauta, presence and every closed voting', async () => {
    const list = await page(`${CM}/sessoes`);
    expect(list.text).toContain(held.titulo);
    expect(list.html).toContain(`href="${CM}/sessoes/${held.id}"`);
    const year = String(held.abertura).slice(0, 4);
    expect((await page(`${CM}/sessoes?ano=${year}`)).text).toContain(held.titulo);
    expect((await page(`${CM}/sessoes?ano=1999`)).text).not.toContain(held.titulo);

    const d = await page(`${CM}/sessoes/${held.id}`);
    // the pauta: every item of the session, each matter linked to its page
    const items = await rows(`select pm."numOrdem", m.id, m.identificacao from plenary_matters pm left join matters m on m.id = pm.matter_id where pm.plenary_session_id = ${held.id}`);
    expect(items.length).toBeGreaterThan(0);
    expect(d.text).toContain('Pauta');
    for (const it of items.filter((x) => x.id)) {
      expect(d.text).toContain(it.identificacao);
      expect(d.html).toContain(`href="${CM}/materias/${it.id}"`);
    }
    // presence: everyone registered present, by phase
    const present = await rows(`select distinct p.nome from presences x join parliamentaries p on p.id = x.parliamentary_id where x.plenary_session_id = ${held.id}`);
    expect(present.length).toBeGreaterThan(0);
    expect(d.text).toMatch(/Presença — /);
    for (const p of present) expect(d.text).toContain(p.nome);
    // each closed voting with its result and totals; the nominal one with each member's vote
    const closed = await rows(`select tipo, resultado from vottings where plenary_session_id = ${held.id} and status = 'encerrada'`);
    expect(d.text.match(/Votação: /g)?.length).toBe(closed.length);
    expect(d.text).toContain(`Sim ${nominal.sim} · Não ${nominal.nao} · Abstenção ${nominal.abstencao}`);
    const cast = await rows(`select p.id, p.nome, v.voto from votes v join parliamentaries p on p.id = v.parliamentary_id where v.votting_id = ${nominal.id}`);
    expect(cast.length).toBeGreaterThan(0);
    const label: Record<string, string> = { sim: 'Sim', nao: 'Não', abstencao: 'Abstenção' };
    for (const c of cast) {
      expect(d.html).toContain(`href="${CM}/vereadores/${c.id}"`);
      expect(d.text).toContain(`${c.nome} ${label[c.voto]}`);
    }
    expect(d.text).toContain('Votação simbólica: sem registro do voto de cada vereador.');
  });

  it('shows a secret ballot by its totals only, and no voting that is open, cancelled or annulled', async () => {
    const [{ id: pm }] = await rows(`select id from plenary_matters where plenary_session_id = ${held.id} order by id limit 1`);
    const [{ id: member }] = await rows(`select parliamentary_id as id from votes where votting_id = ${nominal.id} limit 1`);
    await rows(`insert into vottings (company_id, plenary_session_id, plenary_matter_id, tipo, fase, status, regra, presidente_regra, sim, nao, abstencao, resultado, explicacao, "encerradaEm")
      values (${held.company_id}, ${held.id}, ${pm}, 'secreta', 'ordem_dia', 'encerrada', 'maioria_simples', 'desempate', 6, 4, 0, 'aprovado', 'teste secreto', now()),
             (${held.company_id}, ${held.id}, ${pm}, 'nominal', 'ordem_dia', 'cancelada', 'maioria_simples', 'desempate', 9, 9, 9, 'rejeitado', 'teste anulado', now())`);
    // a vote row on the secret ballot would be a bug elsewhere: the page must not list one even then
    const [{ id: secret }] = await rows(`select id from vottings where explicacao = 'teste secreto'`);
    await rows(`insert into votes (company_id, votting_id, parliamentary_id, chave, voto) values (${held.company_id}, ${secret}, ${member}, 'teste-${secret}', 'nao')`);
    const d = await page(`${CM}/sessoes/${held.id}`);
    expect(d.text).toContain('Sim 6 · Não 4 · Abstenção 0');
    expect(d.text).toContain('Votação secreta: só os totais são públicos.');
    expect(d.text).not.toContain('Sim 9 · Não 9 · Abstenção 9');
    const secretSection = d.text.split('(secreta)')[1]!.split('Votação: ')[0]!;
    expect(secretSection).not.toMatch(/ (Sim|Não|Abstenção)$/m);
    expect(secretSection).not.toContain('Vereador Voto');
    await rows(`delete from votes where votting_id = ${secret}`);
    await rows(`delete from vottings where explicacao in ('teste secreto', 'teste anulado')`);
  });

  it('answers 404 for another entity\'s session and for an address that is not one', async () => {
    expect((await t.call('GET', `${PM}/sessoes/${held.id}`)).statusCode).toBe(404);
    expect((await t.call('GET', `${CM}/sessoes/999999`)).statusCode).toBe(404);
    expect((await t.call('GET', `${CM}/sessoes/abc`)).statusCode).toBe(404);
  });

  it('offers the sessions as open data (CSV and JSON) and in the sitemap', async () => {
    const json = JSON.parse((await t.call('GET', `${CM}/dados-abertos/sessoes.json`)).body);
    expect(json.dados.some((r: Row) => r.titulo === held.titulo)).toBe(true);
    expect((await t.call('GET', `${CM}/dados-abertos/sessoes.csv`)).body).toContain(held.titulo);
    expect((await t.call('GET', `${CM}/sitemap.xml`)).body).toContain(`${CM}/sessoes/${held.id}</loc>`);
  });
});

describe('comissões', () => {
  it('lists the commissions and shows one with its current members, linked, and the pareceres it gave', async () => {
    const list = await page(`${CM}/comissoes`);
    const commissions = await api('/api/commissions?perPage=100');
    for (const c of commissions) expect(list.text).toContain(c.nome);
    const [dist] = await rows(`select d.commission_id, m.id, m.identificacao from distributions d join matters m on m.id = d.matter_id where d.parecer is not null and d.company_id = ${held.company_id} limit 1`);
    const d = await page(`${CM}/comissoes/${dist.commission_id}`);
    expect(d.text).toContain('Pareceres emitidos');
    expect(d.html).toContain(`href="${CM}/materias/${dist.id}"`);
    const members = await rows(`select p.id, p.nome from participants x join compositions c on c.id = x.composition_id join composition_periods cp on cp.id = c.composition_period_id
      join parliamentaries p on p.id = x.parliamentary_id where c.comission_id = ${dist.commission_id} and cp.inicio <= current_date and cp.fim >= current_date and x.desligamento is null`);
    expect(members.length).toBeGreaterThan(0);
    expect(d.text).toContain('Composição');
    for (const m of members) expect(d.html).toContain(`href="${CM}/vereadores/${m.id}"`);
    expect((await t.call('GET', `${PM}/comissoes/${dist.commission_id}`)).statusCode).toBe(404);
  });
});

describe('matérias e normas', () => {
  it('shows a matter\'s authors and its tramitação step by step, oldest first, with its pareceres and votings', async () => {
    const [top] = await rows(`select matter_id as id, count(*)::int as n from tramitations where company_id = ${held.company_id} group by 1 order by 2 desc, 1 limit 1`);
    const steps = await rows(`select t.data, s.label from tramitations t join types s on s.id = t.status_id where t.matter_id = ${top.id} order by t.data, t.id`);
    const d = await page(`${CM}/materias/${top.id}`);
    expect(d.text).toContain(`Tramitação ${steps.length} passos`);
    const tram = d.text.split('Tramitação ')[1]!;
    let at = 0;
    for (const st of steps) {
      const found = tram.indexOf(st.label, at);
      expect(found, `${st.label} in order`).toBeGreaterThanOrEqual(at);
      at = found;
    }
    const authors = await rows(`select a.name from matters_authors ma join authors a on a.id = ma.author_id where ma.matter_id = ${top.id}`);
    for (const a of authors) expect(d.text).toContain(a.name);
    // the voted matter of the held session shows that voting, linked to the session
    const [item] = await rows(`select pm.matter_id from plenary_matters pm where pm.id = ${nominal.plenary_matter_id}`);
    if (item.matter_id) {
      const voted = await page(`${CM}/materias/${item.matter_id}`);
      expect(voted.text).toContain('Votações em plenário');
      expect(voted.html).toContain(`href="${CM}/sessoes/${held.id}"`);
    }
    expect(d.html).not.toMatch(/@paco\.demo/);
  });

  it('shows a norm\'s relations both ways, each linked to the other norm', async () => {
    const [rel] = await rows(`select norm_id, related_norm_id, tipo from norm_relations where company_id = ${held.company_id} limit 1`);
    expect(rel).toBeTruthy();
    const a = await page(`${CM}/normas/${rel.norm_id}`);
    expect(a.text).toContain('Relações com outras normas');
    expect(a.html).toContain(`href="${CM}/normas/${rel.related_norm_id}"`);
    const b = await page(`${CM}/normas/${rel.related_norm_id}`);
    expect(b.html).toContain(`href="${CM}/normas/${rel.norm_id}"`);
    expect(b.text).toMatch(/(Alterada|Revogada|Regulamentada|Consolidada|Suspensa)/);
    // a norm not yet published is neither a page nor a relation of another
    await rows(`update norms set "dataPublicacao" = current_date + 30 where id = ${rel.norm_id}`);
    expect((await t.call('GET', `${CM}/normas/${rel.norm_id}`)).statusCode).toBe(404);
    expect((await page(`${CM}/normas/${rel.related_norm_id}`)).html).not.toContain(`href="${CM}/normas/${rel.norm_id}"`);
    await rows(`update norms set "dataPublicacao" = current_date - 1 where id = ${rel.norm_id}`);
  });
});

describe('vereadores', () => {
  it('shows a vereador\'s nominal votes, linked to the session and the matter, their matters and their commissions', async () => {
    const [c] = await rows(`select p.id, p.nome, v.voto from votes v join parliamentaries p on p.id = v.parliamentary_id where v.votting_id = ${nominal.id} and p.ativo order by p.id limit 1`);
    const d = await page(`${CM}/vereadores/${c.id}`);
    expect(d.text).toContain('Votos em votações nominais');
    expect(d.html).toContain(`href="${CM}/sessoes/${held.id}"`);
    expect(d.text).toContain({ sim: 'Sim', nao: 'Não', abstencao: 'Abstenção' }[c.voto as string]);
    const [authored] = await rows(`select a.parliamentary_id as id, count(*)::int as n from matters_authors ma join authors a on a.id = ma.author_id join parliamentaries p on p.id = a.parliamentary_id
      where p.ativo group by 1 order by 2 desc limit 1`);
    const author = await page(`${CM}/vereadores/${authored.id}`);
    expect(author.text).toContain('Matérias de autoria');
    expect(author.text).toContain(`${authored.n} ${authored.n === 1 ? 'matéria' : 'matérias'}`);
    const [seat] = await rows(`select x.parliamentary_id as id, c.comission_id from participants x join compositions c on c.id = x.composition_id join composition_periods cp on cp.id = c.composition_period_id
      join parliamentaries p on p.id = x.parliamentary_id where p.ativo and cp.inicio <= current_date and cp.fim >= current_date and x.desligamento is null limit 1`);
    expect((await page(`${CM}/vereadores/${seat.id}`)).html).toContain(`href="${CM}/comissoes/${seat.comission_id}"`);
  });
});
