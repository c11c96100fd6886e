/**
 * The portal's frame (eMAG 3.1): skip links with their Alt+1..4 shortcuts (content, menu, search, footer), the
 * accessibility bar (high contrast, font size), the header with the crest, name and search, the navigation,
 * and the footer with address, contacts and opening hours. Plain semantic HTML; works without JavaScript (the
 * toggles need it and say so by being buttons that only act once the page is hydrated).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { PORTAL_GROUPS } from '@paco/domain/portal';
import { portalBase, type PortalSite } from './types.ts';

const FONT_STEPS = [100, 112, 125, 140];
const KEY = 'paco-portal-a11y';

/** The visitor's choices, kept in this browser (localStorage): contrast and font step. */
function useA11yPrefs(): { contrast: boolean; step: number; setContrast: (v: boolean) => void; setStep: (v: number) => void } {
  const [contrast, setContrast] = useState(false);
  const [step, setStep] = useState(0);
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as { contrast?: boolean; step?: number };
      if (saved.contrast) setContrast(true);
      if (typeof saved.step === 'number' && saved.step >= 0 && saved.step < FONT_STEPS.length) setStep(saved.step);
    } catch { /* no storage: defaults */ }
  }, []);
  useEffect(() => {
    const html = document.documentElement;
    html.classList.toggle('alto-contraste', contrast);
    html.style.fontSize = step ? `${FONT_STEPS[step]}%` : '';
    try { localStorage.setItem(KEY, JSON.stringify({ contrast, step })); } catch { /* ignore */ }
  }, [contrast, step]);
  return { contrast, step, setContrast, setStep };
}

const TARGETS = ['conteudo', 'menu', 'busca', 'rodape'] as const;

