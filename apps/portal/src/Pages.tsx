/** The portal's pages: one component per kind of page, all inside the Shell (except the list of portals). */
import type { ReactNode } from 'react';
import { PORTAL_GROUPS, PORTAL_SECTIONS } from '@paco/domain/portal';
import { Crumbs, Shell } from './Shell.tsx';
import { Cidadao, Estatisticas } from './Cidadao.tsx';
import { Acompanhamento, FollowBox } from './Acompanhamento.tsx';
import { portalBase, type LiderancaView, type PageData, type PortalSite, type RecordView, type RelatedGroup, type RelatedText, type SectionRef } from './types.ts';

export function Page({ data }: { data: PageData }) {
  switch (data.kind) {
    case 'index': return <IndexPage data={data} />;
    case 'home': return <Shell site={data.site}><Home data={data} /></Shell>;
    case 'list': return <Shell site={data.site} q={data.filters.q}><List data={data} /></Shell>;
    case 'detail': return <Shell site={data.site}><Detail data={data} /></Shell>;
    case 'search': return <Shell site={data.site} q={data.q}><Search data={data} /></Shell>;
    case 'hub': return <Shell site={data.site}><Hub data={data} /></Shell>;
    case 'open-data': return <Shell site={data.site}><OpenData data={data} /></Shell>;
    case 'text': return <Shell site={data.site}><TextPage data={data} /></Shell>;
    case 'cidadao': return <Shell site={data.site}><Cidadao data={data} /></Shell>;
    case 'sic-estatisticas': return <Shell site={data.site}><Estatisticas data={data} /></Shell>;
    case 'acompanhamento': return <Shell site={data.site}><Acompanhamento data={data} /></Shell>;
    default: return data.site ? <Shell site={data.site}><NotFound /></Shell> : <main id="conteudo" className="wrap"><NotFound /></main>;
  }
}

function NotFound() {
  return (<><h1>Página não encontrada</h1><p>O endereço não existe ou o conteúdo não está mais publicado.</p><p><a href="/portal">Ver os portais</a></p></>);
}

