/**
 * The citizen's Ouvidoria and E-SIC pages (issue 12 §2): file a manifestação or a request for information, get the
 * protocol and the access code, follow it by both, appeal (E-SIC) — and the public statistics (LAI art. 30).
 * Every form is a plain HTML form posted to the portal (multipart/form-data: the attachments go in the same call) and
 * answered with a rendered page, so all of it works without JavaScript; hydrated, the anonymous option hides the
 * identification fields and the attachments are checked (count, size) as they are chosen.
 */
import { useState, type ReactNode } from 'react';
import { Crumbs } from './Shell.tsx';
import { portalBase, type CidadaoPage, type FollowView, type FormState, type StatsPage, type StatsRow } from './types.ts';

/** The errors of a form, listed at its top with links to their fields (focus goes there on a rendered answer). */
export function ErrorSummary({ form, id, labels }: { form: FormState; id: string; labels: Record<string, string> }) {
  const keys = Object.keys(form.errors);
  if (!keys.length) return null;
  return (
    <div className="error-summary" role="alert" id={`${id}-erros`} tabIndex={-1}>
      <h3>Corrija {keys.length === 1 ? 'o campo abaixo' : `os ${keys.length} campos abaixo`}:</h3>
      <ul>{keys.map((k) => <li key={k}><a href={`#${id}-${k}`}>{labels[k] ?? 'Formulário'}: {form.errors[k]![0]}</a></li>)}</ul>
    </div>
  );
}

