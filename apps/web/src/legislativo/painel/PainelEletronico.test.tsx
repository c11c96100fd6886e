// @vitest-environment jsdom
/**
 * The public electronic panel as a viewer sees it, through the real routes and PainelLayout, with the push hooks
 * replaced by a store the tests drive (the stream itself is covered in live/).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { LiveState } from '@paco/domain/plenary';
import { makeUser, renderApp, resetShell, signIn, stubApi } from '../../test/harness';
import { noteServerTime, resetServerClock } from '../../live/serverClock';
import { liveFixture, votingFixture } from './fixture';

interface Handle { state: unknown; status: string; error: string | null; version: number; now: () => number }

const live = vi.hoisted(() => {
  const make = () => {
    let value: Handle = { state: null, status: 'connecting', error: null, version: 0, now: () => Date.now() };
    const listeners = new Set<() => void>();
    return {
      get: () => value,
      set(patch: Partial<Handle>) {
        value = { ...value, ...patch };
        for (const l of listeners) l();
      },
      reset() {
        value = { state: null, status: 'connecting', error: null, version: 0, now: () => Date.now() };
      },
      listeners: () => listeners.size,
      subscribe(l: () => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
  };
  return { session: make(), company: make(), sessionCalls: [] as unknown[][], companyCalls: [] as unknown[] };
});

vi.mock('../../live/useLiveState', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useLiveState(kind: string, id: number | null) {
      live.sessionCalls.push([kind, id]);
      return useSyncExternalStore(live.session.subscribe, live.session.get);
    },
    useCompanySession(id: number | null) {
      live.companyCalls.push(id);
      return useSyncExternalStore(live.company.subscribe, live.company.get);
    },
  };
});

/** The route's chunk loaded outside act: wait until the page subscribed to the store before pushing states. */
async function loaded(text = 'Conectando ao painel…', store = live.session) {
  await screen.findByText(text);
  await waitFor(() => expect(store.listeners()).toBeGreaterThan(0));
}
const showState = (state: LiveState, extra: Partial<Handle> = {}) => act(() => live.session.set({ state, status: 'live', ...extra }));
const member = (nome: string) => {
  const li = screen.getByRole('list', { name: /^Parlamentares/ });
  return within(li).getByText(nome).closest('li') as HTMLElement;
};
const announcement = () => screen.getByTestId('anuncio-votacao').textContent;

