/**
 * Routes of spec 1 §2 that have no record family of their own, mapped to the closest resource screen (data, not
 * code; resourceRoutes.tsx turns each entry into routes). An entry whose resource is not defined is skipped.
 *
 * - 'view': the resource's list at `path` with a fixed filter (and its detail at `path/:id`);
 * - 'form': the resource's create form at `path` with the filter as defaults; the saved record opens at `back/:id`.
 *   A filter value ':x' is the route parameter x;
 * - 'options': a page of shortcuts (which form to fill, the parliamentarian's menu);
 * - 'page': a hand-written screen;
 *
 * Filters on a `types` reference may name the type by its slug (resolved by the web, see resources/views.ts).
 */
import type { ComponentType } from 'react';
import { R } from '@paco/domain/roles';
import { W_LIVE } from '@paco/domain/resources/plenario';
import { readers, W_SESSIONS } from '@paco/domain/resources/legislative-access';
import type { RouteHandle } from '../shell/handle';
import type { OptionItem } from '../pages/OptionsPage';

type Filter = Record<string, string | number | boolean>;
type Rule = RouteHandle['rule'];

export type MappedRoute =
  | { kind: 'view'; path: string; resource: string; title?: string; filter?: Filter; rule?: Rule }
  | { kind: 'form'; path: string; resource: string; back: string; title?: string; filter?: Filter; rule?: Rule }
  | { kind: 'options'; path: string; title: string; intro?: string; items: readonly OptionItem[]; rule?: Rule }
  | { kind: 'page'; path: string; title: string; load: () => Promise<{ default: ComponentType }>; rule?: Rule };

const LEG = '/legislativo';
const PARL = '/legislativo-parlamentar';
const legModule: Rule = { roles: R.legislativoModule };
const legEntries: Rule = { roles: R.legislativoEntries };

/** The matter drafts a parliamentarian sends to the house (route segment → `matters` type slug). */
export const MATTER_FORMS: readonly { form: string; title: string; type: string; icon: string }[] = [
  { form: 'indicacao', title: 'Indicação', type: 'ind', icon: 'Lightbulb' },
  { form: 'requerimento', title: 'Requerimento', type: 'req', icon: 'Assignment' },
  { form: 'mocaoaplauso', title: 'Moção de Aplauso', type: 'mocao_aplauso', icon: 'ThumbUp' },
  { form: 'mocaopesar', title: 'Moção de Pesar', type: 'mocao_pesar', icon: 'SentimentDissatisfied' },
  { form: 'projetoslei', title: 'Projeto de Lei', type: 'pl', icon: 'Gavel' },
  { form: 'projetosdecreto', title: 'Projeto de Decreto Legislativo', type: 'pdl', icon: 'Description' },
  { form: 'projetosresolucao', title: 'Projeto de Resolução', type: 'pr', icon: 'Article' },
];
/** The parliamentarian's requests (route segment → `solicitations.tipo`). */
export const SOLICITATION_FORMS: readonly { form: string; title: string; icon: string }[] = [
  { form: 'diaria', title: 'Diária', icon: 'Payments' },
  { form: 'veiculo', title: 'Veículo', icon: 'DirectionsCar' },
];

const matterForms = (base: string, back: string, rule: Rule): MappedRoute[] =>
  MATTER_FORMS.map((m) => ({
    kind: 'form', path: `${base}/${m.form}`, resource: 'matter_applications', back, title: m.title, filter: { type_id: m.type }, rule,
  }));
const solicitationForms = (base: string, back: string, rule: Rule): MappedRoute[] =>
  SOLICITATION_FORMS.map((s) => ({
    kind: 'form', path: `${base}/${s.form}`, resource: 'solicitations', back, title: `Solicitação de ${s.title.toLowerCase()}`, filter: { tipo: s.form }, rule,
  }));

export const PANEL_SCREENS = ['Oradores', 'PainelPresence', 'PainelVotation', 'PresenceCard', 'Votacao', 'Votada', 'VotationCard'];