interface FieldProps {
  form: FormState; id: string; name: string; label: string; hint?: string; required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'textarea' | 'select'; options?: { value: string; label: string }[]; max?: number; autoComplete?: string;
}
/** A labelled field with its hint and its error tied to it (aria-describedby, aria-invalid); keeps what was typed. */
export function Field({ form, id, name, label, hint, required, type = 'text', options, max, autoComplete }: FieldProps) {
  const fid = `${id}-${name}`;
  const err = form.errors[name]?.[0];
  const described = [hint ? `${fid}-dica` : '', err ? `${fid}-erro` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id: fid, name, required, 'aria-invalid': err ? true : undefined, 'aria-describedby': described, defaultValue: form.values[name] ?? '' };
  return (
    <div className={`field${err ? ' has-error' : ''}`}>
      <label htmlFor={fid}>{label}{required ? ' (obrigatório)' : ''}</label>
      {hint ? <span className="hint" id={`${fid}-dica`}>{hint}</span> : null}
      {err ? <span className="error" id={`${fid}-erro`}>{err}</span> : null}
      {type === 'textarea' ? <textarea {...common} rows={6} maxLength={max} />
        : type === 'select' ? (
          <select {...common}>
            <option value="">Selecione</option>
            {options!.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        ) : <input {...common} type={type} maxLength={max} autoComplete={autoComplete} />}
    </div>
  );
}

/** The attachments: several files, PDF or image; checked as they are chosen once the page is hydrated. */
function Attachments({ form, id, limits }: { form: FormState; id: string; limits: CidadaoPage['limits'] }) {
  const [problem, setProblem] = useState<string | null>(null);
  const fid = `${id}-anexos`;
  const err = problem ?? form.errors.anexos?.[0];
  const check = (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (list.length > limits.files) setProblem(`Envie no máximo ${limits.files} arquivos.`);
    else if (list.some((f) => f.size > limits.mb * 1024 * 1024)) setProblem(`Cada arquivo pode ter até ${limits.mb} MB.`);
    else setProblem(null);
  };
  return (
    <div className={`field${err ? ' has-error' : ''}`}>
      <label htmlFor={fid}>Anexos (opcional)</label>
      <span className="hint" id={`${fid}-dica`}>Até {limits.files} arquivos PDF, PNG, JPEG ou WebP, de até {limits.mb} MB cada.{Object.keys(form.errors).length ? ' Se tinha escolhido arquivos, escolha-os de novo.' : ''}</span>
      {err ? <span className="error" id={`${fid}-erro`} role={problem ? 'alert' : undefined}>{err}</span> : null}
      <input id={fid} name="anexos" type="file" multiple accept="application/pdf,image/png,image/jpeg,image/webp"
        aria-describedby={`${fid}-dica${err ? ` ${fid}-erro` : ''}`} aria-invalid={err ? true : undefined} onChange={(e) => check(e.currentTarget.files)} />
    </div>
  );
}

/** The honeypot: hidden from people and from assistive technology; a robot that fills it gets a pretended answer. */
export function Honeypot() {
  return (
    <div className="hp" aria-hidden="true">
      <label htmlFor="hp-website">Deixe este campo em branco</label>
      <input id="hp-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

const LABELS: Record<string, string> = {
  tipo: 'Tipo', assunto: 'Assunto', texto: 'Texto', requerenteNome: 'Nome', requerenteEmail: 'E-mail', requerenteTelefone: 'Telefone',
  requerenteCpf: 'CPF', tema: 'Tema', anexos: 'Anexos', protocolo: 'Protocolo', codigo: 'Código de acompanhamento', recurso: 'Razões do recurso',
  company_id: 'Entidade', form: 'Formulário', identidadeRestrita: 'Identidade restrita', anonima: 'Anônima', formaRecebimento: 'Forma de recebimento',
};

function ManifestacaoForm({ data, action }: { data: CidadaoPage; action: string }) {
  const f = data.filing;
  const [anonima, setAnonima] = useState(f.values.anonima === 'true');
  return (
    <form method="post" action={action} encType="multipart/form-data" noValidate className="citizen-form" aria-labelledby="registrar">
      <ErrorSummary form={f} id="m" labels={{ ...LABELS, texto: 'Relato' }} />
      <fieldset className={f.errors.tipo ? 'has-error' : undefined} aria-describedby={f.errors.tipo ? 'm-tipo-erro' : undefined}>
        <legend id="m-tipo">Tipo de manifestação (obrigatório)</legend>
        {f.errors.tipo ? <span className="error" id="m-tipo-erro">{f.errors.tipo[0]}</span> : null}
        {data.options.map((o) => (
          <label key={o.value} className="choice">
            <input type="radio" name="tipo" value={o.value} defaultChecked={f.values.tipo === o.value} required /> {o.label}
          </label>
        ))}
      </fieldset>
      <Field form={f} id="m" name="assunto" label="Assunto" required max={200} />
      <Field form={f} id="m" name="texto" label="Relato" type="textarea" required max={10000} hint="Conte o que aconteceu, onde e quando. Não escreva dados pessoais de outras pessoas." />
      <fieldset>
        <legend>Identificação</legend>
        <label className="choice">
          <input type="checkbox" name="anonima" value="true" defaultChecked={anonima} onChange={(e) => setAnonima(e.currentTarget.checked)} aria-describedby="m-anonima-dica" />
          {' '}Quero fazer a manifestação sem me identificar (anônima)
        </label>
        <span className="hint" id="m-anonima-dica">Anônima, ela não pode receber resposta por e-mail: acompanhe pelo protocolo e pelo código. Sua identidade, quando informada, é restrita à Ouvidoria (Lei 13.460/2017, art. 6º).</span>
        <div hidden={anonima}>
          <Field form={f} id="m" name="requerenteNome" label="Nome" max={200} autoComplete="name" hint="Obrigatório se a manifestação não for anônima." />
          <Field form={f} id="m" name="requerenteEmail" label="E-mail" type="email" max={200} autoComplete="email" hint="Para receber a resposta. Informe e-mail ou telefone." />
          <Field form={f} id="m" name="requerenteTelefone" label="Telefone" type="tel" max={20} autoComplete="tel" />
        </div>
      </fieldset>
      <Attachments form={f} id="m" limits={data.limits} />
      <Honeypot />
      <button type="submit" className="primary">Registrar manifestação</button>
    </form>
  );
}

function PedidoForm({ data, action }: { data: CidadaoPage; action: string }) {
  const f = data.filing;
  return (
    <form method="post" action={action} encType="multipart/form-data" noValidate className="citizen-form" aria-labelledby="registrar">
      <ErrorSummary form={f} id="p" labels={{ ...LABELS, texto: 'Informação solicitada' }} />
      <p className="hint">Nenhum motivo é pedido: você não precisa dizer por que quer a informação (Lei 12.527/2011, art. 10, § 3º).</p>
      <Field form={f} id="p" name="requerenteNome" label="Nome" required max={200} autoComplete="name" />
      <Field form={f} id="p" name="requerenteEmail" label="E-mail" type="email" required max={200} autoComplete="email" hint="A resposta e os avisos do pedido vão para este endereço." />
      <Field form={f} id="p" name="requerenteCpf" label="CPF (opcional)" max={14} hint="Somente números ou no formato 000.000.000-00." />
      <div className="field">
        <label className="choice">
          <input type="checkbox" name="identidadeRestrita" value="true" defaultChecked={f.values.identidadeRestrita === 'true'} aria-describedby="p-restrita-dica" />
          {' '}Manter minha identidade restrita
        </label>
        <span className="hint" id="p-restrita-dica">Seu nome e seus contatos ficam visíveis apenas para o Serviço de Informação ao Cidadão, nunca para outros setores nem em público (Lei 12.527/2011, art. 31).</span>
      </div>
      <Field form={f} id="p" name="tema" label="Tema (opcional)" type="select" options={data.options} hint="Ajuda a entidade a encaminhar o pedido e entra nas estatísticas públicas." />
      <Field form={f} id="p" name="assunto" label="Assunto" required max={200} />
      <Field form={f} id="p" name="texto" label="Informação solicitada" type="textarea" required max={10000} hint="Descreva a informação que você quer receber, com o período, se houver." />
      <Attachments form={f} id="p" limits={data.limits} />
      <Honeypot />
      <button type="submit" className="primary">Enviar pedido</button>
    </form>
  );
}

function Filed({ filed, what, base }: { filed: NonNullable<CidadaoPage['filed']>; what: string; base: string }) {
  return (
    <section className="filed" aria-labelledby="registrado" tabIndex={-1} id="registrado-box">
      <h2 id="registrado">{what === 'Pedido' ? 'Pedido registrado' : 'Manifestação registrada'}</h2>
      <dl className="codes">
        <div><dt>Protocolo</dt><dd data-testid="protocolo">{filed.protocolo}</dd></div>
        <div><dt>Código de acompanhamento</dt><dd data-testid="codigo">{filed.codigo}</dd></div>
        {filed.prazo ? <div><dt>Prazo de resposta</dt><dd>{filed.prazo}</dd></div> : null}
      </dl>
      <p><strong>Guarde o protocolo e o código</strong> (anote, imprima ou faça uma captura de tela): eles são pedidos para acompanhar. O código não é enviado por e-mail e não pode ser recuperado.</p>
      <form method="post" action={`${base}/acompanhar`} encType="multipart/form-data">
        <input type="hidden" name="protocolo" value={filed.protocolo} />
        <input type="hidden" name="codigo" value={filed.codigo} />
        <button type="submit">Acompanhar agora</button>
      </form>
    </section>
  );
}

function FollowForm({ form, base }: { form: FormState; base: string }) {
  return (
    <form method="post" action={`${base}/acompanhar`} encType="multipart/form-data" noValidate className="citizen-form follow-form" aria-labelledby="acompanhar">
      <ErrorSummary form={form} id="a" labels={LABELS} />
      <Field form={form} id="a" name="protocolo" label="Protocolo" required max={30} hint="No formato 000000/AAAA." />
      <Field form={form} id="a" name="codigo" label="Código de acompanhamento" required max={40} autoComplete="off" />
      <button type="submit">Acompanhar</button>
    </form>
  );
}

function Followed({ v, data, base }: { v: FollowView; data: CidadaoPage; base: string }) {
  return (
    <section className="followed" aria-labelledby="situacao" tabIndex={-1} id="situacao-box">
      <h2 id="situacao">Protocolo {v.protocolo}</h2>
      <dl className="facts">
        {v.tipo ? <div><dt>Tipo</dt><dd>{v.tipo}</dd></div> : null}
        <div><dt>Assunto</dt><dd>{v.assunto}</dd></div>
        <div><dt>Registrado em</dt><dd>{v.registradoEm}</dd></div>
        <div><dt>Situação</dt><dd data-testid="situacao"><strong>{v.situacao}</strong></dd></div>
        {v.prazo ? <div><dt>Prazo de resposta</dt><dd>{v.prazo}{v.emAtraso ? ' (em atraso)' : ''}</dd></div> : null}
        {v.prorrogacao ? <div><dt>Prorrogação</dt><dd>{v.prorrogacao}</dd></div> : null}
        {v.anexos.length ? <div><dt>Seus anexos</dt><dd>{v.anexos.join(', ')}</dd></div> : null}
      </dl>
      {v.andamento.length ? (
        <>
          <h3>Respostas e decisões</h3>
          <ol className="timeline">
            {v.andamento.map((a, i) => (
              <li key={i}>
                <strong>{a.titulo}</strong>{a.data ? <span className="meta"> — {a.data}</span> : null}
                {a.texto.split(/\n+/).map((p, j) => <p key={j}>{p}</p>)}
                {a.anexo ? <p><a href={a.anexo.url} download={a.anexo.name}>Anexo: {a.anexo.name}</a></p> : null}
              </li>
            ))}
          </ol>
        </>
      ) : <p>Ainda não há resposta.</p>}
      {v.recurso ? (
        <form method="post" action={`${base}/recurso`} encType="multipart/form-data" noValidate className="citizen-form" aria-labelledby="recorrer">
          <h3 id="recorrer">Recorrer ({v.recurso.instancia}ª instância)</h3>
          <p className="hint">Se não concordar com a decisão, você pode recorrer até {v.recurso.ate} (Lei 12.527/2011, art. 15).</p>
          <input type="hidden" name="protocolo" value={v.protocolo} />
          <input type="hidden" name="codigo" value={v.codigo} />
          <ErrorSummary form={data.appeal} id="r" labels={LABELS} />
          <Field form={data.appeal} id="r" name="recurso" label="Razões do recurso" type="textarea" required max={10000} />
          <button type="submit">Enviar recurso</button>
        </form>
      ) : null}
    </section>
  );
}

export function Cidadao({ data }: { data: CidadaoPage }) {
  const base = `${portalBase(data.site.slug)}/${data.service}`;
  const ouvidoria = data.service === 'ouvidoria';
  const title = ouvidoria ? 'Ouvidoria' : 'Acesso à informação (e-SIC)';
  return (
    <>
      <Crumbs site={data.site} items={[{ text: title }]} />
      <h1>{title}</h1>
      {ouvidoria ? (
        <p>Registre reclamações, denúncias, solicitações, sugestões e elogios sobre os serviços da entidade. A Ouvidoria responde em até 30 dias, prorrogáveis uma vez por mais 30, com justificativa (Lei 13.460/2017, art. 16).</p>
      ) : (
        <>
          <p>Qualquer pessoa pode pedir informações públicas. A resposta vem em até 20 dias, prorrogáveis uma vez por mais 10, com justificativa (Lei 12.527/2011, art. 11). Da resposta ou da negativa cabe recurso em até 10 dias.</p>
          <p><a href={`${base}/estatisticas`}>Estatísticas de pedidos e manifestações</a></p>
        </>
      )}
      <p role="status" className="notice">{data.notice ?? ''}</p>
      {data.followed ? <Followed v={data.followed} data={data} base={base} /> : null}
      {data.filed ? <Filed filed={data.filed} what={ouvidoria ? 'Manifestação' : 'Pedido'} base={base} /> : null}
      <section aria-labelledby="registrar">
        <h2 id="registrar">{ouvidoria ? 'Registrar manifestação' : 'Fazer um pedido de informação'}</h2>
        {ouvidoria ? <ManifestacaoForm data={data} action={base} /> : <PedidoForm data={data} action={base} />}
      </section>
      <section aria-labelledby="acompanhar">
        <h2 id="acompanhar">Acompanhar</h2>
        <p>Informe o protocolo e o código de acompanhamento recebidos no registro.</p>
        <FollowForm form={data.following} base={base} />
      </section>
    </>
  );
}

/* ------------------------------------------------------------------ statistics */

const pct = (n: number, of: number): string => (of ? `${Math.round((n / of) * 100)}%` : '—');

function Bars({ rows, caption, id }: { rows: StatsRow[]; caption: string; id: string }) {
  const max = Math.max(1, ...rows.map((r) => r.recebidos));
  return (
    <figure className="bars" aria-labelledby={id}>
      <figcaption id={id}>{caption}</figcaption>
      <ul>
        {rows.map((r) => (
          <li key={r.chave || 'x'}>
            <span className="bar-label">{r.rotulo}</span>
            <span className="bar-track" aria-hidden="true"><span className="bar" style={{ width: `${(r.recebidos / max) * 100}%` }} /></span>
            <span className="bar-value">{r.recebidos} recebidos, {r.respondidos} respondidos</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

function Table({ rows, caption, first, totals }: { rows: StatsRow[]; caption: string; first: string; totals: StatsRow }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead><tr><th scope="col">{first}</th><th scope="col">Recebidos</th><th scope="col">Respondidos</th><th scope="col">Negados</th><th scope="col">No prazo</th><th scope="col">Com recurso</th><th scope="col">Em aberto</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.chave || 'x'}><th scope="row">{r.rotulo}</th><td>{r.recebidos}</td><td>{r.respondidos}</td><td>{r.negados}</td><td>{r.noPrazo}</td><td>{r.recursos}</td><td>{r.emAberto}</td></tr>
          ))}
        </tbody>
        <tfoot><tr><th scope="row">Total</th><td>{totals.recebidos}</td><td>{totals.respondidos}</td><td>{totals.negados}</td><td>{totals.noPrazo}</td><td>{totals.recursos}</td><td>{totals.emAberto}</td></tr></tfoot>
      </table>
    </div>
  );
}

function Block({ children, title, id }: { children: ReactNode; title: string; id: string }) {
  return <section aria-labelledby={id}><h2 id={id}>{title}</h2>{children}</section>;
}

export function Estatisticas({ data }: { data: StatsPage }) {
  const base = `${portalBase(data.site.slug)}/sic`;
  const p = data.pedidos;
  const m = data.manifestacoes;
  return (
    <>
      <Crumbs site={data.site} items={[{ text: 'Acesso à informação (e-SIC)', url: base }, { text: 'Estatísticas' }]} />
      <h1>Estatísticas de {data.ano}</h1>
      <p>Pedidos de acesso à informação e manifestações recebidos pela entidade (Lei 12.527/2011, art. 30, III). <span className="meta">Atualizado em {data.atualizadoEm}.</span></p>
      <form className="filters" method="get" action={`${base}/estatisticas`} aria-label="Escolher o ano">
        <div className="field">
          <label htmlFor="e-ano">Ano</label>
          <select id="e-ano" name="ano" defaultValue={String(data.ano)}>{data.anos.map((a) => <option key={a} value={a}>{a}</option>)}</select>
        </div>
        <button type="submit">Ver</button>
      </form>
      <p className="downloads">Baixar: <a href={data.csv}>CSV</a> · <a href={data.json}>JSON</a></p>
      <Block title="Pedidos de acesso à informação" id="pedidos">
        <dl className="facts totals">
          <div><dt>Recebidos</dt><dd>{p.totais.recebidos}</dd></div>
          <div><dt>Respondidos</dt><dd>{p.totais.respondidos} ({pct(p.totais.respondidos, p.totais.recebidos)})</dd></div>
          <div><dt>Respondidos no prazo</dt><dd>{p.totais.noPrazo} ({pct(p.totais.noPrazo, p.totais.respondidos)} dos respondidos)</dd></div>
          <div><dt>Negados</dt><dd>{p.totais.negados}</dd></div>
          <div><dt>Com recurso</dt><dd>{p.totais.recursos}</dd></div>
          <div><dt>Em aberto</dt><dd>{p.totais.emAberto}</dd></div>
        </dl>
        <Bars rows={p.porMes} caption="Pedidos recebidos por mês" id="bars-pedidos-mes" />
        <Table rows={p.porMes} caption={`Pedidos por mês de ${data.ano}`} first="Mês" totals={p.totais} />
        <Table rows={p.porTema} caption={`Pedidos por tema em ${data.ano}`} first="Tema" totals={p.totais} />
      </Block>
      <Block title="Manifestações da Ouvidoria" id="manifestacoes">
        <Bars rows={m.porTipo} caption="Manifestações recebidas por tipo" id="bars-manif-tipo" />
        <Table rows={m.porMes} caption={`Manifestações por mês de ${data.ano}`} first="Mês" totals={m.totais} />
        <Table rows={m.porTipo} caption={`Manifestações por tipo em ${data.ano}`} first="Tipo" totals={m.totais} />
      </Block>
    </>
  );
}
