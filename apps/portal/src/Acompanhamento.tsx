/**
 * "Acompanhar matéria" (decision 0055): the form on a matter's page and the pages of the e-mails' links. Plain forms
 * posted to the portal (multipart/form-data, like the Ouvidoria's), so everything works without JavaScript. The links
 * of the e-mails open a page with one button: a mail scanner that opens every link confirms or stops nothing.
 */
import { ACOMPANHAMENTO_FINALIDADE } from '@paco/domain/acompanhamento';
import { Crumbs } from './Shell.tsx';
import { ErrorSummary, Field, Honeypot } from './Cidadao.tsx';
import { portalBase, type AcompanhamentoPage, type FollowBoxData } from './types.ts';

const LABELS: Record<string, string> = { email: 'E-mail', nome: 'Nome', form: 'Formulário', company_id: 'Entidade' };

/** The box on a matter's page: e-mail, name (optional), the purpose, the button. */
export function FollowBox({ follow, title }: { follow: FollowBoxData; title: string }) {
  const f = follow.form;
  return (
    <section aria-labelledby="acompanhar" className="follow-box">
      <h2 id="acompanhar">Acompanhar esta matéria por e-mail</h2>
      <p>Receba um e-mail a cada novo passo da tramitação de {title}. Não é preciso criar conta.</p>
      <form method="post" action={follow.action} encType="multipart/form-data" noValidate className="citizen-form">
        <ErrorSummary form={f} id="a" labels={LABELS} />
        <Field form={f} id="a" name="email" label="E-mail" type="email" required max={191} autoComplete="email" />
        <Field form={f} id="a" name="nome" label="Nome (opcional)" max={120} autoComplete="name" hint="Para o e-mail chamar você pelo nome." />
        <p className="hint" id="a-finalidade">{ACOMPANHAMENTO_FINALIDADE}</p>
        <Honeypot />
        <button type="submit" className="primary" aria-describedby="a-finalidade">Acompanhar</button>
      </form>
    </section>
  );
}

const TITLES: Record<AcompanhamentoPage['step'], string> = {
  pedido: 'Confira seu e-mail',
  form: 'Acompanhar matéria',
  confirmar: 'Confirmar o acompanhamento',
  confirmado: 'Acompanhamento confirmado',
  sair: 'Parar de acompanhar',
  saiu: 'Você parou de acompanhar',
  invalido: 'Link inválido',
};

export const acompanhamentoTitle = (step: AcompanhamentoPage['step']): string => TITLES[step];

export function Acompanhamento({ data }: { data: AcompanhamentoPage }) {
  const { site, materia: m } = data;
  const base = `${portalBase(site.slug)}/acompanhamento`;
  const matterLink = m ? <a href={m.url}>{m.title}</a> : null;
  return (
    <article className="acompanhamento">
      <Crumbs site={site} items={[{ text: 'Matérias legislativas', url: `${portalBase(site.slug)}/materias` }, ...(m ? [{ text: m.title, url: m.url }] : []), { text: TITLES[data.step] }]} />
      <h1>{TITLES[data.step]}</h1>
      {m ? <p className="lead">{matterLink}{m.ementa ? `: ${m.ementa}` : ''}</p> : null}
      {data.message ? <p role="status" className="notice">{data.message}</p> : null}
      {data.step === 'confirmar' && data.token ? (
        <form method="post" action={`${base}/confirmar`} encType="multipart/form-data">
          <p>Confirme que quer receber um e-mail a cada novo passo da tramitação desta matéria. {ACOMPANHAMENTO_FINALIDADE}</p>
          <input type="hidden" name="token" value={data.token} />
          <button type="submit" className="primary">Confirmar o acompanhamento</button>
        </form>
      ) : null}
      {data.step === 'sair' && data.token ? (
        <form method="post" action={`${base}/sair`} encType="multipart/form-data">
          <p>Você não vai mais receber e-mails sobre esta matéria, e o seu endereço será apagado da lista dela.</p>
          <input type="hidden" name="token" value={data.token} />
          <button type="submit" className="primary">Parar de acompanhar</button>
        </form>
      ) : null}
      {data.follow && m ? <FollowBox follow={data.follow} title={m.title} /> : null}
      {data.step === 'pedido' ? <p>O link do e-mail vale por 48 horas e só pode ser usado uma vez.</p> : null}
      {data.step === 'saiu' && m ? <p>Mudou de ideia? Você pode voltar a acompanhar na <a href={m.url}>página da matéria</a>.</p> : null}
      {data.step === 'invalido' ? <p>Para acompanhar uma matéria, use o formulário na página dela, em <a href={`${portalBase(site.slug)}/materias`}>Matérias legislativas</a>.</p> : null}
    </article>
  );
}