export const ROUTE_MAP: readonly MappedRoute[] = [
  /* ---------- Legislativo: lists without a family of their own ---------- */
  // the pauta of one session at a time, reordered and published (issue 13); the atas are their own screen (plenary_minutes)
  { kind: 'page', path: `${LEG}/pauta`, title: 'Pauta', load: () => import('../legislativo/pauta/PautaPage'), rule: { roles: readers(W_SESSIONS), permissions: ['view_plenary_session'] } },
  { kind: 'view', path: `${LEG}/registered`, resource: 'matters', title: 'Matérias cadastradas' },
  { kind: 'view', path: `${LEG}/links`, resource: 'links', title: 'Links' },

  /* ---------- matters received: which form, and the forms ---------- */
  {
    kind: 'options', path: `${LEG}/matters/received/options`, title: 'Nova matéria recebida', rule: legEntries,
    intro: 'Escolha o tipo de matéria a registrar.',
    items: MATTER_FORMS.map((m) => ({ title: m.title, icon: m.icon, to: `${LEG}/matters/received/forms/${m.form}` })),
  },
  ...matterForms(`${LEG}/matters/received/forms`, `${LEG}/matters/received`, legEntries),

  /* ---------- solicitations: which form, and the forms ---------- */
  {
    kind: 'options', path: `${LEG}/solicitation/options`, title: 'Nova solicitação', rule: legEntries,
    intro: 'Escolha o tipo de solicitação.',
    items: SOLICITATION_FORMS.map((s) => ({ title: s.title, icon: s.icon, to: `${LEG}/solicitation/forms/${s.form}` })),
  },
  ...solicitationForms(`${LEG}/solicitation/forms`, `${LEG}/solicitation`, legEntries),

  /* ---------- the parliamentarian's area ---------- */
  {
    kind: 'options', path: `${PARL}/menu`, title: 'Menu do Parlamentar', rule: legEntries,
    intro: 'Envie matérias e solicitações à Casa e acompanhe o que já enviou.',
    items: [
      { title: 'Minhas matérias', icon: 'Description', to: `${PARL}/matters` },
      { title: 'Minhas solicitações', icon: 'Assignment', to: `${PARL}/solicitation` },
      ...MATTER_FORMS.map((m) => ({ title: m.title, icon: m.icon, to: `${PARL}/matters/form/${m.form}`, description: 'Nova matéria' })),
      ...SOLICITATION_FORMS.map((s) => ({ title: s.title, icon: s.icon, to: `${PARL}/solicitation/form/${s.form}`, description: 'Nova solicitação' })),
      { title: 'Painel Eletrônico', icon: 'Tv', to: `${PARL}/NewPainel` },
    ],
  },
  ...matterForms(`${PARL}/matters/form`, `${PARL}/matters`, legEntries),
  ...solicitationForms(`${PARL}/solicitation/form`, `${PARL}/solicitation`, legEntries),
  // any other form name: the type (or tipo) given by the URL
  { kind: 'form', path: `${PARL}/matters/form/:form`, resource: 'matter_applications', back: `${PARL}/matters`, filter: { type_id: ':form' }, rule: legEntries },
  { kind: 'form', path: `${PARL}/solicitation/form/:form`, resource: 'solicitations', back: `${PARL}/solicitation`, rule: legEntries },

  /* ---------- other modules ---------- */
  { kind: 'view', path: '/executive/gestores', resource: 'secretarios', title: 'Gestores' },
  { kind: 'view', path: '/licitacao/agents', resource: 'agents', title: 'Agentes' },
  { kind: 'view', path: '/licitacao/categories', resource: 'categories', title: 'Categorias' },
  { kind: 'page', path: '/culture/profile', title: 'Meu Cadastro', load: () => import('../culture/CultureProfilePage'), rule: { roles: R.culturaMeuCadastro } },
  { kind: 'page', path: '/settings/holidays', title: 'Feriados', load: () => import('../settings/HolidaysPage'), rule: { roles: R.settingsHolidays } },
  { kind: 'page', path: '/settings/protocolNumbering', title: 'Numeração de Processos', load: () => import('../settings/ProtocolNumberingPage'), rule: { roles: R.adminOnly } },

  /* ---------- live plenary session ---------- */
  { kind: 'page', path: `${LEG}/newPainel`, title: 'Sala de controle', load: () => import('../legislativo/controle/ControlRoomListPage'), rule: { roles: W_LIVE } },
  { kind: 'page', path: `${LEG}/votacao/:id?`, title: 'Votar Matéria', load: () => import('../legislativo/votar/ParlamentarPainelPage'), rule: legModule },
  { kind: 'page', path: `${PARL}/NewPainel`, title: 'Votar Matéria', load: () => import('../legislativo/votar/ParlamentarPainelPage'), rule: legEntries },
];
