import { describe, expect, it } from 'vitest';
import { ataSections, dateInWords, durationInWords, type AtaFacts, type AtaVoting } from './ata.ts';

const voting = (o: Partial<AtaVoting>): AtaVoting => ({
  tipo: 'simbolica', status: 'encerrada', resultado: 'aprovado', explicacao: 'Aprovado: 5 Sim, 0 Não, 0 Abstenções; maioria simples (mais votos Sim que Não)',
  motivo: null, novaVotacao: false, sim: 5, nao: 0, abstencao: 0, votos: null, naoVotaram: null, impedidos: [], ...o,
});

const facts = (o: Partial<AtaFacts> = {}): AtaFacts => ({
  casa: 'Câmara Municipal de Vila Serena',
  sessao: { titulo: '12ª Sessão Ordinária de 01/03/2026', numero: 12, tipo: 'Ordinária', data: '2026-03-01', inicio: '18:02', fim: '00:15', dataFim: '2026-03-02', presidente: 'Ana', linkMidia: null },
  membros: [{ id: 1, nome: 'Ana', partido: 'PSB' }, { id: 2, nome: 'Bruno', partido: null }, { id: 3, nome: 'Carla', partido: 'PT' }],
  presencas: { abertura: [1, 2], ordem_dia: [] },
  ausencias: [{ parliamentary_id: 3, justificada: false, motivo: null }],
  itens: [],
  oradores: [],
  ...o,
});