beforeEach(() => {
  resetShell();
  stubApi({});
  live.session.reset();
  live.company.reset();
  live.sessionCalls.length = 0;
  live.companyCalls.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('painel eletrônico: issue 16 figures and layouts', () => {
  it('shows the president\'s vote apart, as the count applies it', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture({
      voting: votingFixture({
        tally: { sim: 5, nao: 4, abstencao: 0, presentes: 9, total: 13, votaram: 10 },
        presidente: { id: 1, regra: 'desempate', votou: true, voto: 'sim', computado: false },
      }),
    }));
    const counters = within(screen.getByRole('list', { name: 'Placar' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(counters.slice(0, 2)).toEqual(['Sim5', 'Não4']);
    expect(screen.getByText('Voto do presidente: Sim — computado só em caso de empate, não incluído na contagem')).toBeTruthy();
    expect(announcement()).toContain('Voto do presidente: Sim — computado só em caso de empate');
  });

  it('a secret ballot shows who voted ("VOTOU"), never a count or a choice, until it closes', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture({
      voting: votingFixture({
        tipo: 'secreta', votes: null, votantes: [1, 2, 3],
        tally: { sim: null, nao: null, abstencao: null, presentes: 9, total: 13, votaram: 3 },
      }),
    }));
    expect(screen.queryByRole('list', { name: 'Placar' })).toBeNull();
    expect(screen.getByText('Votaram 3 de 9 presentes · votação secreta: a contagem aparece ao encerrar')).toBeTruthy();
    expect(within(member('Ana Paula Ribeiro')).getByText('VOTOU')).toBeTruthy();
    expect(within(member('Diego Araújo')).getByText('Aguardando voto')).toBeTruthy();
    expect(screen.queryByText('SIM')).toBeNull();
    expect(announcement()).toBe('Votaram 3 de 9 presentes.');
  });

  it('nominal votes hidden until closing: "VOTOU" marks and no live counts (beside the marks they would tell each vote)', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture({
      voting: votingFixture({ votes: null, votantes: [2], tally: { sim: null, nao: null, abstencao: null, presentes: 9, total: 13, votaram: 1 } }),
    }));
    expect(screen.queryByRole('list', { name: 'Placar' })).toBeNull();
    expect(screen.getByText('Votaram 1 de 9 presentes · os votos aparecem ao encerrar')).toBeTruthy();
    expect(within(member('Bruno Carvalho')).getByText('VOTOU')).toBeTruthy();
  });

  it('a reopened, annulled or renewed voting says why; a missing presence quorum is shown', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture({ voting: votingFixture({ motivo: 'Requerimento de verificação aprovado', anterior_id: 30, tally: { sim: 1, nao: 0, abstencao: 0, presentes: 5, total: 13, votaram: 1 } }) }));
    expect(screen.getByText('Nova votação: Requerimento de verificação aprovado')).toBeTruthy();
    expect(screen.getByText('Sem quórum de presença: 5 presentes, a regra exige 7')).toBeTruthy();
    showState(liveFixture({ voting: votingFixture({ status: 'cancelada', anulada: true, resultado: 'aprovado', motivo: 'Painel desligado durante a votação' }) }));
    expect(screen.getByText('Resultado anulado')).toBeTruthy();
    expect(screen.getByText('Resultado anulado: Painel desligado durante a votação')).toBeTruthy();
  });

  it('follows the layout chosen in the control room: members, voting, message, complete', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    const voting = votingFixture({ votes: [{ parliamentary_id: 1, voto: 'sim' }] });
    showState(liveFixture({ voting, painel: { layout: 'membros', mensagem: null } }));
    expect(screen.getByRole('list', { name: /^Parlamentares/ })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Placar' })).toBeNull();
    showState(liveFixture({ voting, painel: { layout: 'votacao', mensagem: null } }));
    expect(screen.getByRole('list', { name: 'Placar' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Votos dos parlamentares' })).toBeTruthy();
    showState(liveFixture({ voting, painel: { layout: 'mensagem', mensagem: 'Intervalo de 15 minutos' } }));
    expect(screen.getByTestId('mensagem-painel').textContent).toBe('Intervalo de 15 minutos');
    expect(screen.queryByRole('list', { name: 'Placar' })).toBeNull();
    showState(liveFixture({ voting, painel: { layout: 'completo', mensagem: 'Intervalo de 15 minutos' } }));
    expect(screen.getByRole('list', { name: 'Placar' })).toBeTruthy();
    expect(screen.getByRole('list', { name: /^Parlamentares/ })).toBeTruthy();
  });

  it('the clock is the server\'s (the offset every live screen shares), changing on the server\'s second', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-03-10T22:42:09.400Z'));
    resetServerClock();
    noteServerTime(Date.now() + 1_000); // the server is a second ahead: 19:42:10.400 in São Paulo
    try {
      renderApp('/legislativo/painel-eletronico/5');
      await act(async () => { await vi.advanceTimersByTimeAsync(50); });
      await act(async () => { await vi.advanceTimersByTimeAsync(500); });
      showState(liveFixture());
      expect(screen.getByTestId('relogio').textContent).toBe('19:42:10');
      // 19:42:11.000 on the server is 22:42:10.000 here: the display changes then, not on this device's second
      await act(async () => { await vi.advanceTimersByTimeAsync(60); });
      expect(screen.getByTestId('relogio').textContent).toBe('19:42:11');
    } finally {
      resetServerClock();
    }
  });
});

