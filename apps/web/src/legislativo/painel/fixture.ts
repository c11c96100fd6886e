/** A LiveState for the panel's tests (13 members, today's session started). */
import type { LiveState, LiveVoting } from '@paco/domain/plenary';

const NAMES: [string, string][] = [
  ['Ana Paula Ribeiro', 'PSD'], ['Bruno Carvalho', 'PT'], ['Carla Mendes', 'MDB'], ['Diego Araújo', 'PL'],
  ['Elisa Fonseca', 'PSB'], ['Fábio Nogueira', 'PP'], ['Gabriela Souza', 'PDT'], ['Heitor Lima', 'União'],
  ['Isabel Moraes', 'PSDB'], ['João Batista', 'Republicanos'], ['Karina Alves', 'PT'], ['Lucas Pereira', 'Podemos'],
  ['Marta Conceição', 'PSD'],
];

export function votingFixture(patch: Partial<LiveVoting> = {}): LiveVoting {
  return {
    id: 31,
    plenary_matter_id: 7,
    identificacao: 'Projeto de Lei nº 12/2026',
    ementa: 'Institui o programa municipal de hortas comunitárias.',
    tipo: 'nominal',
    fase: 'ordem_dia',
    status: 'aberta',
    regra: 'maioria_absoluta', quorum_presenca: 'maioria_absoluta', quorum_exigido: 7,
    requisito: 'maioria absoluta exige 7, com quórum de 7 presentes', impedidos: [],
    aberta_em: '2026-03-10T19:00:00.000Z',
    encerrada_em: null,
    tally: { sim: 5, nao: 2, abstencao: 1, presentes: 9, total: 13, votaram: 8 },
    presidente: null,
    votantes: null,
    votes: null,
    resultado: null,
    explicacao: null,
    motivo: null,
    anterior_id: null,
    anulada: false,
    ...patch,
  };
}

export function liveFixture(patch: Partial<LiveState> = {}): LiveState {
  return {
    company: { id: 4, nome: 'Câmara Municipal de Vila Serena', brasao: '/api/files/brasao-vila-serena.png' },
    session: {
      id: 5, company_id: 4, titulo: '10ª Sessão Ordinária de 2026', numero: 10, tipo: 'Ordinária', abertura: '2026-03-10',
      horarioInicio: '18:00', iniciada: true, finalizada: false, iniciadaEm: '2026-03-10T21:00:00.000Z', finalizadaEm: null,
      linkMidia: null, presidente_id: 1,
    },
    members: NAMES.map(([nome, partido], i) => ({ id: i + 1, nome, partido, foto: null, presidente: i === 0 })),
    total_membros: 13,
    presence: {
      abertura: { status: 'encerrada', presentes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      ordem_dia: { status: 'aberta', presentes: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    },
    agenda: [],
    speakers: [],
    voting: null,
    settings: { votos_ao_vivo: true, tempos: { expediente: 300, ordem_dia: 600, explicacoes_pessoais: 300, aparte: 120, questao_ordem: 180, lideranca: 300 }, presidente_regra: 'desempate' },
    painel: { layout: 'completo', mensagem: null },
    ...patch,
  };
}
