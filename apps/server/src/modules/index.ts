/**
 * Every module's behaviour, registered in the engine's registry (engine/behaviour.ts) when this file is imported:
 * hooks per table, action handlers per resource. The registry refuses an unknown action, an action implemented
 * twice and a table hooked by two modules.
 */
import { tableOf, type ResourceDef } from '@paco/domain/resource';
import { resourceByName, resources } from '@paco/domain/resources';
import type { ActionHandler, ResourceHooks, Services } from '../engine/context.ts';
import { defineBehaviour } from '../engine/behaviour.ts';
import * as admin from './admin/index.ts';
import * as lookups from './lookups/index.ts';
import * as legislativo from './legislativo/index.ts';
// bancadas and blocos parlamentares with their members' posts (registered with defineBehaviour when imported)
import './legislativo/bancadas.ts';
import * as materias from './materias/index.ts';
// the parliamentarians' requests (workflows registered with defineBehaviour when imported)
import './materias/received.ts';
import './materias/solicitations.ts';
// the tramitação: steps' hooks, the flow, the matter's "Tramitar"
import './materias/tramitacao.ts';
// matters attached to a principal ("Anexar matéria", "Desanexar")
import './materias/anexadas.ts';
// a matter's accessory documents (who registered them, their date)
import './materias/acessorios.ts';
// the citizens who follow a matter by e-mail (the public calls, the job that tells them of each new step)
import * as acompanhamento from './materias/acompanhamento.ts';
import * as administrativo from './administrativo/index.ts';
import * as conteudo from './conteudo/index.ts';
import * as cultura from './cultura/index.ts';
import * as plenario from './plenario/index.ts';
// the session's documents: the pauta (order, publication, public reads) and the ata (registered when imported)
import './plenario/pauta.ts';
import './plenario/ata.ts';
import './plenario/ata-item.ts';
import './plenario/documents-pdf.ts';
import * as notificacoes from './notificacoes/index.ts';
import { citizenMessageHooks } from './notificacoes/citizen.ts';
// the E-SIC's requests for information (registered with defineBehaviour when imported)
import './sic/index.ts';
// the legislative cycle: a voting's effects, the plenary item's actions, sanction and norms (registered when imported)
import './ciclo/index.ts';

interface Area {
  name: string;
  hooks?: Record<string, ResourceHooks>;
  actions?: Record<string, Record<string, ActionHandler>>;
  /** runs once when the app starts (e.g. registers realtime snapshot providers) */
  setup?(services: Services): void;
}

const areas: Area[] = [
  { name: 'admin', hooks: admin.adminHooks, actions: admin.adminActions },
  { name: 'lookups', actions: lookups.lookupActions },
  { name: 'legislativo', ...legislativo },
  { name: 'materias', ...materias },
  { name: 'acompanhamento', setup: acompanhamento.setup },
  { name: 'administrativo', ...administrativo },
  { name: 'conteudo', ...conteudo },
  { name: 'cultura', ...cultura },
  { name: 'plenario', ...plenario },
  { name: 'notificacoes', actions: notificacoes.actions, setup: notificacoes.setup, hooks: { citizen_messages: citizenMessageHooks } },
];

const defOfTable = (table: string): ResourceDef => {
  const r = resources.find((x) => tableOf(x) === table);
  if (!r) throw new Error(`hooks for unknown table ${table}`);
  return r;
};

for (const a of areas) {
  for (const [table, h] of Object.entries(a.hooks ?? {})) defineBehaviour(defOfTable(table), { hooks: h }, a.name);
  for (const [name, handlers] of Object.entries(a.actions ?? {})) {
    const def = resourceByName.get(name);
    if (!def) throw new Error(`${a.name}: actions for unknown resource ${name}`);
    defineBehaviour(def, { actions: handlers as never }, a.name);
  }
}

export const setups: ((services: Services) => void)[] = areas.flatMap((a) => (a.setup ? [a.setup] : []));