describe('painel eletrônico: session panel', () => {
  it('shows a loading state before the first snapshot, then the session with its crest, title and status', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    expect(live.sessionCalls.at(-1)).toEqual(['public', 5]);
    showState(liveFixture());
    expect(screen.getByRole('heading', { level: 1, name: '10ª Sessão Ordinária de 2026' })).toBeTruthy();
    expect(screen.getByText('Câmara Municipal de Vila Serena')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Brasão: Câmara Municipal de Vila Serena' }).getAttribute('src')).toBe('/api/files/brasao-vila-serena.png');
    expect(screen.getByText('Em andamento')).toBeTruthy();
    expect(document.title).toContain('10ª Sessão Ordinária de 2026');
  });

  it('marks present and absent members with words, not colour alone', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture());
    expect(screen.getByText('9 de 13 presentes')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Presença · Ordem do dia' })).toBeTruthy();
    expect(within(member('Ana Paula Ribeiro')).getByText('Presente')).toBeTruthy();
    expect(within(member('Ana Paula Ribeiro')).getByText('PSD · Presidente')).toBeTruthy();
    expect(within(member('Marta Conceição')).getByText('Ausente')).toBeTruthy();
    expect(within(member('Marta Conceição')).queryByText('Presente')).toBeNull();
    expect(screen.getAllByText('Presente')).toHaveLength(9);
    expect(screen.getAllByText('Ausente')).toHaveLength(4);
  });

  it('shows the open voting with its counters, hides member votes while votes is null, and announces the counts', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture({ voting: votingFixture() }));
    expect(screen.getByRole('heading', { name: 'Projeto de Lei nº 12/2026' })).toBeTruthy();
    expect(screen.getByText('Institui o programa municipal de hortas comunitárias.')).toBeTruthy();
    expect(screen.getByText('Quórum: maioria absoluta exige 7, com quórum de 7 presentes')).toBeTruthy();
    expect(screen.getByText('Em votação')).toBeTruthy();
    const placar = screen.getByRole('list', { name: 'Placar' });
    const counters = within(placar).getAllByRole('listitem').map((li) => li.textContent);
    expect(counters).toEqual(['Sim5', 'Não2', 'Abstenção1', 'Presentes9', 'Total13']);
    expect(screen.queryByText('SIM')).toBeNull();
    expect(screen.queryByText('NÃO')).toBeNull();
    expect(screen.queryByText('Aguardando voto')).toBeNull();
    const region = screen.getByTestId('anuncio-votacao');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(announcement()).toBe('Sim: 5, Não: 2, Abstenção: 1, Presentes: 9, Total: 13.');

    showState(liveFixture({ voting: votingFixture({ tally: { sim: 6, nao: 2, abstencao: 1, presentes: 9, total: 13, votaram: 9 } }) }));
    expect(announcement()).toBe('Sim: 6, Não: 2, Abstenção: 1, Presentes: 9, Total: 13.');
  });

  it('shows each member’s vote with symbol and word when the votes are public', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    const votes = [
      { parliamentary_id: 1, voto: 'sim' as const },
      { parliamentary_id: 2, voto: 'nao' as const },
      { parliamentary_id: 3, voto: 'abstencao' as const },
    ];
    showState(liveFixture({ voting: votingFixture({ votes }) }));
    expect(within(member('Ana Paula Ribeiro')).getByText('SIM')).toBeTruthy();
    expect(within(member('Ana Paula Ribeiro')).getByText('✓').getAttribute('aria-hidden')).toBe('true');
    expect(within(member('Bruno Carvalho')).getByText('NÃO')).toBeTruthy();
    expect(within(member('Bruno Carvalho')).getByText('✗')).toBeTruthy();
    expect(within(member('Carla Mendes')).getByText('ABSTENÇÃO')).toBeTruthy();
    expect(within(member('Diego Araújo')).getByText('Aguardando voto')).toBeTruthy();
    expect(within(member('Marta Conceição')).queryByText('Aguardando voto')).toBeNull();
  });

  it('marks a member declared impeded with a word, apart from abstention and absence', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture({ voting: votingFixture({ votes: [{ parliamentary_id: 1, voto: 'sim' as const }], impedidos: [4] }) }));
    expect(within(member('Diego Araújo')).getByText('IMPEDIDO')).toBeTruthy();
    expect(within(member('Diego Araújo')).queryByText('Aguardando voto')).toBeNull();
    expect(within(member('Ana Paula Ribeiro')).queryByText('IMPEDIDO')).toBeNull();
  });

  it('shows the result and its explanation after closing', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    const explicacao = 'Aprovado: 9 Sim, 2 Não, 1 Abstenção; maioria absoluta exige 7';
    showState(liveFixture({
      voting: votingFixture({
        status: 'encerrada', encerrada_em: '2026-03-10T19:10:00.000Z', resultado: 'aprovado', explicacao,
        tally: { sim: 9, nao: 2, abstencao: 1, presentes: 12, total: 13, votaram: 12 },
      }),
    }));
    expect(screen.getByText('APROVADO')).toBeTruthy();
    expect(screen.getByText(explicacao)).toBeTruthy();
    expect(screen.getByText('Votação encerrada')).toBeTruthy();
    expect(announcement()).toBe(`Sim: 9, Não: 2, Abstenção: 1, Presentes: 12, Total: 13. Resultado: ${explicacao}.`);
  });

  it('shows the "Reconectando…" chip while the stream reconnects, keeping the last state on screen', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture());
    expect(screen.queryByText('Reconectando…')).toBeNull();
    act(() => live.session.set({ status: 'reconnecting' }));
    expect(screen.getByText('Reconectando…')).toBeTruthy();
    expect(screen.getByText('9 de 13 presentes')).toBeTruthy();
    act(() => live.session.set({ status: 'live' }));
    expect(screen.queryByText('Reconectando…')).toBeNull();
  });

  it('shows the error when the session does not exist', async () => {
    act(() => live.session.set({ status: 'error', error: 'Sessão plenária não encontrada.' }));
    renderApp('/legislativo/painel-eletronico/999');
    expect((await screen.findByRole('alert')).textContent).toContain('Sessão plenária não encontrada.');
  });
});

