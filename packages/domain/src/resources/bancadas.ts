/**
 * Bancadas e blocos parlamentares (SAPL `Bancada`, `Bloco`, `CargoBancada`; decision 0057, docs/legislativo.md).
 *
 * A **bancada** is a party's group of vereadores in one legislature (one per party and legislature); a **bloco
 * parlamentar** joins several parties for a period. Both have members (`membros_bancada`), each with a post — Líder,
 * Vice-líder or Membro — and its own period: a change of leadership ends the old líder's row and adds the new one,
 * so the history is kept. One table holds the members of both (exactly one of `bancada_id`, `bloco_id`), so a
 * parliamentarian's record lists them in one tab.
 *
 * Rules enforced by the server (modules/legislativo/bancadas.ts), 422 with per-field messages: one Líder at a time
 * per group; the member has a mandate in the group's legislature; the post's period inside the group's; the group's
 * inside its legislature; a party's bancada unique per legislature; ends not before starts (`order`).
 *
 * Access: read by the Legislativo's readers (the parliamentarian's tab), written by who manages parties.
 */
import { f } from '../fields.ts';
import { defineResource, type ResourceDef } from '../resource.ts';
import { R } from '../roles.ts';
import type { RoleName } from '../roles.ts';

const ADMINS: readonly RoleName[] = ['superadmin', 'admin', 'cm_admin'];
const access = { read: R.legislativoEntries, create: ADMINS, update: ADMINS, delete: ADMINS } as const;
const ORDER = [{ from: 'inicio', to: 'fim', message: 'O campo Fim deve ser igual ou posterior a Início.' }] as const;

/** The posts of a bancada or bloco (SAPL's CargoBancada). Líder: one at a time. */
export const CARGOS_BANCADA = [
  { value: 'lider', label: 'Líder' },
  { value: 'vice_lider', label: 'Vice-líder' },
  { value: 'membro', label: 'Membro' },
] as const;

const membersChild = (fk: string) => ({
  resource: 'membros_bancada', fk, list: 'membros', add: 'membros', remove: 'membros', label: 'Membros',
  columns: ['parliamentary_id', 'cargo', 'inicio', 'fim', 'obs'], sort: '-inicio',
}) as const;

export const bancadas = defineResource({
  name: 'bancadas', path: 'bancadas', tenant: { column: 'company_id' }, audit: true,
  order: ORDER,
  label: { one: 'Bancada', many: 'Bancadas', gender: 'f' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 150, help: 'Ex.: Bancada do PT.' }),
    legislature_id: f.ref({ label: 'Legislatura', to: 'legislatures', display: 'descricao', required: true, filter: true, createOnly: 'A legislatura da bancada não muda: crie a bancada na outra legislatura.' }),
    party_id: f.ref({ label: 'Partido', to: 'parties', display: 'abbreviations', required: true, filter: true }),
    inicio: f.date({ label: 'Início', required: true }),
    fim: f.date({ label: 'Fim' }),
    obs: f.longtext({ label: 'Observação', max: 2000 }),
  },
  list: { columns: ['nome', 'party_id', 'legislature_id', 'inicio', 'fim'], sort: 'nome', search: ['nome'] },
  display: 'nome',
  access,
  children: { membros: membersChild('bancada_id') },
  screen: '/legislativo/bancadas',
});

export const blocos = defineResource({
  name: 'blocos', path: 'blocos', tenant: { column: 'company_id' }, audit: true,
  order: ORDER,
  label: { one: 'Bloco parlamentar', many: 'Blocos parlamentares', gender: 'm' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 150 }),
    legislature_id: f.ref({ label: 'Legislatura', to: 'legislatures', display: 'descricao', required: true, filter: true, createOnly: 'A legislatura do bloco não muda: crie o bloco na outra legislatura.' }),
    inicio: f.date({ label: 'Início', required: true }),
    fim: f.date({ label: 'Fim' }),
    obs: f.longtext({ label: 'Observação', max: 2000 }),
  },
  list: { columns: ['nome', 'legislature_id', 'inicio', 'fim'], sort: 'nome', search: ['nome', 'obs'] },
  display: 'nome',
  access,
  children: { membros: membersChild('bloco_id') },
  links: {
    /** the parties joined in the bloco (SAPL `Bloco.partidos`) */
    partidos: { target: 'parties', list: 'partidos', add: 'partidos', remove: 'partidos', removeById: true },
  },
  screen: '/legislativo/blocos',
});

/** A member of a bancada or bloco with their post and its period. */
export const membrosBancada = defineResource({
  name: 'membros_bancada', path: 'membros_bancada', tenant: { column: 'company_id' }, audit: true,
  order: ORDER,
  label: { one: 'Membro', many: 'Membros', gender: 'm' },
  fields: {
    bancada_id: f.ref({ label: 'Bancada', to: 'bancadas', display: 'nome', onDelete: 'cascade', hidden: true, filter: true, createOnly: true }),
    bloco_id: f.ref({ label: 'Bloco parlamentar', to: 'blocos', display: 'nome', onDelete: 'cascade', hidden: true, filter: true, createOnly: true }),
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true, filter: true }),
    cargo: f.select({ label: 'Cargo', required: true, options: CARGOS_BANCADA, default: 'membro', filter: true }),
    inicio: f.date({ label: 'Início', required: true }),
    fim: f.date({ label: 'Fim', help: 'Para trocar o líder, informe aqui o fim da liderança atual e adicione o novo líder.' }),
    obs: f.text({ label: 'Observação', max: 255 }),
  },
  list: { columns: ['parliamentary_id', 'bancada_id', 'bloco_id', 'cargo', 'inicio', 'fim'], sort: '-inicio', search: ['obs'] },
  display: 'cargo',
  access,
});

export const RESOURCES: readonly ResourceDef[] = [bancadas, blocos, membrosBancada];
