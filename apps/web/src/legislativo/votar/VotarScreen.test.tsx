// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useSyncExternalStore } from 'react';
import type { LiveState, LiveVoting } from '@paco/domain/plenary';
import { Providers } from '../../app/Providers';
import { DataProviders } from '../../shell/DataProviders';
import { makeUser, renderApp, resetShell, signIn, stubApi } from '../../test/harness';
import type { LiveHandle, CompanyLive } from '../../live/useLiveState';
import type { StreamStatus } from '../../live/stream';
import VotarPage from '../VotarPage';
import { resetOutbox } from './useVote';

/* ---------- the live hooks, driven by the tests ---------- */
interface Fake { live: LiveState | null; liveStatus: StreamStatus; company: CompanyLive | null; sessionAsked: (number | null)[] }
const fake: Fake = { live: null, liveStatus: 'live', company: null, sessionAsked: [] };
const listeners = new Set<() => void>();
let snapshot = { ...fake };
function push(patch: Partial<Fake>) {
  Object.assign(fake, patch);
  snapshot = { ...fake };
  act(() => listeners.forEach((l) => l()));
}
const useFake = () => useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, () => snapshot);
const handle = <T,>(state: T | null, status: StreamStatus): LiveHandle<T> => ({ state, status, error: null, version: 1, now: () => Date.now() });

vi.mock('../../live/useLiveState', () => ({
  useLiveState: (_kind: string, sessionId: number | null) => {
    const f = useFake();
    fake.sessionAsked.push(sessionId);
    return handle(sessionId === null ? null : f.live, f.liveStatus);
  },
  useCompanySession: () => {
    const f = useFake();
    return handle(f.company, 'live');
  },
}));

/* ---------- data ---------- */
const MEMBER = 42;
const company = (session: CompanyLive['session']): CompanyLive => ({ company: { id: 1, nome: 'Câmara Municipal de Exemplo', brasao: null }, session });
const voting = (over: Partial<LiveVoting> = {}): LiveVoting => ({
  id: 5, plenary_matter_id: 11, identificacao: 'Projeto de Lei nº 12/2026', ementa: 'Dispõe sobre a arborização urbana.',
  tipo: 'nominal', fase: 'ordem_dia', status: 'aberta', regra: 'maioria_absoluta', quorum_presenca: 'maioria_absoluta', quorum_exigido: 7,
  requisito: 'maioria absoluta exige 7', impedidos: [],
  aberta_em: '2026-03-10T14:00:00Z', encerrada_em: null,
  tally: { sim: 2, nao: 1, abstencao: 0, presentes: 9, total: 12, votaram: 3 }, votes: null, resultado: null, explicacao: null,
  presidente: null, votantes: null, motivo: null, anterior_id: null, anulada: false,
  ...over,
});
function state(over: Partial<LiveState> = {}): LiveState {
  return {
    company: { id: 1, nome: 'Câmara Municipal de Exemplo', brasao: null },
    session: {
      id: 3, company_id: 1, titulo: '10ª Sessão Ordinária de 2026', numero: 10, tipo: 'Ordinária', abertura: '2026-03-10', horarioInicio: '14:00',
      iniciada: true, finalizada: false, iniciadaEm: '2026-03-10T14:00:00Z', finalizadaEm: null, linkMidia: null, presidente_id: 1,
    },
    members: [],
    total_membros: 12,
    presence: { abertura: { status: 'encerrada', presentes: [MEMBER] }, ordem_dia: { status: 'fechada', presentes: [MEMBER] } },
    agenda: [
      { id: 11, kind: 'ordem_dia', numOrdem: 1, matter_id: 100, identificacao: 'Projeto de Lei nº 12/2026', ementa: 'Arborização.', tipo_votacao: 'nominal', turno: null, polemica: false, resultado: null, anulacao: null, situacao: 'em_pauta', situacao_obs: null, urgente: false },
      { id: 12, kind: 'ordem_dia', numOrdem: 2, matter_id: 101, identificacao: 'Requerimento nº 40/2026', ementa: 'Pede informações sobre a merenda.', tipo_votacao: 'simbolica', turno: null, polemica: false, resultado: null, anulacao: null, situacao: 'em_pauta', situacao_obs: null, urgente: false },
    ],
    speakers: [],
    voting: null,
    settings: { votos_ao_vivo: false, tempos: { expediente: 300, ordem_dia: 600, explicacoes_pessoais: 300, aparte: 120, questao_ordem: 180, lideranca: 300 }, presidente_regra: 'desempate' },
    painel: { layout: 'completo', mensagem: null },
    ...over,
  };
}