describe('painel eletrônico: speaker timer', () => {
  it('runs the timer from the server clock, warns "Tempo esgotado" and announces only the start of the turn', async () => {
    renderApp('/legislativo/painel-eletronico/Oradores?sessao=5');
    await loaded();
    expect(live.sessionCalls.at(-1)).toEqual(['public', 5]);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-03-10T19:00:00.000Z'));
    const offset = 2_000; // the server is 2 s ahead
    const now = () => Date.now() + offset;
    const iniciado = new Date(Date.now() + offset - 90_000).toISOString();
    const state = liveFixture({
      speakers: [
        { id: 1, lista: 'expediente', ordem: 1, parliamentary_id: 2, status: 'falando', iniciado_em: iniciado, acumulado_ms: 0, tempo_concedido: 300 },
        { id: 2, lista: 'expediente', ordem: 2, parliamentary_id: 5, status: 'aguardando', iniciado_em: null, acumulado_ms: 0, tempo_concedido: 300 },
      ],
    });
    // the panel was already open before the turn started: nothing is announced on the first snapshot
    showState({ ...state, speakers: state.speakers.map((s) => ({ ...s, status: 'aguardando' as const, iniciado_em: null })) }, { now });
    expect(screen.getByText('Nenhum orador com a palavra.')).toBeTruthy();
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('');
    showState(state, { now });
    expect(screen.getByTestId('orador-atual').textContent).toBe('Bruno Carvalho');
    expect(screen.getByTestId('cronometro').textContent).toBe('03:30');
    expect(screen.getByText('Falou 01:30 de 05:00')).toBeTruthy();
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('Com a palavra: Bruno Carvalho, Expediente.');

    act(() => { vi.advanceTimersByTime(5_000); });
    expect(screen.getByTestId('cronometro').textContent).toBe('03:25');
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('Com a palavra: Bruno Carvalho, Expediente.');
    expect(screen.queryByText('Tempo esgotado')).toBeNull();

    act(() => { vi.advanceTimersByTime(215_000); });
    expect(screen.getByTestId('cronometro').textContent).toBe('+00:10');
    expect(screen.getByText('Tempo esgotado')).toBeTruthy();

    // the lists: Elisa waits in the expediente list
    const expediente = screen.getByRole('region', { name: 'Lista de oradores: Expediente' });
    expect(within(expediente).getByText('Elisa Fonseca')).toBeTruthy();
    expect(within(expediente).getByText('Falando')).toBeTruthy();

    showState({ ...state, speakers: state.speakers.map((s) => (s.id === 1 ? { ...s, status: 'concluido' as const, iniciado_em: null, acumulado_ms: 310_000 } : s)) }, { now });
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('Fala encerrada: Bruno Carvalho.');
    expect(screen.getByText('Nenhum orador com a palavra.')).toBeTruthy();
  });

  it('a paused speaker keeps the time still', async () => {
    renderApp('/legislativo/painel-eletronico/5');
    await loaded();
    showState(liveFixture({
      speakers: [{ id: 1, lista: 'ordem_dia', ordem: 1, parliamentary_id: 3, status: 'pausado', iniciado_em: null, acumulado_ms: 125_000, tempo_concedido: 600 }],
    }));
    expect(screen.getByTestId('cronometro').textContent).toBe('07:55');
    expect(screen.getByText('Tempo restante (pausado)')).toBeTruthy();
    // a screen that connects announces the speech under way, paused, with its time (issue 13 §3)
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('Fala em curso: Carla Mendes, Ordem do dia, pausada; falou 02:05 de 10:00.');
  });

  it('a panel that connects mid-speech announces the speaker, the time spoken and the aparte under way', async () => {
    renderApp('/legislativo/painel-eletronico/Oradores?sessao=5');
    await loaded();
    const iniciado = new Date(Date.now() - 20_000).toISOString();
    showState(liveFixture({
      speakers: [
        { id: 1, lista: 'expediente', ordem: 1, parliamentary_id: 2, status: 'pausado', iniciado_em: null, acumulado_ms: 95_000, tempo_concedido: 300 },
        { id: 9, lista: 'expediente', ordem: null, modalidade: 'aparte', aparte_de: 1, retoma_id: 1, parliamentary_id: 4, status: 'falando', iniciado_em: iniciado, acumulado_ms: 0, tempo_concedido: 120 },
      ],
    }));
    expect(screen.getByTestId('orador-atual').textContent).toBe('Bruno Carvalho');
    expect(screen.getByTestId('aparteante').textContent).toBe('Em aparte: Diego Araújo');
    expect(screen.getByTestId('cronometro').textContent).toBe('03:25');
    expect(screen.getByTestId('cronometro-aparte').textContent).toMatch(/^01:[34]\d$/);
    expect(screen.getByTestId('anuncio-orador').textContent).toMatch(/^Fala em curso: Bruno Carvalho, Expediente, pausada; falou 01:35 de 05:00\. Em aparte: Diego Araújo; falou 00:[12]\d de 02:00\.$/);
  });

  it('announces an aparte, a questão de ordem and the speech resuming; the next speakers leave out absent members', async () => {
    renderApp('/legislativo/painel-eletronico/Oradores?sessao=5');
    await loaded();
    const at = new Date().toISOString();
    const main = { id: 1, lista: 'expediente' as const, ordem: 1, parliamentary_id: 2, status: 'falando' as const, iniciado_em: at, acumulado_ms: 0, tempo_concedido: 300 };
    // Lucas Pereira (12) is absent in the current phase (the ordem do dia's list is open: members 1–9 present)
    const waiting = [
      { id: 2, lista: 'expediente' as const, ordem: 2, parliamentary_id: 12, status: 'aguardando' as const, iniciado_em: null, acumulado_ms: 0, tempo_concedido: 300 },
      { id: 3, lista: 'expediente' as const, ordem: 3, parliamentary_id: 5, status: 'aguardando' as const, iniciado_em: null, acumulado_ms: 0, tempo_concedido: 300 },
    ];
    showState(liveFixture({ speakers: [main, ...waiting] }));
    const next = screen.getByRole('heading', { name: 'Próximos oradores · Expediente' }).parentElement!;
    expect(within(next).getByText('Elisa Fonseca')).toBeTruthy();
    expect(within(next).queryByText('Lucas Pereira')).toBeNull();
    // the full list still shows the absent member, marked
    const lista = screen.getByRole('region', { name: 'Lista de oradores: Expediente' });
    expect(within(lista).getByText('Lucas Pereira')).toBeTruthy();
    expect(within(lista).getByText('Ausente')).toBeTruthy();
    const aparte = { id: 9, lista: 'expediente' as const, ordem: null, modalidade: 'aparte' as const, aparte_de: 1, retoma_id: 1, parliamentary_id: 4, status: 'falando' as const, iniciado_em: at, acumulado_ms: 0, tempo_concedido: 120 };
    showState(liveFixture({ speakers: [{ ...main, status: 'pausado', iniciado_em: null, acumulado_ms: 30_000 }, ...waiting, aparte] }));
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('Em aparte: Diego Araújo, na fala de Bruno Carvalho.');
    const qo = { id: 10, lista: 'expediente' as const, ordem: null, modalidade: 'questao_ordem' as const, aparte_de: null, retoma_id: 9, parliamentary_id: 3, status: 'falando' as const, iniciado_em: at, acumulado_ms: 0, tempo_concedido: 180 };
    showState(liveFixture({ speakers: [{ ...main, status: 'pausado', iniciado_em: null, acumulado_ms: 30_000 }, ...waiting, { ...aparte, status: 'pausado', iniciado_em: null }, qo] }));
    expect(screen.getByRole('heading', { name: 'Com a palavra · Questão de ordem' })).toBeTruthy();
    expect(screen.getByTestId('orador-atual').textContent).toBe('Carla Mendes');
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('Com a palavra: Carla Mendes, Questão de ordem.');
    // the speech it interrupted (here the aparte) waits, named
    expect(screen.getByText('MDB · Falando · fala de Diego Araújo pausada')).toBeTruthy();
    showState(liveFixture({ speakers: [{ ...main, status: 'pausado', iniciado_em: null, acumulado_ms: 30_000 }, ...waiting, aparte, { ...qo, status: 'concluido', iniciado_em: null }] }));
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('Fala encerrada: Carla Mendes. Em aparte: Diego Araújo, na fala de Bruno Carvalho.');
    showState(liveFixture({ speakers: [main, ...waiting, { ...aparte, status: 'concluido', iniciado_em: null }, { ...qo, status: 'concluido', iniciado_em: null }] }));
    expect(screen.getByTestId('anuncio-orador').textContent).toBe('Aparte encerrado: Diego Araújo. Com a palavra: Bruno Carvalho, Expediente.');
    expect(screen.queryByTestId('em-aparte')).toBeNull();
  });
});

