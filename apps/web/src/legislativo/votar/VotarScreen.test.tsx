// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useSyncExternalStore } from 'react';
import type { LiveState, LiveVoting } from '@paco/domain/plenary';
import { Providers } from '../../app/Providers';
import { DataProviders } from '../../app/DataProviders';
import { makeUser, renderApp, resetShell, signIn, stubApi } from '../../test/harness';
import type { LiveHandle, CompanyLive } from '../../live/useLiveState';
import type { StreamStatus } from '../../live/stream';
import VotarPage from '../VotarPage';

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
  tipo: 'nominal', fase: 'ordem_dia', status: 'aberta', regra: 'maioria_absoluta', requisito: 'maioria absoluta exige 7', impedidos: [],
  aberta_em: '2026-03-10T14:00:00Z', encerrada_em: null,
  tally: { sim: 2, nao: 1, abstencao: 0, presentes: 9, total: 12, votaram: 3 }, votes: null, resultado: null, explicacao: null,
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
      { id: 11, kind: 'ordem_dia', numOrdem: 1, matter_id: 100, identificacao: 'Projeto de Lei nº 12/2026', ementa: 'Arborização.', tipo_votacao: 'nominal', turno: null, polemica: false, resultado: null },
      { id: 12, kind: 'ordem_dia', numOrdem: 2, matter_id: 101, identificacao: 'Requerimento nº 40/2026', ementa: 'Pede informações sobre a merenda.', tipo_votacao: 'simbolica', turno: null, polemica: false, resultado: null },
    ],
    speakers: [],
    voting: null,
    settings: { votos_ao_vivo: false, tempos: { expediente: 300, ordem_dia: 600, explicacoes_pessoais: 300 }, presidente_regra: 'desempate' },
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

  it('votes by click and by the key N, shows the current vote and announces it', async () => {
    let answer = 'sim';
    const { fetchMock } = api({
      'GET /api/vottings/5': { body: { data: { id: 5, status: 'aberta', meu_voto: 'abstencao' } } },
      'POST /api/vottings/5/vote': () => ({ body: { data: { votting_id: 5, parliamentary_id: MEMBER, voto: answer } } }),
    });
    push({ live: state({ voting: voting() }) });
    renderPage();
    expect(await screen.findByText('Projeto de Lei nº 12/2026', { selector: 'h2' })).toBeTruthy();
    // the vote already cast (after a reload) comes from GET vottings/:id
    expect(await screen.findByText('Seu voto: Abstenção — você pode mudar até o encerramento')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abstenção' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Atalhos: S, N, A')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Seu voto: Sim — você pode mudar até o encerramento')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST /api/vottings/5/vote')).toEqual({ voto: 'sim' });
    expect(screen.getByRole('button', { name: 'Sim' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Voto confirmado: Sim.'));

    answer = 'nao';
    fetchMock.mockClear();
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(await screen.findByText('Seu voto: Não — você pode mudar até o encerramento')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST /api/vottings/5/vote')).toEqual({ voto: 'nao' });
    await waitFor(() => expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Voto confirmado: Não.'));
  });

  it('follows a vote seen in the public state (changed on another device)', async () => {
    api({ 'GET /api/vottings/5': { body: { data: { id: 5, status: 'aberta', meu_voto: 'sim' } } } });
    push({ live: state({ voting: voting() }) });
    renderPage();
    expect(await screen.findByText('Seu voto: Sim — você pode mudar até o encerramento')).toBeTruthy();
    push({ live: state({ voting: voting({ votes: [{ parliamentary_id: 7, voto: 'sim' }, { parliamentary_id: MEMBER, voto: 'nao' }] }) }) });
    expect(await screen.findByText('Seu voto: Não — você pode mudar até o encerramento')).toBeTruthy();
    // a later state without the member's vote (e.g. unmarked) keeps what the server said last
    push({ live: state({ voting: voting({ votes: [] }) }) });
    expect(screen.getByText('Seu voto: Não — você pode mudar até o encerramento')).toBeTruthy();
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

  it('shows the server refusal (409) and puts back the vote the server holds', async () => {
    api({
      'POST /api/vottings/5/vote': { status: 409, body: { message: 'Vereador não está presente nesta fase.' } },
    });
    push({ live: state({ voting: voting() }) });
    renderPage();
    await screen.findByText('Você ainda não votou.');
    fireEvent.keyDown(document.body, { key: 'S' });
    expect(await screen.findByText('Vereador não está presente nesta fase.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Vereador não está presente nesta fase.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sim' }).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByText('Você ainda não votou.')).toBeTruthy();
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