describe('ata text', () => {
  it('writes dates, hours and durations in words', () => {
    expect(dateInWords('2026-11-20')).toBe('20 de novembro de 2026');
    expect(durationInWords(270)).toBe('4min30s');
    expect(durationInWords(300)).toBe('5min');
    expect(durationInWords(0)).toBe('0s');
    expect(durationInWords(3725)).toBe('1h2min5s');
  });

  it('opens on the first day, closes on the next one, and says when nothing happened', () => {
    const s = ataSections(facts());
    expect(s.abertura).toBe('Ao primeiro dia do mês de março de 2026, às 18h02, reuniu-se a Câmara Municipal de Vila Serena em sua 12ª Sessão Ordinária, sob a presidência de Ana.');
    expect(s.presencas).toBe([
      'Abertura (expediente): 2 vereadores presentes — Ana (PSB) e Bruno.',
      'Ausentes: Carla (ausência não justificada).',
      '',
      'Ordem do dia: não houve registro de presença nesta fase.',
    ].join('\n'));
    expect(s.expediente).toBe('Não houve matérias no expediente.');
    expect(s.ordem_dia).toBe('Não houve matérias na ordem do dia.');
    expect(s.oradores).toBe('Não houve oradores inscritos.');
    expect(s.encerramento).toBe('Nada mais havendo a tratar, a Presidência encerrou a sessão às 00h15 do dia 2 de março de 2026. Para constar, lavrou-se a presente ata, que, lida e aprovada, será assinada pela Mesa.');
  });

  it('tells each voting: nominal names, secret totals only, cancelled and annulled with their reasons', () => {
    const s = ataSections(facts({
      itens: [{
        kind: 'ordem_dia', numOrdem: 1, identificacao: 'PL 1/2026', ementa: 'Institui o programa', autores: ['Ana', 'Bruno'], turno: 'Primeiro turno',
        votacoes: [
          voting({ tipo: 'nominal', status: 'cancelada', resultado: 'aprovado', motivo: 'Erro na contagem' }),
          voting({
            tipo: 'nominal', novaVotacao: true, motivo: 'Erro na contagem', explicacao: 'Aprovado: 1 Sim, 0 Não, 1 Abstenção; maioria simples (mais votos Sim que Não)',
            votos: [{ nome: 'Bruno', voto: 'sim', presidente: false }, { nome: 'Ana', voto: 'abstencao', presidente: true }], naoVotaram: [], impedidos: ['Carla'],
          }),
        ],
      }, {
        kind: 'ordem_dia', numOrdem: 2, identificacao: 'PR 2/2026', ementa: null, autores: [], turno: null,
        votacoes: [voting({ tipo: 'secreta', explicacao: 'Rejeitado: 1 Sim, 2 Não, 0 Abstenções; maioria simples (mais votos Não que Sim)', sim: 1, nao: 2 }), voting({ status: 'cancelada', resultado: null, motivo: null })],
      }],
    }));
    expect(s.ordem_dia).toBe([
      '1. PL 1/2026 — Institui o programa.',
      'Autoria: Ana e Bruno. Primeiro turno.',
      'Votação nominal: Aprovado: 5 Sim, 0 Não, 0 Abstenções; maioria simples (mais votos Sim que Não). Resultado anulado: Erro na contagem.',
      'Nova votação: Erro na contagem.',
      'Votação nominal: Aprovado: 1 Sim, 0 Não, 1 Abstenção; maioria simples (mais votos Sim que Não).',
      'Votaram Sim: Bruno. Votaram Não: nenhum. Abstenções: Ana (presidente).',
      'Impedidos de votar: Carla.',
      '',
      '2. PR 2/2026.',
      'Votação secreta: Rejeitado: 1 Sim, 2 Não, 0 Abstenções; maioria simples (mais votos Não que Sim).',
      'Votação secreta: registrados apenas os totais (1 Sim, 2 Não, 0 Abstenção).',
      'Votação simbólica cancelada: sem motivo informado.',
    ].join('\n'));
  });

  it('a block: “Votação … em bloco dos itens …” under each item, the nominal votes once, a reading block', () => {
    const itens = ['1 (REQ 4/2026)', '2 (IND 7/2026)'];
    const votos = [{ nome: 'Ana', voto: 'sim' as const, presidente: false }];
    const explicacao = 'Aprovado: 1 Sim, 0 Não, 0 Abstenções; maioria simples (mais votos Sim que Não)';
    const s = ataSections(facts({
      itens: [
        { kind: 'ordem_dia', numOrdem: 1, identificacao: 'REQ 4/2026', ementa: null, autores: [], turno: null, votacoes: [voting({ tipo: 'nominal', explicacao, votos, naoVotaram: [], bloco: { itens, primeiro: true } })] },
        { kind: 'ordem_dia', numOrdem: 2, identificacao: 'IND 7/2026', ementa: null, autores: [], turno: null, votacoes: [voting({ tipo: 'nominal', explicacao, votos, naoVotaram: [], bloco: { itens, primeiro: false } })] },
        { kind: 'expediente', numOrdem: 1, identificacao: 'IND 8/2026', ementa: null, autores: [], turno: null, votacoes: [voting({ tipo: 'leitura', resultado: 'lida', bloco: { itens: ['1 (IND 8/2026)', '2 (IND 9/2026)'], primeiro: true } })] },
      ],
    }));
    expect(s.ordem_dia).toBe([
      '1. REQ 4/2026.',
      `Votação nominal em bloco dos itens 1 (REQ 4/2026) e 2 (IND 7/2026): ${explicacao}.`,
      'Votaram Sim: Ana. Votaram Não: nenhum. Abstenções: nenhuma.',
      '',
      '2. IND 7/2026.',
      `Votação nominal em bloco dos itens 1 (REQ 4/2026) e 2 (IND 7/2026): ${explicacao}.`,
      'Votos nominais registrados com o item 1 (REQ 4/2026).',
    ].join('\n'));
    expect(s.expediente).toContain('Leitura em bloco dos itens 1 (IND 8/2026) e 2 (IND 9/2026) (sem votação).');
  });

  it('lists the speakers by list, with the time used', () => {
    const s = ataSections(facts({
      oradores: [
        { lista: 'explicacoes_pessoais', ordem: 1, nome: 'Carla', falado: 0, concedido: 300 },
        { lista: 'expediente', ordem: 1, nome: 'Ana', falado: 95, concedido: 300 },
      ],
    }));
    expect(s.oradores).toBe('Expediente:\n1. Ana — 1min35s (tempo concedido: 5min).\n\nExplicações pessoais:\n1. Carla — inscrito, não fez uso da palavra.');
  });
});