describe('painel eletrônico: screens and entry points', () => {
  it('Votacao hides member votes when votes is null and lists them when shown', async () => {
    renderApp('/legislativo/painel-eletronico/Votacao?sessao=5');
    await loaded();
    showState(liveFixture({ voting: votingFixture() }));
    expect(screen.getByRole('heading', { name: 'Votação em andamento' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Votos dos parlamentares' })).toBeNull();
    showState(liveFixture({ voting: votingFixture({ votes: [{ parliamentary_id: 4, voto: 'nao' }] }) }));
    const list = screen.getByRole('list', { name: 'Votos dos parlamentares' });
    expect(within(list).getByText('NÃO')).toBeTruthy();
    expect(within(list).getAllByText('Aguardando voto')).toHaveLength(8);
  });

  it('Votada shows the last result; PresenceCard only the presence', async () => {
    const { router } = renderApp('/legislativo/painel-eletronico/Votada?sessao=5');
    await loaded();
    showState(liveFixture({ voting: votingFixture({ status: 'encerrada', resultado: 'rejeitado', explicacao: 'Rejeitado: 4 Sim, 8 Não, 0 Abstenções; maioria absoluta exige 7' }) }));
    expect(screen.getByText('REJEITADO')).toBeTruthy();
    expect(screen.getByText('Rejeitado: 4 Sim, 8 Não, 0 Abstenções; maioria absoluta exige 7')).toBeTruthy();
    await act(() => router.navigate('/legislativo/painel-eletronico/PresenceCard?sessao=5'));
    expect(await screen.findByText('9 de 13 presentes')).toBeTruthy();
    expect(screen.queryByText('REJEITADO')).toBeNull();
    expect(screen.queryByText('Oradores')).toBeNull();
  });

  it('VotationCard and PainelVotation show the current voting', async () => {
    renderApp('/legislativo/painel-eletronico/VotationCard?sessao=5');
    await loaded();
    showState(liveFixture({ voting: votingFixture() }));
    expect(screen.getByRole('heading', { name: 'Projeto de Lei nº 12/2026' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Placar' })).toBeTruthy();
    expect(screen.queryByText('9 de 13 presentes')).toBeNull();
  });

  it('without an id or sign-in, explains how to open the panel', async () => {
    renderApp('/legislativo/painel-eletronico');
    expect(await screen.findByText(/botão “Abrir painel” da sala de controle/)).toBeTruthy();
    expect(live.sessionCalls.every(([, id]) => id === undefined)).toBe(true);
  });

  it('?entidade= follows the entity’s session in progress, switching when one starts', async () => {
    renderApp('/legislativo/painel-eletronico?entidade=4');
    await loaded('Conectando ao painel…', live.company);
    expect(live.companyCalls.at(-1)).toBe(4);
    act(() => live.company.set({ status: 'live', state: { company: { id: 4, nome: 'Câmara Municipal de Vila Serena', brasao: null }, session: null } }));
    expect(screen.getByText('Nenhuma sessão plenária hoje')).toBeTruthy();
    expect(screen.getByText('Câmara Municipal de Vila Serena')).toBeTruthy();
    act(() => live.company.set({ state: { company: { id: 4, nome: 'Câmara Municipal de Vila Serena', brasao: null }, session: { id: 5, titulo: 'x', iniciada: true, finalizada: false } } }));
    expect(live.sessionCalls.at(-1)).toEqual(['public', 5]);
    showState(liveFixture());
    expect(screen.getByText('9 de 13 presentes')).toBeTruthy();
  });

  it('a screen without ?sessao follows the signed-in user’s entity', async () => {
    signIn(makeUser(['cm_admin']));
    renderApp('/legislativo/painel-eletronico/PainelPresence');
    await loaded('Conectando ao painel…', live.company);
    expect(live.companyCalls.at(-1)).toBe(1);
  });

  it('an unknown screen lists the valid ones', async () => {
    renderApp('/legislativo/painel-eletronico/Placar?sessao=5');
    expect(await screen.findByText('Tela “Placar” não existe no painel.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Oradores' }).getAttribute('href')).toBe('/legislativo/painel-eletronico/Oradores?sessao=5');
  });
});