type Routes = Parameters<typeof stubApi>[0];
function api(extra: Routes = {}) {
  return stubApi({
    'GET /api/is-parliamentary': { body: { data: { isParliamentary: true, parliamentary: { id: MEMBER, nome: 'João Lima' } } } },
    'GET /api/status/active': { body: { data: { id: 3, titulo: '10ª Sessão Ordinária de 2026' } } },
    'GET /api/vottings/5': { body: { data: { id: 5, status: 'aberta', meu_voto: null } } },
    ...extra,
  });
}
const bodyOf = (fetchMock: ReturnType<typeof stubApi>['fetchMock'], key: string) => {
  const call = fetchMock.mock.calls.find(([u, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(u), 'http://localhost').pathname}` === key);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

function renderPage() {
  return render(
    <Providers>
      <DataProviders>
        <MemoryRouter>
          <VotarPage />
        </MemoryRouter>
      </DataProviders>
    </Providers>,
  );
}

beforeEach(() => {
  resetOutbox();
  resetShell();
  signIn(makeUser(['cm_parlamentar'], { name: 'João Lima' }));
  push({ live: null, liveStatus: 'live', company: company({ id: 3, titulo: '10ª Sessão Ordinária de 2026', iniciada: true, finalizada: false }), sessionAsked: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Votar Matéria', () => {
  it('tells a user not linked to a parliamentarian, without opening the session streams', async () => {
    api({ 'GET /api/is-parliamentary': { body: { data: { isParliamentary: false, parliamentary: null } } } });
    renderPage();
    expect(await screen.findByText(/não está vinculado a um parlamentar/)).toBeTruthy();
    expect(fake.sessionAsked).toEqual([]);
  });

  it('says so when no session is in progress, and follows the session that starts', async () => {
    const { calls } = api({ 'GET /api/status/active': { body: { data: null } } });
    push({ company: company({ id: 3, titulo: '10ª Sessão Ordinária de 2026', iniciada: false, finalizada: false }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nenhuma sessão plenária em andamento' })).toBeTruthy();
    expect(screen.getByText(/A 10ª Sessão Ordinária de 2026 ainda não foi iniciada/)).toBeTruthy();
    // the operator starts it: the company stream says so and the screen follows the session by itself
    push({ company: company({ id: 3, titulo: '10ª Sessão Ordinária de 2026', iniciada: true, finalizada: false }), live: state() });
    expect(await screen.findByRole('heading', { name: '10ª Sessão Ordinária de 2026' })).toBeTruthy();
    expect(fake.sessionAsked).toContain(3);
    expect(calls.filter((c) => c === 'GET /api/status/active').length).toBeGreaterThanOrEqual(2);
  });

  it('checks in when the presence list is open, then shows the presence registered', async () => {
    const { fetchMock } = api({ 'POST /api/plenary_sessions/3/add_checkin': { body: { message: 'Presença registrada.' } } });
    push({ live: state({ presence: { abertura: { status: 'encerrada', presentes: [] }, ordem_dia: { status: 'aberta', presentes: [7] } } }) });
    renderPage();
    expect(await screen.findByText('Nenhuma matéria em votação')).toBeTruthy();
    expect(screen.getByText('2. Requerimento nº 40/2026')).toBeTruthy(); // next agenda items
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar presença' }));
    expect(await screen.findByText('Presença registrada na Ordem do dia')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST /api/plenary_sessions/3/add_checkin')).toEqual({ type: 'ordem_dia' });
    expect(screen.queryByRole('button', { name: 'Registrar presença' })).toBeNull();
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Presença registrada na Ordem do dia.');
  });

  it('votes by click and by the keys N + Enter (select, then confirm), shows the registered time and announces it', async () => {
    let answer = 'sim';
    const { fetchMock } = api({
      'GET /api/vottings/5': { body: { data: { id: 5, status: 'aberta', meu_voto: 'abstencao', meu_voto_em: '2026-03-10T22:40:00Z' } } },
      'POST /api/vottings/5/vote': () => ({ body: { data: { votting_id: 5, parliamentary_id: MEMBER, voto: answer, registrado_em: '2026-03-10T22:42:10Z' } } }),
    });
    push({ live: state({ voting: voting() }) });
    renderPage();
    expect(await screen.findByText('Projeto de Lei nº 12/2026', { selector: 'h2' })).toBeTruthy();
    // the vote already cast (after a reload) comes from GET vottings/:id, with its time
    expect(await screen.findByText('Voto registrado às 19:40:00: Abstenção — você pode mudar até o encerramento.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abstenção' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Atalhos: S, N, A escolhem; Enter confirma; Esc cancela')).toBeTruthy();

    // a tap selects; nothing is sent until the confirmation
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    expect(screen.getByRole('button', { name: 'Sim' }).getAttribute('aria-pressed')).toBe('true');
    expect(bodyOf(fetchMock, 'POST /api/vottings/5/vote')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar voto: Sim' }));
    expect(await screen.findByText('Voto registrado às 19:42:10: Sim — você pode mudar até o encerramento.', { exact: false })).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST /api/vottings/5/vote')).toEqual({ voto: 'sim' });
    await waitFor(() => expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Voto registrado: Sim.'));

    answer = 'nao';
    fetchMock.mockClear();
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(await screen.findByRole('button', { name: 'Confirmar voto: Não' })).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST /api/vottings/5/vote')).toBeUndefined();
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(await screen.findByText(/Voto registrado às 19:42:10: Não/)).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST /api/vottings/5/vote')).toEqual({ voto: 'nao' });
  });

  it('one stray key or tap never casts a vote: S only selects, Esc clears, Enter without a selection does nothing', async () => {
    const { calls } = api();
    push({ live: state({ voting: voting() }) });
    renderPage();
    await screen.findByText('Você ainda não votou.');
    fireEvent.keyDown(document.body, { key: 's' });
    expect(await screen.findByRole('button', { name: 'Confirmar voto: Sim' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirmar voto: Sim' })).toBeNull());
    fireEvent.keyDown(document.body, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Não' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('a vote without an answer is retried with the same key, saying "Registrando…", until the server confirms it', async () => {
    let n = 0;
    const { fetchMock } = api({
      'POST /api/vottings/5/vote': () => {
        n += 1;
        if (n <= 2) throw new TypeError('Failed to fetch');
        return { body: { data: { voto: 'sim', registrado_em: '2026-03-10T22:42:10Z' } } };
      },
    });
    push({ live: state({ voting: voting() }) });
    renderPage();
    await screen.findByText('Você ainda não votou.');
    fireEvent.keyDown(document.body, { key: 's' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(await screen.findByText('Registrando seu voto: Sim…', { exact: false })).toBeTruthy();
    expect(await screen.findByText(/Voto registrado às 19:42:10: Sim/, {}, { timeout: 8000 })).toBeTruthy();
    const keys = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  }, 20_000);

  it('an attempt whose answer was lost (409 "já foi recebida") is checked against the server, not sent again', async () => {
    const { calls } = api({
      'POST /api/vottings/5/vote': { status: 409, body: { message: 'Esta requisição já foi recebida e pode ter sido concluída. Confira antes de enviá-la de novo.' } },
      'GET /api/vottings/5': () => ({ body: { data: { id: 5, status: 'aberta', meu_voto: calls.some((c) => c.startsWith('POST')) ? 'nao' : null, meu_voto_em: '2026-03-10T22:42:31Z' } } }),
    });
    push({ live: state({ voting: voting() }) });
    renderPage();
    await screen.findByText('Você ainda não votou.');
    fireEvent.keyDown(document.body, { key: 'n' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(await screen.findByText(/Voto registrado às 19:42:31: Não/)).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('a vote tapped offline waits, says so, and is sent when the connection returns; the member may give up', async () => {
    let online = false;
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      const { calls } = api({ 'POST /api/vottings/5/vote': { body: { data: { voto: 'abstencao', registrado_em: '2026-03-10T22:43:00Z' } } } });
      push({ live: state({ voting: voting() }) });
      renderPage();
      await screen.findByText('Você ainda não votou.');
      fireEvent.keyDown(document.body, { key: 'a' });
      fireEvent.keyDown(document.body, { key: 'Enter' });
      expect(await screen.findByText(/Sem conexão\./)).toBeTruthy();
      expect(screen.getByText(/Seu voto \(Abstenção\) ainda não foi registrado: será enviado quando a conexão voltar\./)).toBeTruthy();
      expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
      online = true;
      act(() => { window.dispatchEvent(new Event('online')); });
      expect(await screen.findByText(/Voto registrado às 19:43:00: Abstenção/)).toBeTruthy();
      expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('the vote keeps its place when the screen goes away (the app\'s offline screen) and is sent when the connection returns', async () => {
    let online = false;
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      const { calls } = api({
        'POST /api/vottings/5/vote': { body: { data: { voto: 'nao', registrado_em: '2026-03-10T22:45:00Z' } } },
        // what the server holds: the vote once it arrived
        'GET /api/vottings/5': () => ({ body: { data: calls.some((c) => c.startsWith('POST')) ? { meu_voto: 'nao', meu_voto_em: '2026-03-10T22:45:00Z' } : { meu_voto: null } } }),
      });
      push({ live: state({ voting: voting() }) });
      const first = renderPage();
      await screen.findByText('Você ainda não votou.');
      fireEvent.keyDown(document.body, { key: 'n' });
      fireEvent.keyDown(document.body, { key: 'Enter' });
      await screen.findByText(/Sem conexão\./);
      // the offline screen replaces the app: the voting card is gone
      first.unmount();
      // …and comes back with the connection: the vote is sent, and the card (mounted again) shows it registered
      online = true;
      act(() => { window.dispatchEvent(new Event('online')); });
      renderPage();
      expect(await screen.findByText(/Voto registrado às 19:45:00: Não/)).toBeTruthy();
      expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a vote still waiting when the voting closes is clearly shown as NOT registered', async () => {
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => false);
    try {
      api();
      push({ live: state({ voting: voting() }) });
      renderPage();
      await screen.findByText('Você ainda não votou.');
      fireEvent.keyDown(document.body, { key: 's' });
      fireEvent.keyDown(document.body, { key: 'Enter' });
      await screen.findByText(/Sem conexão\./);
      push({ live: state({ voting: voting({ status: 'encerrada', resultado: 'aprovado', explicacao: 'Aprovado: …' }) }) });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Seu voto (Sim) NÃO foi registrado.');
      expect(alert.textContent).toContain('A votação foi encerrada antes de o voto chegar ao servidor.');
    } finally {
      spy.mockRestore();
    }
  });

  it('a secret ballot: once, confirmed, never shown back; the server\'s answer carries no choice', async () => {
    const { fetchMock } = api({
      'GET /api/vottings/5': { body: { data: { id: 5, status: 'aberta', votou: false } } },
      'POST /api/vottings/5/vote': { body: { data: { votting_id: 5, parliamentary_id: MEMBER, votou: true, registrado_em: '2026-03-10T22:44:05Z' } } },
    });
    push({ live: state({ voting: voting({ tipo: 'secreta', tally: { sim: null, nao: null, abstencao: null, presentes: 9, total: 12, votaram: 3 }, votantes: [7, 8, 9] }) }) });
    renderPage();
    expect(await screen.findByText('Votação secreta.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Não' }));
    expect(screen.getByText(/O voto secreto é dado uma vez só/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar voto secreto: Não' }));
    const done = await screen.findByText(/Seu voto secreto foi registrado às 19:44:05\./);
    expect(done.textContent).not.toMatch(/Não|Sim|Abstenção/);
    expect(bodyOf(fetchMock, 'POST /api/vottings/5/vote')).toEqual({ voto: 'nao' });
    // taken: no buttons to vote again
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Não' })).toBeNull());
  });

  it('the presiding officer is told when their vote counts', async () => {
    api();
    const s = state({ voting: voting({ presidente: { id: MEMBER, regra: 'desempate', votou: false, voto: null, computado: null } }) });
    push({ live: { ...s, session: { ...s.session, presidente_id: MEMBER } } });
    renderPage();
    expect(await screen.findByText('Você preside a sessão.')).toBeTruthy();
    expect(screen.getByText(/Seu voto é computado só em caso de empate\./)).toBeTruthy();
  });

  it('follows a vote seen in the public state (changed on another device)', async () => {
    api({ 'GET /api/vottings/5': { body: { data: { id: 5, status: 'aberta', meu_voto: 'sim' } } } });
    push({ live: state({ voting: voting() }) });
    renderPage();
    expect(await screen.findByText(/Voto registrado: Sim — você pode mudar até o encerramento/)).toBeTruthy();
    push({ live: state({ voting: voting({ votes: [{ parliamentary_id: 7, voto: 'sim' }, { parliamentary_id: MEMBER, voto: 'nao' }] }) }) });
    expect(await screen.findByText(/Voto registrado: Não — você pode mudar até o encerramento/)).toBeTruthy();
    // a later state without the member's vote (e.g. unmarked) keeps what the server said last
    push({ live: state({ voting: voting({ votes: [] }) }) });
    expect(screen.getByText(/Voto registrado: Não — você pode mudar até o encerramento/)).toBeTruthy();
  });

  it('ignores the shortcut keys while typing in a text field', async () => {
    const { calls } = api({ 'POST /api/vottings/5/vote': { body: { data: { voto: 'sim' } } } });
    push({ live: state({ voting: voting() }) });
    renderPage();
    await screen.findByText('Você ainda não votou.');
    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 's' });
    input.remove();
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('shows the server refusal (409): the vote is NOT registered, and why', async () => {
    api({
      'POST /api/vottings/5/vote': { status: 409, body: { message: 'Vereador não está presente nesta fase.' } },
    });
    push({ live: state({ voting: voting() }) });
    renderPage();
    await screen.findByText('Você ainda não votou.');
    fireEvent.keyDown(document.body, { key: 'S' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Seu voto (Sim) NÃO foi registrado.');
    expect(alert.textContent).toContain('Vereador não está presente nesta fase.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sim' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('a member declared impeded is told so and cannot vote', async () => {
    const { calls } = api();
    push({ live: state({ voting: voting({ impedidos: [MEMBER] }) }) });
    renderPage();
    expect(await screen.findByText('A Mesa declarou você impedido nesta votação.')).toBeTruthy();
    for (const name of ['Sim', 'Não', 'Abstenção']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: 's' });
    expect(calls.some((c) => c.startsWith('POST /api/vottings'))).toBe(false);
    expect(screen.queryByText('Registre sua presença para votar.')).toBeNull();
  });

  it('disables the buttons until the member is present in the voting phase', async () => {
    const { calls } = api();
    push({ live: state({ voting: voting(), presence: { abertura: { status: 'encerrada', presentes: [MEMBER] }, ordem_dia: { status: 'aberta', presentes: [] } } }) });
    renderPage();
    expect(await screen.findByText('Registre sua presença para votar.')).toBeTruthy();
    for (const name of ['Sim', 'Não', 'Abstenção']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(calls.some((c) => c.startsWith('POST /api/vottings'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Registrar presença' })).toBeTruthy();
  });

  it('shows no buttons for a symbolic vote', async () => {
    api();
    push({ live: state({ voting: voting({ tipo: 'simbolica' }) }) });
    renderPage();
    expect(await screen.findByText('Votação simbólica: registrada pela Mesa.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sim' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Não' })).toBeNull();
  });

  it('shows the result and its explanation after closing, with the reconnecting chip while the stream reconnects', async () => {
    api({ 'GET /api/vottings/5': { body: { data: { id: 5, status: 'encerrada', meu_voto: 'sim' } } } });
    push({ live: state({ voting: voting() }) });
    renderPage();
    await screen.findByRole('button', { name: 'Sim' });
    push({
      liveStatus: 'reconnecting',
      live: state({
        voting: voting({
          status: 'encerrada', resultado: 'aprovado', encerrada_em: '2026-03-10T14:10:00Z',
          tally: { sim: 9, nao: 2, abstencao: 1, presentes: 12, total: 12, votaram: 12 },
          explicacao: 'Aprovado: 9 Sim, 2 Não, 1 Abstenção; maioria absoluta exige 7',
        }),
      }),
    });
    expect(await screen.findByText('Aprovado')).toBeTruthy();
    expect(screen.getByText('Aprovado: 9 Sim, 2 Não, 1 Abstenção; maioria absoluta exige 7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sim' })).toBeNull();
    expect(await screen.findByText('Seu voto: Sim')).toBeTruthy();
    expect(screen.getByText('Reconectando…')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Próximas matérias da pauta' })).getByText(/Requerimento nº 40\/2026/)).toBeTruthy();
  });
});

describe('/legislativo-parlamentar/NewPainel', () => {
  it('shows the voting screen in the parliamentarian area', async () => {
    api();
    push({ live: state({ voting: voting() }) });
    renderApp('/legislativo-parlamentar/NewPainel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Votar Matéria' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Não' })).toBeTruthy();
  });
});
