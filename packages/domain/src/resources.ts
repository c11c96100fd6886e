/** The registry of every resource definition (one declaration each), area by area. */
import * as admin from './resources/admin.ts';
import * as lookups from './resources/types.ts';
import * as legislativo from './resources/legislativo.ts';
import * as materias from './resources/materias.ts';
import * as proposicao from './resources/proposicao.ts';
import * as plenario from './resources/plenario.ts';
import * as ciclo from './resources/ciclo.ts';
import * as administrativo from './resources/administrativo.ts';
import * as conteudo from './resources/conteudo.ts';
import * as cultura from './resources/cultura.ts';
import * as fomento from './resources/fomento.ts';
import * as notificacoes from './resources/notificacoes.ts';
import * as sic from './resources/sic.ts';
import * as acompanhamento from './resources/acompanhamento.ts';
import * as bancadas from './resources/bancadas.ts';
import { sequences } from './resources/sequences.ts';
import type { ResourceDef } from './resource.ts';

export const resources: readonly ResourceDef[] = [
  admin.states, admin.cities, admin.institutions, admin.companies, admin.liberations, admin.permissions, admin.roles,
  admin.users, admin.adminUsers, admin.cultureUsers, admin.contacts, admin.logs, sequences,
  lookups.types,
  ...legislativo.RESOURCES,
  ...bancadas.RESOURCES,
  ...materias.RESOURCES,
  ...proposicao.RESOURCES,
  ...plenario.RESOURCES,
  ...ciclo.RESOURCES,
  ...administrativo.RESOURCES,
  ...conteudo.RESOURCES,
  ...cultura.RESOURCES,
  ...fomento.RESOURCES,
  ...sic.RESOURCES,
  ...notificacoes.RESOURCES,
  ...acompanhamento.RESOURCES,
];

export const resourceByName: ReadonlyMap<string, ResourceDef> = new Map(resources.map((r) => [r.name, r]));
export const resourceByPath: ReadonlyMap<string, ResourceDef> = new Map(resources.map((r) => [r.path, r]));
