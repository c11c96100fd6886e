/**
 * The public portal (issue 12): server-rendered pages under /portal from the demo data of both Vila Serena
 * entities. Only public records of the portal's own entity; unpublished portals hidden; ETag/304 and the cache
 * dropped when staff publish; open data (CSV/JSON) with the list's filters; sitemap and robots; masked CPF.
 * Funding calls (editais de fomento): no draft, the result only once published and without the competition.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cultureCalls } from '../src/db/schema.generated.ts';
import { makeApp, portalText, type TestApp } from './helpers.ts';

type Row = Record<string, any>;
let t: TestApp;
let pmToken: string;
let cmToken: string;
const PM = '/portal/prefeitura-vila-serena';
const CM = '/portal/camara-vila-serena';

const text = portalText;
const idOf = async (token: string, path: string, q: Row): Promise<number> => {
  const res = await t.call('GET', `/api/${path}?perPage=100`, { token });
  const row = res.json().data.find((r: Row) => Object.entries(q).every(([k, v]) => r[k] === v));
  if (!row) throw new Error(`${path}: ${JSON.stringify(q)} not found`);
  return row.id;
};

beforeAll(async () => {
  t = await makeApp();
  [pmToken, cmToken] = await Promise.all([t.login('admin.prefeitura@paco.demo'), t.login('admin@paco.demo')]);
});
afterAll(async () => { await t?.close(); });

describe('portal pages', () => {
  it('lists the entities with a published portal and serves each home with its name, footer and sections', async () => {
    const index = await t.call('GET', '/portal');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(text(index.body)).toContain('Prefeitura Municipal de Vila Serena');
    expect(index.body).toContain(`href="${CM}"`);

    const home = await t.call('GET', PM);
    expect(home.statusCode).toBe(200);
    const body = text(home.body);
    expect(body).toContain('Ir para o conteúdo');
    expect(body).toContain('Matrículas da rede municipal abertas até 12 de dezembro');
    expect(body).toContain('Segunda a sexta, das 8h às 17h');
    expect(body).toContain('(31) 3321-5000');
    expect(home.body).toContain('<html lang="pt-BR">');
    expect(home.body).toContain('--primary:#2e7d32');
    // the back office's bundle is never sent with a portal page
    expect(home.body).not.toMatch(/assets\/index-[\w-]+\.js/);
    expect(home.body).not.toContain('admin.prefeitura@paco.demo');
    const camara = await t.call('GET', CM);
    expect(text(camara.body)).toContain('Painel da sessão ao vivo');
    expect(text(camara.body)).not.toContain('Matrículas da rede municipal');
  });

  it('shows only public records: drafts, hidden secretariats and tenders in planning stay off lists, details, search and data', async () => {
    const news = text((await t.call('GET', `${PM}/noticias`)).body);
    expect(news).toContain('Campanha de vacinação contra a gripe chega aos bairros');
    expect(news).not.toContain('Festival de Inverno 2027');
    const draft = await idOf(pmToken, 'posts', { title: 'Festival de Inverno 2027: programação em elaboração' });
    expect((await t.call('GET', `${PM}/noticias/${draft}`)).statusCode).toBe(404);
    expect(text((await t.call('GET', `${PM}/busca?q=programacao`)).body)).not.toContain('Festival de Inverno 2027');

    expect(text((await t.call('GET', `${PM}/secretarias`)).body)).not.toContain('Gabinete de Planejamento Interno');
    const hidden = await idOf(pmToken, 'secretarias', { abreviacao: 'GPI' });
    expect((await t.call('GET', `${PM}/secretarias/${hidden}`)).statusCode).toBe(404);

    const tenders = text((await t.call('GET', `${PM}/licitacoes`)).body);
    expect(tenders).toContain('merenda escolar');
    expect(tenders).not.toContain('ambulância');
    const csv = (await t.call('GET', `${PM}/dados-abertos/licitacoes.csv`)).body;
    expect(csv).toContain('merenda escolar');
    expect(csv).not.toContain('ambulância');
  });

  it("never shows another entity's records", async () => {
    const cmPost = await idOf(cmToken, 'posts', { title: 'Câmara aprova o Plano Plurianual 2026–2029' });
    expect((await t.call('GET', `${CM}/noticias/${cmPost}`)).statusCode).toBe(200);
    expect((await t.call('GET', `${PM}/noticias/${cmPost}`)).statusCode).toBe(404);
    const csv = (await t.call('GET', `${PM}/dados-abertos/contratos.csv`)).body;
    expect(csv).not.toContain('ar-condicionado');
    expect((await t.call('GET', `${CM}/dados-abertos/contratos.csv`)).body).toContain('ar-condicionado');
  });

  it('opens a detail page with its fields, files, related lists and Open Graph tags', async () => {
    const lei = await idOf(pmToken, 'publicacaos', { numero: '1.284/2026' });
    const res = await t.call('GET', `${PM}/leis/${lei}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:title" content="Lei nº 1.284/2026');
    expect(res.body).toContain('<meta property="og:type" content="article">');
    expect(text(res.body)).toContain('Arquivos');
    expect(res.body).toMatch(/href="\/api\/files\/[^"]+\.pdf\?exp=0&amp;sig=/);
    const festival = await idOf(pmToken, 'events', { title: 'Festival de Inverno de Vila Serena' });
    const ev = await t.call('GET', `${PM}/eventos/${festival}`);
    expect(text(ev.body)).toContain('Fotos');
    expect(ev.body).toContain('alt="Palco principal na Praça da Matriz"');
    const semed = await idOf(pmToken, 'secretarias', { abreviacao: 'SEMED' });
    const sec = text((await t.call('GET', `${PM}/secretarias/${semed}`)).body);
    expect(sec).toContain('Helena Cristina Moura');
    expect(sec).toContain('Formação de professores');
  });

  it('searches without accents and filters by year and type', async () => {
    const found = text((await t.call('GET', `${PM}/busca?q=informacao`)).body);
    expect(found).toContain('Política Municipal de Acesso à Informação');
    const leis = text((await t.call('GET', `${PM}/leis?q=politica`)).body);
    expect(leis).toContain('Lei nº 1.284/2026');
    const year = new Date().getFullYear();
    const last = text((await t.call('GET', `${PM}/contratos?ano=${year - 1}`)).body);
    expect(last).toContain(`077/${year - 1}`);
    expect(last).not.toContain(`034/${year}`);
    expect(last).toContain('1 registro encontrado.');
    const bad = await t.call('GET', `${PM}/contratos?ano=abc&tipo=x'--`);
    expect(bad.statusCode).toBe(200);
    expect(text(bad.body)).toContain('Nenhum registro encontrado.');
  });

  it('masks a natural person’s CPF and shows a company’s CNPJ on contracts', async () => {
    const page = text((await t.call('GET', `${PM}/contratos`)).body);
    expect(page).toContain('Maria Aparecida da Silva');
    const json = (await t.call('GET', `${PM}/dados-abertos/contratos.json`)).json();
    const maria = json.dados.find((d: Row) => d.credor === 'Maria Aparecida da Silva');
    expect(maria.credor_documento).toBe('***.982.247-**');
    expect(JSON.stringify(json)).not.toContain('52998224725');
    expect(json.dados.find((d: Row) => d.credor === 'Papelaria Vila Serena ME').credor_documento).toBe('45.723.174/0001-10');
  });

  it('answers open data as CSV and JSON with the same filters and a data dictionary', async () => {
    const year = new Date().getFullYear();
    const csv = await t.call('GET', `${PM}/dados-abertos/contratos.csv?ano=${year - 1}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="contratos.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].split(';').slice(0, 4)).toEqual(['id', 'objeto', 'numero', 'exercicio']);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`077/${year - 1}`);
    const json = (await t.call('GET', `${PM}/dados-abertos/contratos.json?ano=${year - 1}`)).json();
    expect(json.total).toBe(1);
    expect(json.filtros).toEqual({ ano: String(year - 1) });
    expect(json.dicionario.find((d: Row) => d.name === 'valorGlobal')).toMatchObject({ label: 'Valor global', type: 'valor em reais (número)' });
    const page = text((await t.call('GET', `${PM}/dados-abertos`)).body);
    expect(page).toContain('Dicionário de dados: Contratos');
    expect((await t.call('GET', `${PM}/dados-abertos/nada.csv`)).statusCode).toBe(404);
  });

  it('serves a sitemap with every public page, robots.txt, and its own 404 for unknown portal addresses', async () => {
    const map = await t.call('GET', `${PM}/sitemap.xml`);
    expect(map.headers['content-type']).toContain('application/xml');
    const lei = await idOf(pmToken, 'publicacaos', { numero: '1.284/2026' });
    expect(map.body).toContain(`${PM}/leis/${lei}</loc>`);
    const draft = await idOf(pmToken, 'posts', { title: 'Festival de Inverno 2027: programação em elaboração' });
    expect(map.body).not.toContain(`/noticias/${draft}<`);
    expect((await t.call('GET', `${PM}/robots.txt`)).body).toContain(`Sitemap: http://localhost:80${PM}/sitemap.xml`);
    expect((await t.call('GET', '/robots.txt')).body).toContain('Disallow: /api/');
    const missing = await t.call('GET', '/portal/nao-existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect((await t.call('GET', `${PM}/noticias/1/outra/coisa`)).statusCode).toBe(404);
  });

  it('answers 304 to a matching ETag and a new page once staff publish', async () => {
    const first = await t.call('GET', `${PM}/noticias`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"p[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await t.call('GET', `${PM}/noticias`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const data = await t.call('GET', `${PM}/dados-abertos/noticias.json`);
    expect((await t.call('GET', `${PM}/dados-abertos/noticias.json`, { headers: { 'if-none-match': data.headers.etag as string } })).statusCode).toBe(304);

    const created = await t.call('POST', '/api/posts', { token: pmToken, body: { title: 'Nova ponte do Ribeirão é inaugurada', published: true, description: 'Obra concluída.' } });
    expect(created.statusCode).toBe(201);
    // the change feed drops the cached page (PostgreSQL and PGlite deliver it on commit)
    await expect.poll(async () => (await t.call('GET', `${PM}/noticias`, { headers: { 'if-none-match': etag } })).statusCode, { timeout: 5000 }).toBe(200);
    expect(text((await t.call('GET', `${PM}/noticias`)).body)).toContain('Nova ponte do Ribeirão é inaugurada');
  });

  it("lists the câmara's vereadores with party, mandate and Mesa Diretora seat; an inactive one is hidden", async () => {
    const list = text((await t.call('GET', `${CM}/vereadores`)).body);
    expect(list).toContain('Dr. Ricardo Menezes');
    expect(list).toContain('PSD — Partido Social Democrático');
    const ricardo = await idOf(cmToken, 'parliamentaries', { nome: 'Dr. Ricardo Menezes' });
    const page = await t.call('GET', `${CM}/vereadores/${ricardo}`);
    const body = text(page.body);
    expect(body).toContain('Mandatos');
    expect(body).toContain('Titular');
    expect(body).toContain('Mesa Diretora Presidente');
    expect(page.body).toContain('og:image');
    expect(page.body).not.toContain('endResidencial');
    const mesa = text((await t.call('GET', `${CM}/mesa-diretora`)).body);
    expect(mesa).toContain('Presidente: Dr. Ricardo Menezes');
    expect(mesa).toContain('Vice-Presidente: Ana Paula Rocha');
    const json = (await t.call('GET', `${CM}/dados-abertos/vereadores.json`)).json();
    expect(json.dados.find((d: Row) => d.nome === 'Dr. Ricardo Menezes').partido).toBe('PSD — Partido Social Democrático');
    expect(Object.keys(json.dados[0])).not.toContain('foneResidencial');
    // the Prefeitura has no vereadores: its portal does not list the section
    expect(text((await t.call('GET', PM)).body)).not.toContain('Vereadores');

    const beto = await idOf(cmToken, 'parliamentaries', { nome: 'Beto Carvalho' });
    expect((await t.call('GET', `${CM}/vereadores/${beto}`)).statusCode).toBe(200);
    const off = await t.call('PUT', `/api/parliamentaries/${beto}`, { token: cmToken, body: { ativo: false } });
    expect(off.statusCode, off.body).toBe(200);
    await expect.poll(async () => (await t.call('GET', `${CM}/vereadores/${beto}`)).statusCode, { timeout: 5000 }).toBe(404);
    expect(text((await t.call('GET', `${CM}/vereadores`)).body)).not.toContain('Beto Carvalho');
    expect((await t.call('PUT', `/api/parliamentaries/${beto}`, { token: cmToken, body: { ativo: true } })).statusCode).toBe(200);
  });

  it('sets the portal on the company screen: a valid, unique slug and the published flag', async () => {
    const bad = await t.call('POST', '/api/companies/update_company', { token: pmToken, body: { slug: 'Prefeitura Nova' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.slug[0]).toContain('letras minúsculas');
    expect((await t.call('POST', '/api/companies/update_company', { token: pmToken, body: { slug: 'assets' } })).json().errors.slug[0]).toContain('reservado');
    const taken = await t.call('POST', '/api/companies/update_company', { token: pmToken, body: { slug: 'camara-vila-serena' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toBeTruthy();
    const off = await t.call('POST', '/api/companies/update_company', { token: pmToken, body: { portal_publicado: false } });
    expect(off.statusCode).toBe(200);
    await expect.poll(async () => (await t.call('GET', PM)).statusCode, { timeout: 5000 }).toBe(404);
    expect(text((await t.call('GET', '/portal')).body)).not.toContain('Prefeitura Municipal de Vila Serena');
    expect((await t.call('POST', '/api/companies/update_company', { token: pmToken, body: { portal_publicado: true } })).statusCode).toBe(200);
    await expect.poll(async () => (await t.call('GET', PM)).statusCode, { timeout: 5000 }).toBe(200);
  });
});

describe('editais de fomento', () => {
  let cultura: string;
  const calls = new Map<string, Row>();
  const byTitle = (titulo: string): Row => calls.get(titulo) ?? (() => { throw new Error(`${titulo}: not seeded`); })();
  const PUBLISHED = 'Prêmio Mestres e Mestras das Culturas Populares';
  const OPEN = 'Fomento à Circulação de Espetáculos';
  const DRAFT = 'Bolsas de Formação Artística (PNAB)';
  const PARECER = 'Trajetória comprovada e contrapartida adequada ao edital.';

  beforeAll(async () => {
    cultura = await t.login('cultura@paco.demo');
    const res = await t.call('GET', '/api/culture_calls?perPage=100', { token: cultura });
    for (const c of res.json().data as Row[]) calls.set(c.titulo, c);
  });

  it('lists the calls of the entity that are not drafts, newest first; a draft is 404 and out of search, sitemap and data', async () => {
    const list = await t.call('GET', `${PM}/editais`);
    expect(list.statusCode).toBe(200);
    const body = text(list.body);
    expect(body).toContain(PUBLISHED);
    expect(body).toContain(OPEN);
    expect(body).not.toContain(DRAFT);
    expect(body.indexOf(OPEN)).toBeLessThan(body.indexOf(PUBLISHED));
    expect(body).toContain('2 registros encontrados.');
    // the filter by situação offers only public states
    expect(list.body).toContain('<option value="resultado_publicado">Resultado final publicado</option>');
    expect(list.body).not.toContain('value="rascunho"');
    expect(text((await t.call('GET', `${PM}/editais?tipo=rascunho`)).body)).toContain('Nenhum registro encontrado.');
    expect(text((await t.call('GET', `${PM}/editais?tipo=resultado_publicado`)).body)).not.toContain(OPEN);

    const draft = byTitle(DRAFT);
    expect(draft.situacao).toBe('rascunho');
    const gone = await t.call('GET', `${PM}/editais/${draft.id}`);
    expect(gone.statusCode).toBe(404);
    expect(text(gone.body)).toContain('Página não encontrada');
    expect(text((await t.call('GET', `${PM}/busca?q=bolsas formacao`)).body)).not.toContain(DRAFT);
    const map = (await t.call('GET', `${PM}/sitemap.xml`)).body;
    expect(map).toContain(`${PM}/editais/${byTitle(PUBLISHED).id}</loc>`);
    expect(map).not.toContain(`${PM}/editais/${draft.id}<`);
    expect((await t.call('GET', `${PM}/dados-abertos/editais.csv`)).body).not.toContain('Bolsas de Formação');
    // in the menu, the transparency page and the site map
    expect(text((await t.call('GET', `${PM}/transparencia`)).body)).toContain('Editais de fomento');
    expect((await t.call('GET', `${PM}/mapa-do-site`)).body).toContain(`href="${PM}/editais"`);
    // another entity's address does not show the Prefeitura's call
    expect((await t.call('GET', `${CM}/editais/${byTitle(PUBLISHED).id}`)).statusCode).toBe(404);
    expect(text((await t.call('GET', CM)).body)).not.toContain('Editais de fomento');
  });

  it('shows a published result with classificação, proponente, projeto, nota and situação only: never the competition nor the parecer', async () => {
    const call = byTitle(PUBLISHED);
    // what the staff sees: the competition of each application, one of them a quota
    const staff = (await t.call('GET', `/api/culture_calls/${call.id}/resultado`, { token: cultura })).json().data as Row[];
    expect(staff).toHaveLength(4);
    expect(staff.map((r) => r.concorrencia)).toContain('negros');
    expect(staff.map((r) => r.parecer)).toContain(PARECER);

    const res = await t.call('GET', `${PM}/editais/${call.id}`);
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    for (const f of ['Número', 'Fonte dos recursos', 'Objeto e regras', 'Inscrições de', 'Inscrições até', 'Vagas (projetos apoiados)', 'Valor por projeto',
      'Distribuição das vagas', 'Nota mínima para classificação', 'Situação', 'Recursos até', 'Resultado final publicado em']) expect(body, f).toContain(f);
    expect(body).toContain('3 vagas: 2 de ampla concorrência, 1 reservada a pessoas negras e 0 a pessoas indígenas');
    expect(body).toMatch(/Valor por projeto R\$\s5\.000,00/);
    const table = /<h2>Resultado final<\/h2>[\s\S]*?<table[^>]*>([\s\S]*?)<\/table>/.exec(res.body)?.[1] ?? '';
    expect([...table.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual(['Classificação', 'Proponente', 'Projeto', 'Nota', 'Situação']);
    const rows = [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].slice(1).map((m) => [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]));
    expect(rows).toEqual(staff.map((r) => [r.classificacao ? `${r.classificacao}º` : '—', r.proponente, r.projeto, String(Number(r.nota)).replace('.', ','),
      { selecionada: 'Selecionada', suplente: 'Suplente', nao_classificada: 'Não classificada' }[r.situacao as string]]));
    // the quota applicant (4th) takes the reserved place; the 3rd waits: the page says who, never why
    expect(rows.map((r) => r[4])).toEqual(['Selecionada', 'Selecionada', 'Suplente', 'Selecionada']);
    // nothing else of the applications, in the HTML nor in the page's embedded data
    for (const secret of ['Cota para pessoas negras', 'Ampla concorrência', PARECER, 'projeto apresentado ao Prêmio Mestres', 'concorrencia', 'vaga_', '"vaga"', 'remanejada', 'user_id', 'artist_id', 'parecer']) {
      expect(res.body, secret).not.toContain(secret);
    }
  });

  it('an open call tells how to apply, with the sign-up and sign-in of the app; before the result, no applicant at all', async () => {
    const open = byTitle(OPEN);
    const page = await t.call('GET', `${PM}/editais/${open.id}`);
    const body = text(page.body);
    expect(body).toContain('Como se inscrever');
    expect(body).toContain('Cultural › Meu Cadastro');
    expect(body).toContain('Inscrever-se');
    expect(body).not.toContain('Resultado</h2>');
    expect(page.body).toMatch(/href="\/auth\/register\?entidade=\d+"/);
    expect(page.body).toContain(`href="/auth/login?next=%2Fculture%2Feditais%2F${open.id}"`);

    // a call from its draft to its result: staff, one artist who applies in a quota and one who withdraws
    const made = await t.call('POST', '/api/culture_calls', { token: cultura, body: {
      numero: '090/2026', titulo: 'Edital de Ocupação do Teatro Municipal', fonte: 'municipal', descricao: 'Pautas no Teatro Municipal para grupos locais.',
      inscricoesInicio: todayIso(-1), inscricoesFim: todayIso(10), vagas: 2, valorPorProjeto: 8000, notaMinima: 60, cotaNegros: 20, cotaIndigenas: 10,
    } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const url = `${PM}/editais/${id}`;
    expect((await t.call('GET', url)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/culture_calls/${id}/abrir`, { token: cultura })).statusCode).toBe(200);
    expect((await t.call('GET', url)).statusCode).toBe(200);

    const joana = await registeredArtist('Joana Batista', 'joana.portal@exemplo.com.br', '61239845782', 'parda');
    const luiza = await t.login('artista@paco.demo');
    await activate((await t.call('GET', '/api/artists', { token: luiza })).json().data[0].id);
    const apply = async (token: string, over: Row) => {
      const r = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token, body: {
        resumo: 'Temporada de quatro semanas com sessões gratuitas para as escolas.', valorSolicitado: 8000, concorrencia: 'ampla', declaracao: true, ...over,
      } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().application.id as number;
    };
    const a = await apply(joana, { projeto: 'Quilombo em cena', concorrencia: 'negros' });
    const b = await apply(luiza, { projeto: 'Dança no bairro' });
    const names = ['Joana Batista', 'Quilombo em cena', 'Luíza', 'Dança no bairro'];
    const shown = async () => { const r = await t.call('GET', url); expect(r.statusCode).toBe(200); return r.body; };
    for (const n of names) expect(await shown(), n).not.toContain(n);

    expect((await t.call('POST', `/api/culture_applications/${b}/desistir`, { token: luiza })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/culture_calls/${id}/encerrar_inscricoes`, { token: cultura })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/culture_applications/${a}/habilitar`, { token: cultura })).statusCode).toBe(200);
    expect((await t.call('POST', `/api/culture_applications/${a}/avaliar`, { token: cultura, body: { nota: 87.5, parecer: 'Proposta consistente, com público escolar.' } })).statusCode).toBe(200);
    const evaluating = await shown();
    expect(text(evaluating)).toContain('O resultado será publicado nesta página.');
    for (const n of [...names, 'Proposta consistente']) expect(evaluating, n).not.toContain(n);

    const pub = await t.call('POST', `/api/culture_calls/${id}/publicar_preliminar`, { token: cultura });
    expect(pub.statusCode, pub.body).toBe(200);
    // shown at once: a write to the calls' tables drops the portal's kept pages (their triggers, migration 0040)
    const result = await shown();
    expect(text(result)).toContain('Resultado preliminar Os proponentes podem recorrer até');
    expect(text(result)).toContain('Classificação Proponente Projeto Nota Situação 1º Joana Batista Quilombo em cena 87,5 Selecionada Atualizado em');
    for (const n of ['Luíza', 'Dança no bairro', 'Proposta consistente', 'Cota para pessoas negras', 'Desistiu']) expect(result, n).not.toContain(n);
    // the period over, the final result replaces it
    await t.database.db.update(cultureCalls).set({ prazoRecurso: '2000-01-01' }).where(eq(cultureCalls.id, id));
    expect((await t.call('POST', `/api/culture_calls/${id}/publicar_resultado`, { token: cultura })).statusCode).toBe(200);
    const final = text(await shown());
    expect(final).toContain('Resultado final 1 projeto selecionado');
    expect(final).not.toContain('podem recorrer');
  });

  it('open data of the section: the calls’ public fields only, no applicant', async () => {
    const json = (await t.call('GET', `${PM}/dados-abertos/editais.json`)).json();
    expect(json.dicionario.map((d: Row) => d.name)).toEqual(['id', 'titulo', 'numero', 'fonte', 'inscricoesInicio', 'inscricoesFim', 'vagas', 'valorPorProjeto', 'situacao',
      'descricao', 'reservaResumo', 'notaMinima', 'diasRecurso', 'preliminarEm', 'prazoRecurso', 'resultadoEm', 'arquivo', 'atualizado_em']);
    expect(json.dados.map((d: Row) => d.titulo)).toContain(PUBLISHED);
    expect(json.dados.map((d: Row) => d.titulo)).not.toContain(DRAFT);
    expect(json.dados.find((d: Row) => d.titulo === PUBLISHED)).toMatchObject({ fonte: 'Lei Paulo Gustavo (LC 195/2022)', vagas: 3, valorPorProjeto: 5000, situacao: 'Resultado final publicado' });
    const csv = (await t.call('GET', `${PM}/dados-abertos/editais.csv`)).body.replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('id;titulo;numero;fonte;inscricoesInicio;inscricoesFim;vagas;valorPorProjeto;situacao;descricao;reservaResumo;notaMinima;diasRecurso;preliminarEm;prazoRecurso;resultadoEm;arquivo;atualizado_em');
    const staff = (await t.call('GET', `/api/culture_calls/${byTitle(PUBLISHED).id}/resultado`, { token: cultura })).json().data as Row[];
    for (const data of [JSON.stringify(json), csv]) {
      for (const secret of ['Cota para pessoas negras', 'concorrencia', 'cotaNegros', PARECER, ...staff.map((r) => r.proponente as string)]) expect(data, secret).not.toContain(secret);
    }
    expect(text((await t.call('GET', `${PM}/dados-abertos`)).body)).toContain('Dicionário de dados: Editais de fomento');
  });

  /** A date `days` from today (São Paulo), as the API takes it. */
  function todayIso(days: number): string {
    const d = new Date(`${new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  }
  async function activate(artistId: number): Promise<void> {
    for (const step of ['analisar', 'ativar']) {
      const r = await t.call('POST', `/api/artists/${artistId}/${step}`, { token: cultura });
      expect(r.statusCode, r.body).toBe(200);
    }
  }
  /** Signs up an artist of the Prefeitura (self-registration), makes the registration and has the staff activate it. */
  async function registeredArtist(name: string, email: string, cpf: string, racaCor: string): Promise<string> {
    const company = (await t.call('GET', '/api/load-user', { token: cultura })).json().data.company_id as number;
    const reg = await t.call('POST', '/api/register', { body: { name, email, password: 'senha-forte-1', password_confirmation: 'senha-forte-1', company_id: company } });
    expect(reg.statusCode, reg.body).toBe(202);
    const token = await t.login(email, 'senha-forte-1');
    const made = await t.call('POST', '/api/artists/mine', { token, body: { nomeCompleto: name, cpf, racaCor, comunidadeTradicional: 'nenhuma', bairro: 'Centro', declaracaoAutentico: true } });
    expect(made.statusCode, made.body).toBe(201);
    await activate(made.json().data.id);
    return token;
  }
});