function IndexPage({ data }: { data: Extract<PageData, { kind: 'index' }> }) {
  return (
    <main id="conteudo" className="wrap index-page">
      <h1>Portais das entidades</h1>
      {data.entities.length ? (
        <ul className="cards">
          {data.entities.map((e) => (
            <li key={e.slug} className="card">
              <a href={portalBase(e.slug)} className="brand">
                {e.brasao ? <img src={e.brasao} alt="" width={48} height={48} /> : null}
                <span>{e.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : <p>Nenhum portal publicado.</p>}
    </main>
  );
}

const recordUrl = (site: PortalSite, section: SectionRef, r: RecordView) => `${portalBase(site.slug)}/${section.key}/${r.id}`;

function Card({ site, section, r, level = 3 }: { site: PortalSite; section: SectionRef; r: RecordView; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <li className="card">
      {r.image ? <img src={r.image} alt="" loading="lazy" className="card-img" /> : null}
      <H className="card-title"><a href={recordUrl(site, section, r)}>{r.title}</a></H>
      {r.date ? <p className="meta">{r.date}</p> : null}
      {r.summary ? <p>{r.summary}</p> : null}
      {r.fields.length ? (
        <dl className="facts">
          {r.fields.map((f) => <div key={f.label}><dt>{f.label}</dt><dd>{f.value}</dd></div>)}
        </dl>
      ) : null}
    </li>
  );
}

function Home({ data }: { data: Extract<PageData, { kind: 'home' }> }) {
  const { site } = data;
  const base = portalBase(site.slug);
  return (
    <>
      <h1 className="sr-only">{site.name}: página inicial</h1>
      {data.banners.length ? (
        <section aria-label="Destaques" className="banners">
          {data.banners.map((b) => {
            const inner = (<>{b.image ? <img src={b.image} alt="" /> : null}<span className="banner-text"><strong>{b.title}</strong>{b.description ? <span> {b.description}</span> : null}</span></>);
            return b.link ? <a key={b.title} className="banner" href={b.link}>{inner}</a> : <div key={b.title} className="banner">{inner}</div>;
          })}
        </section>
      ) : null}
      <section aria-labelledby="acesso-rapido" className="quick">
        <h2 id="acesso-rapido">Acesso rápido</h2>
        <ul className="quick-list">
          <li><a href={`${base}/transparencia`}>Transparência</a></li>
          <li><a href={`${base}/servicos`}>Carta de Serviços</a></li>
          <li><a href={`${base}/ouvidoria`}>Ouvidoria</a></li>
          <li><a href={`${base}/sic`}>e-SIC</a></li>
          <li><a href={`${base}/licitacoes`}>Licitações</a></li>
          <li><a href={`${base}/dados-abertos`}>Dados abertos</a></li>
          {site.painel ? <li><a href={site.painel}>Painel da sessão ao vivo</a></li> : null}
        </ul>
      </section>
      {data.blocks.map(({ section, records }) => (
        <section key={section.key} aria-labelledby={`sec-${section.key}`}>
          <h2 id={`sec-${section.key}`}>{section.title}</h2>
          <ul className="cards">{records.map((r) => <Card key={r.id} site={site} section={section} r={r} />)}</ul>
          <p><a href={`${base}/${section.key}`}>Ver todos: {section.title.toLocaleLowerCase('pt-BR')}</a></p>
        </section>
      ))}
      {site.sobre ? <section aria-labelledby="sobre"><h2 id="sobre">Sobre</h2><p>{site.sobre}</p></section> : null}
    </>
  );
}

function List({ data }: { data: Extract<PageData, { kind: 'list' }> }) {
  const { site, section, filters } = data;
  const base = `${portalBase(site.slug)}/${section.key}`;
  const qs = (page: number) => {
    const p = new URLSearchParams();
    if (filters.q) p.set('q', filters.q);
    if (filters.ano) p.set('ano', filters.ano);
    if (filters.tipo) p.set('tipo', filters.tipo);
    if (page > 1) p.set('pagina', String(page));
    const s = p.toString();
    return s ? `?${s}` : '';
  };
  const dataQs = qs(1);
  return (
    <>
      <Crumbs site={site} items={[{ text: section.title }]} />
      <h1>{section.title}</h1>
      <p>{section.description}</p>
      {data.updatedAt ? <p className="meta">Atualizado em {data.updatedAt}</p> : null}
      <form className="filters" method="get" action={base} aria-label={`Filtrar ${section.title.toLocaleLowerCase('pt-BR')}`}>
        <div className="field">
          <label htmlFor="f-q">Palavra</label>
          <input id="f-q" name="q" type="search" defaultValue={filters.q} maxLength={200} />
        </div>
        {data.years.length ? (
          <div className="field">
            <label htmlFor="f-ano">Ano</label>
            <select id="f-ano" name="ano" defaultValue={filters.ano}>
              <option value="">Todos</option>
              {data.years.map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </div>
        ) : null}
        {data.types.length && data.typeLabel ? (
          <div className="field">
            <label htmlFor="f-tipo">{data.typeLabel}</label>
            <select id="f-tipo" name="tipo" defaultValue={filters.tipo}>
              <option value="">Todos</option>
              {data.types.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
            </select>
          </div>
        ) : null}
        <button type="submit">Filtrar</button>
      </form>
      <p role="status">{data.total === 0 ? 'Nenhum registro encontrado.' : data.total === 1 ? '1 registro encontrado.' : `${data.total} registros encontrados.`}</p>
      <ul className="cards list">{data.records.map((r) => <Card key={r.id} site={site} section={section} r={r} level={2} />)}</ul>
      {data.pages > 1 ? (
        <nav aria-label="Páginas" className="pager">
          {data.page > 1 ? <a href={`${base}${qs(data.page - 1)}`} rel="prev">Anterior</a> : null}
          <span>Página {data.page} de {data.pages}</span>
          {data.page < data.pages ? <a href={`${base}${qs(data.page + 1)}`} rel="next">Próxima</a> : null}
        </nav>
      ) : null}
      <p className="downloads">
        Baixar esta lista: <a href={`${portalBase(site.slug)}/dados-abertos/${section.key}.csv${dataQs}`}>CSV</a>{' · '}
        <a href={`${portalBase(site.slug)}/dados-abertos/${section.key}.json${dataQs}`}>JSON</a>
      </p>
    </>
  );
}

function Detail({ data }: { data: Extract<PageData, { kind: 'detail' }> }) {
  const { site, section, record: r } = data;
  return (
    <article>
      <Crumbs site={site} items={[{ text: section.title, url: `${portalBase(site.slug)}/${section.key}` }, { text: section.one }]} />
      <h1>{r.title}</h1>
      {r.date ? <p className="meta">{r.date}</p> : null}
      {r.image ? <img src={r.image} alt="" className="hero" /> : null}
      {r.summary ? <p className="lead">{r.summary}</p> : null}
      <dl className="facts detail">
        {r.fields.map((f) => (
          <div key={f.label} className={f.long ? 'long' : undefined}>
            <dt>{f.label}</dt>
            <dd>{f.link ? <a href={f.link}>{f.value}</a> : f.long ? f.value.split(/\n+/).map((p, i) => <p key={i}>{p}</p>) : f.value}</dd>
          </div>
        ))}
      </dl>
      {r.files.length ? (
        <section aria-labelledby="arquivos">
          <h2 id="arquivos">Arquivos</h2>
          <ul className="files">{r.files.map((f) => <li key={f.url}><a href={f.url} download={f.name}>{f.label}: {f.name}</a> <span className="meta">({f.size})</span></li>)}</ul>
        </section>
      ) : null}
      {data.related.map((g) => <RelatedSection key={g.title} g={g} />)}
      {data.follow ? <FollowBox follow={data.follow} title={r.title} /> : null}
      <p className="meta">Atualizado em {r.updatedAt}</p>
    </article>
  );
}

function RelatedSection({ g }: { g: RelatedGroup }) {
  const cell = (c: RelatedText) => (c.url ? <a href={c.url}>{c.text}</a> : c.text);
  return (
    <section aria-label={g.title}>
      <h2>{g.title}</h2>
      {g.note ? <p className="meta">{g.note}</p> : null}
      {'table' in g ? (
        g.table.stack ? <StackedTable head={g.table.head} rows={g.table.rows} cell={cell} /> : (
          <div className="table-wrap">
            <table>
              <thead><tr>{g.table.head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
              <tbody>{g.table.rows.map((row, n) => <tr key={n}>{row.map((c, i) => (i === 0 ? <th key={i} scope="row">{cell(c)}</th> : <td key={i}>{cell(c)}</td>))}</tr>)}</tbody>
            </table>
          </div>
        )
      ) : g.items.length === 0 ? null : g.ordered ? (
        <ol className="plain steps">
          {g.items.map((i, n) => <li key={n}>{i.url ? <a href={i.url}>{i.text}</a> : <strong>{i.text}</strong>}{i.detail ? ` ${i.detail}` : null}</li>)}
        </ol>
      ) : (
        <ul className={g.items.some((i) => i.image) ? 'photos' : 'plain'}>
          {g.items.map((i, n) => (
            <li key={n}>
              {i.image ? <img src={i.image} alt={i.text} loading="lazy" /> : null}
              {i.image ? null : i.url ? <a href={i.url}>{i.text}</a> : <strong>{i.text}</strong>}
              {i.detail ? <span className="meta"> {i.detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A table that a phone shows as one block per row, each cell with its column's name (styles: `.stack`). The explicit
 * roles keep it a table for screen readers when CSS changes its display (some browsers drop the semantics then).
 */
function StackedTable({ head, rows, cell }: { head: string[]; rows: RelatedText[][]; cell: (c: RelatedText) => ReactNode }) {
  return (
    <div className="table-wrap stack">
      <table role="table">
        <thead role="rowgroup"><tr role="row">{head.map((h) => <th key={h} scope="col" role="columnheader">{h}</th>)}</tr></thead>
        <tbody role="rowgroup">
          {rows.map((row, n) => (
            <tr key={n} role="row">
              {row.map((c, i) => (i === 0
                ? <th key={i} scope="row" role="rowheader" data-label={head[i]}>{cell(c)}</th>
                : <td key={i} role="cell" data-label={head[i]}>{cell(c)}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Search({ data }: { data: Extract<PageData, { kind: 'search' }> }) {
  const { site } = data;
  const total = data.groups.reduce((n, g) => n + g.total, 0);
  return (
    <>
      <Crumbs site={site} items={[{ text: 'Busca' }]} />
      <h1>Busca{data.q ? `: “${data.q}”` : ''}</h1>
      <p role="status">{!data.q ? 'Digite uma palavra na busca.' : total ? `${total} resultado(s).` : 'Nenhum resultado.'}</p>
      {data.groups.map((g) => (
        <section key={g.section.key} aria-labelledby={`r-${g.section.key}`}>
          <h2 id={`r-${g.section.key}`}>{g.section.title} ({g.total})</h2>
          <ul className="cards">{g.records.map((r) => <Card key={r.id} site={site} section={g.section} r={r} />)}</ul>
          {g.total > g.records.length ? <p><a href={`${portalBase(site.slug)}/${g.section.key}?q=${encodeURIComponent(data.q)}`}>Ver todos em {g.section.title}</a></p> : null}
        </section>
      ))}
    </>
  );
}

function Hub({ data }: { data: Extract<PageData, { kind: 'hub' }> }) {
  const { site } = data;
  const base = portalBase(site.slug);
  const shown = new Set(site.sections.map((s) => s.key));
  if (data.hub === 'transparencia') {
    const groups = PORTAL_GROUPS.filter((g) => g.value === 'transparencia' || g.value === 'publicacoes');
    return (
      <>
        <Crumbs site={site} items={[{ text: 'Transparência' }]} />
        <h1>Transparência</h1>
        <p>Informações públicas da entidade, como pedem a Lei de Acesso à Informação (Lei 12.527/2011), a Lei Complementar 131/2009 e a Lei 14.133/2021.</p>
        {groups.map((g) => (
          <section key={g.value} aria-labelledby={`g-${g.value}`}>
            <h2 id={`g-${g.value}`}>{g.label}</h2>
            <ul className="cards">
              {PORTAL_SECTIONS.filter((s) => s.group === g.value && shown.has(s.key)).map((s) => (
                <li key={s.key} className="card">
                  <h3 className="card-title"><a href={`${base}/${s.key}`}>{s.title}</a></h3>
                  <p>{s.description}</p>
                  <p className="meta">{data.updatedAt[s.key] ? `Atualizado em ${data.updatedAt[s.key]}` : 'Sem registros publicados.'}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="g-passiva">
          <h2 id="g-passiva">Transparência passiva e participação</h2>
          <ul className="plain">
            <li><a href={`${base}/sic`}>Pedir uma informação (e-SIC)</a></li>
            <li><a href={`${base}/ouvidoria`}>Ouvidoria</a></li>
            <li><a href={`${base}/perguntas-frequentes`}>Perguntas frequentes</a></li>
            <li><a href={`${base}/dados-abertos`}>Dados abertos</a></li>
          </ul>
        </section>
      </>
    );
  }
  return (
    <>
      <Crumbs site={site} items={[{ text: 'Mapa do site' }]} />
      <h1>Mapa do site</h1>
      <ul className="sitemap">
        <li><a href={base}>Início</a></li>
        {PORTAL_GROUPS.map((g) => {
          const sections = PORTAL_SECTIONS.filter((s) => s.group === g.value && shown.has(s.key));
          if (!sections.length) return null;
          return (
            <li key={g.value}>{g.label}
              <ul>
                {sections.map((s) => <li key={s.key}><a href={`${base}/${s.key}`}>{s.title}</a></li>)}
                {g.value === 'legislativo' ? <li><a href={`${base}/mesa-diretora`}>Mesa Diretora</a></li> : null}
              </ul>
            </li>
          );
        })}
        <li>Atendimento
          <ul>
            <li><a href={`${base}/transparencia`}>Transparência</a></li>
            <li><a href={`${base}/ouvidoria`}>Ouvidoria</a></li>
            <li><a href={`${base}/sic`}>Acesso à informação (e-SIC)</a></li>
            <li><a href={`${base}/dados-abertos`}>Dados abertos</a></li>
            <li><a href={`${base}/busca`}>Busca</a></li>
            <li><a href={`${base}/acessibilidade`}>Acessibilidade</a></li>
          </ul>
        </li>
      </ul>
    </>
  );
}

function OpenData({ data }: { data: Extract<PageData, { kind: 'open-data' }> }) {
  const { site } = data;
  const base = `${portalBase(site.slug)}/dados-abertos`;
  return (
    <>
      <Crumbs site={site} items={[{ text: 'Dados abertos' }]} />
      <h1>Dados abertos</h1>
      <p>Cada lista do portal pode ser baixada em CSV (separado por ponto e vírgula, UTF-8) e JSON, com os mesmos filtros da página
        (<code>?q=</code>, <code>?ano=</code>, <code>?tipo=</code>). Os endereços são estáveis e podem ser usados por sistemas.</p>
      {data.datasets.map((d) => (
        <section key={d.section.key} aria-labelledby={`d-${d.section.key}`}>
          <h2 id={`d-${d.section.key}`}>{d.section.title}</h2>
          <p>{d.section.description}</p>
          <p>
            <a href={`${base}/${d.section.key}.csv`}>{d.section.title}: CSV</a>{' · '}
            <a href={`${base}/${d.section.key}.json`}>{d.section.title}: JSON</a>
          </p>
          <details>
            <summary>Dicionário de dados: {d.section.title}</summary>
            <table>
              <caption className="sr-only">Campos de {d.section.title}</caption>
              <thead><tr><th scope="col">Campo</th><th scope="col">Descrição</th><th scope="col">Tipo</th></tr></thead>
              <tbody>{d.fields.map((f) => <tr key={f.name}><td><code>{f.name}</code></td><td>{f.label}{f.help ? `: ${f.help}` : ''}</td><td>{f.type}</td></tr>)}</tbody>
            </table>
          </details>
        </section>
      ))}
    </>
  );
}

function TextPage({ data }: { data: Extract<PageData, { kind: 'text' }> }) {
  return (
    <>
      <Crumbs site={data.site} items={[{ text: data.title }]} />
      <h1>{data.title}</h1>
      {data.text.split(/\n+/).map((p, i) => <p key={i}>{p}</p>)}
      {data.links.length ? <ul className="plain">{data.links.map((l) => <li key={l.url}><a href={l.url}>{l.text}</a></li>)}</ul> : null}
      {data.liderancas?.length ? <Liderancas groups={data.liderancas} /> : null}
    </>
  );
}

/** The bancadas and blocos in force, each with its parties and its líder and vice-líderes (text, not colour). */
function Liderancas({ groups }: { groups: LiderancaView[] }) {
  const part = (kind: LiderancaView['kind'], title: string) => {
    const gs = groups.filter((g) => g.kind === kind);
    return gs.length ? (
      <>
        <h3>{title}</h3>
        <ul className="plain leaders">
          {gs.map((g) => (
            <li key={g.nome}>
              <h4>{g.nome}</h4>
              {g.partidos.length ? <p className="meta">{`${g.partidos.length > 1 ? 'Partidos' : 'Partido'}: ${g.partidos.join(', ')}`}</p> : null}
              {g.lideres.length ? (
                <ul>{g.lideres.map((l) => <li key={`${l.cargo}-${l.nome}`}>{`${l.cargo}: `}{l.url ? <a href={l.url}>{l.nome}</a> : l.nome}</li>)}</ul>
              ) : <p>Liderança não informada.</p>}
            </li>
          ))}
        </ul>
      </>
    ) : null;
  };
  return (
    <section aria-labelledby="liderancas">
      <h2 id="liderancas">Lideranças</h2>
      <p className="meta">Líderes e vice-líderes das bancadas e dos blocos parlamentares em exercício hoje.</p>
      {part('bancada', 'Bancadas')}
      {part('bloco', 'Blocos parlamentares')}
    </section>
  );
}
