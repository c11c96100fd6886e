/** A small live state for the control room's tests: three members (the third presides), two agenda items, one speaker. */
import type { LiveState, LiveVoting } from '@paco/domain/plenary';

export const NOW = Date.parse('2026-03-10T14:00:00Z');

export function liveState(patch: Partial<LiveState> = {}): LiveState {
  return {
    company: { id: 1, nome: 'Câmara Municipal de Exemplo', brasao: null },
    session: {
      id: 5, company_id: 1, titulo: '12ª Sessão Ordinária', numero: 12, tipo: 'Ordinária', abertura: '2026-03-10', horarioInicio: '10:00:00',
      iniciada: false, finalizada: false, iniciadaEm: null, finalizadaEm: null, linkMidia: null, presidente_id: 3,
    },
    members: [
      { id: 1, nome: 'Ana Lima', partido: 'PT', foto: null, presidente: false },
      { id: 2, nome: 'Bruno Costa', partido: 'MDB', foto: null, presidente: false },
      { id: 3, nome: 'Carla Dias', partido: 'PSD', foto: null, presidente: true },
    ],
    total_membros: 3,
    presence: { abertura: { status: 'aberta', presentes: [2, 3] }, ordem_dia: { status: 'fechada', presentes: [] } },
    agenda: [
      { id: 10, kind: 'expediente', numOrdem: 1, matter_id: 100, identificacao: 'PL 12/2026', ementa: 'Dispõe sobre a arborização urbana.', tipo_votacao: 'nominal', turno: 'Turno único', polemica: false, resultado: null, anulacao: null, situacao: 'em_pauta', situacao_obs: null, urgente: false },
      { id: 11, kind: 'ordem_dia', numOrdem: 1, matter_id: 101, identificacao: 'REQ 3/2026', ementa: 'Requer informações.', tipo_votacao: 'simbolica', turno: null, polemica: true, resultado: null, anulacao: null, situacao: 'em_pauta', situacao_obs: null, urgente: false },
    ],
    speakers: [
      { id: 50, lista: 'expediente', ordem: 1, parliamentary_id: 1, status: 'aguardando', iniciado_em: null, acumulado_ms: 0, tempo_concedido: 300 },
    ],
    voting: null,
    settings: { votos_ao_vivo: true, tempos: { expediente: 300, ordem_dia: 600, explicacoes_pessoais: 300, aparte: 120, questao_ordem: 180, lideranca: 300 }, presidente_regra: 'desempate' },
    painel: { layout: 'completo', mensagem: null },
    ...patch,
  };
}

export function voting(patch: Partial<LiveVoting> = {}): LiveVoting {
  return {
    id: 70, plenary_matter_id: 10, identificacao: 'PL 12/2026', ementa: 'Dispõe sobre a arborização urbana.', tipo: 'nominal', fase: 'abertura',
    status: 'aberta', regra: 'maioria_simples', quorum_presenca: 'maioria_absoluta', quorum_exigido: 2,
    requisito: 'maioria simples com quórum de 2 presentes', impedidos: [],
    aberta_em: '2026-03-10T13:50:00Z', encerrada_em: null,
    // as countNominal counts it: 1 × 1 among the others, the president's (3) Sim breaks the tie
    tally: { sim: 2, nao: 1, abstencao: 0, presentes: 3, total: 3, votaram: 3 },
    presidente: { id: 3, regra: 'desempate', votou: true, voto: 'sim', computado: true },
    votantes: [1, 2, 3],
    votes: [
      { parliamentary_id: 1, voto: 'sim' },
      { parliamentary_id: 2, voto: 'nao' },
      { parliamentary_id: 3, voto: 'sim' },
    ],
    resultado: null, explicacao: null, motivo: null, anterior_id: null, anulada: false,
    ...patch,
  };
}