/** Alt+1..4 moves the focus to the content, the menu, the search and the footer (eMAG shortcuts). */
function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.key);
      if (!(n >= 1 && n <= 4)) return;
      const el = document.getElementById(TARGETS[n - 1]);
      if (!el) return;
      e.preventDefault();
      const focusable = n === 3 ? el.querySelector('input') ?? el : el;
      if (!focusable.hasAttribute('tabindex') && focusable.tagName !== 'INPUT') focusable.setAttribute('tabindex', '-1');
      (focusable as HTMLElement).focus();
      el.scrollIntoView({ block: 'start' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function Shell({ site, children, q = '' }: { site: PortalSite; children: ReactNode; q?: string }) {
  const base = portalBase(site.slug);
  const prefs = useA11yPrefs();
  useShortcuts();
  const groups = PORTAL_GROUPS.map((g) => ({ ...g, sections: site.sections.filter((s) => s.group === g.value) })).filter((g) => g.sections.length);
  return (
    <>
      <nav className="skip" aria-label="Atalhos de acessibilidade">
        <a href="#conteudo" accessKey="1">Ir para o conteúdo <span aria-hidden="true">[1]</span></a>
        <a href="#menu" accessKey="2">Ir para o menu <span aria-hidden="true">[2]</span></a>
        <a href="#busca" accessKey="3">Ir para a busca <span aria-hidden="true">[3]</span></a>
        <a href="#rodape" accessKey="4">Ir para o rodapé <span aria-hidden="true">[4]</span></a>
      </nav>
      <header>
        <div className="a11y-bar">
          <div className="wrap">
            <a href={`${base}/acessibilidade`}>Acessibilidade</a>
            <button type="button" aria-pressed={prefs.contrast} onClick={() => prefs.setContrast(!prefs.contrast)}>Alto contraste</button>
            <span role="group" aria-label="Tamanho do texto" className="font-size">
              <button type="button" onClick={() => prefs.setStep(Math.max(0, prefs.step - 1))} disabled={prefs.step === 0}>A−<span className="sr-only"> diminuir o texto</span></button>
              <button type="button" onClick={() => prefs.setStep(0)}>A<span className="sr-only"> texto no tamanho normal</span></button>
              <button type="button" onClick={() => prefs.setStep(Math.min(FONT_STEPS.length - 1, prefs.step + 1))} disabled={prefs.step === FONT_STEPS.length - 1}>A+<span className="sr-only"> aumentar o texto</span></button>
            </span>
          </div>
        </div>
        <div className="top">
          <div className="wrap top-row">
            <a className="brand" href={base}>
              {site.brasao ? <img src={site.brasao} alt="" width={56} height={56} /> : null}
              <span className="brand-name">{site.name}</span>
            </a>
            <form id="busca" className="search" role="search" action={`${base}/busca`} method="get">
              <label htmlFor="q" className="sr-only">Buscar no portal</label>
              <input id="q" name="q" type="search" defaultValue={q} placeholder="Buscar no portal" maxLength={200} />
              <button type="submit">Buscar</button>
            </form>
          </div>
        </div>
      </header>
      <nav id="menu" className="menu" aria-label="Menu principal">
        <details className="wrap menu-box">
          <summary>Menu</summary>
          <ul className="menu-list">
            <li><a href={base}>Início</a></li>
            {groups.map((g) => (
              <li key={g.value}>
                <span className="menu-group">{g.label}</span>
                <ul>
                  {g.value === 'transparencia' ? <li><a href={`${base}/transparencia`}>Portal da Transparência</a></li> : null}
                  {g.sections.map((s) => <li key={s.key}><a href={`${base}/${s.key}`}>{s.title}</a></li>)}
                  {g.value === 'legislativo' ? <li><a href={`${base}/mesa-diretora`}>Mesa Diretora</a></li> : null}
                  {g.value === 'legislativo' && site.painel ? <li><a href={site.painel}>Painel da sessão ao vivo</a></li> : null}
                </ul>
              </li>
            ))}
            <li>
              <span className="menu-group">Atendimento</span>
              <ul>
                <li><a href={`${base}/ouvidoria`}>Ouvidoria</a></li>
                <li><a href={`${base}/sic`}>Acesso à informação (e-SIC)</a></li>
                <li><a href={`${base}/dados-abertos`}>Dados abertos</a></li>
                <li><a href={`${base}/mapa-do-site`}>Mapa do site</a></li>
              </ul>
            </li>
            {site.menus.map((m) => (
              <li key={m.name}>
                <span className="menu-group">{m.name}</span>
                <ul>{m.links.map((l) => <MenuLink key={`${l.text}|${l.url}`} link={l} />)}</ul>
              </li>
            ))}
          </ul>
        </details>
      </nav>
      <main id="conteudo" tabIndex={-1}>
        <div className="wrap">{children}</div>
      </main>
      <footer id="rodape" className="foot" tabIndex={-1}>
        <div className="wrap foot-grid">
          <div>
            <h2>{site.name}</h2>
            {site.endereco ? <p>{site.endereco}</p> : null}
            {site.horario ? <p><strong>Atendimento:</strong> {site.horario}</p> : null}
          </div>
          <div>
            <h2>Contato</h2>
            {site.telefone ? <p>Telefone: <a href={`tel:${site.telefone.replace(/\D/g, '')}`}>{site.telefone}</a></p> : null}
            {site.email ? <p>E-mail: <a href={`mailto:${site.email}`}>{site.email}</a></p> : null}
            <p><a href={`${base}/ouvidoria`}>Ouvidoria</a> · <a href={`${base}/sic`}>e-SIC</a></p>
          </div>
          <div>
            <h2>Navegação</h2>
            <p><a href={`${base}/transparencia`}>Transparência</a> · <a href={`${base}/dados-abertos`}>Dados abertos</a> · <a href={`${base}/mapa-do-site`}>Mapa do site</a></p>
            <p><a href="/portal">Outros portais</a></p>
          </div>
        </div>
      </footer>
    </>
  );
}

function MenuLink({ link }: { link: { text: string; url: string; children?: { text: string; url: string }[] } }) {
  return (
    <li>
      {link.url ? <a href={link.url}>{link.text}</a> : <span>{link.text}</span>}
      {link.children?.length ? <ul>{link.children.map((c) => <li key={`${c.text}|${c.url}`}><a href={c.url}>{c.text}</a></li>)}</ul> : null}
    </li>
  );
}

/** Where the page stands in the portal ("Início › Notícias › …"), the last item the current page. */
export function Crumbs({ site, items }: { site: PortalSite; items: { text: string; url?: string }[] }) {
  return (
    <nav aria-label="Você está aqui" className="crumbs">
      <ol>
        <li><a href={portalBase(site.slug)}>Início</a></li>
        {items.map((i) => <li key={i.text}>{i.url ? <a href={i.url}>{i.text}</a> : <span aria-current="page">{i.text}</span>}</li>)}
      </ol>
    </nav>
  );
}
