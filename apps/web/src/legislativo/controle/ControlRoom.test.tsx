// @vitest-environment jsdom
/**
 * The control room against a mocked push state (the useLiveState module) and a fake fetch: the calls it makes
 * (paths, methods, bodies) and what the operator sees (tally, preview, refusals, confirmations).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { LiveState } from '@paco/domain/plenary';
import type { LiveHandle } from '../../live/useLiveState';
import type { StreamStatus } from '../../live/stream';
import { SessionProvider } from '../../session/SessionProvider';
import { setUser, signOut } from '../../session/store';
import { fakeApi, user, type FakeRequest, type FakeResponse } from '../../resources/test/harness';
import ControlRoomPage from './ControlRoomPage';
import { NOW, liveState, voting } from './fixtures';

// full MUI screens driven by user-event: slow on a busy 2-core machine
vi.setConfig({ testTimeout: 45_000 });

/* ---------- the push state, as a tiny store the mocked hook reads ---------- */
const live = vi.hoisted(() => {
  let handle: unknown = null;
  const listeners = new Set<() => void>();
  return {
    get: () => handle,
    set(h: unknown) {
      handle = h;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    calls: [] as unknown[][],
  };
});
vi.mock('../../live/useLiveState', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useLiveState: (...args: unknown[]) => {
      live.calls.push(args);
      return useSyncExternalStore(live.subscribe, live.get);
    },
  };
});

const handle = (state: LiveState | null, status: StreamStatus = 'live', error: string | null = null): LiveHandle<LiveState> => ({
  state, status, error, version: 1, now: () => NOW,
});
const push = (state: LiveState | null, status: StreamStatus = 'live', error: string | null = null) => act(() => live.set(handle(state, status, error)));

function Elsewhere() {
  const l = useLocation();
  return <p>Outra página: {l.pathname}{l.search}</p>;
}

function renderRoom({ roles = ['cm_operador_sessao'] as string[] | null, route = '/legislativo/newPainel/5' } = {}) {
  signOut();
  if (roles) setUser(user(roles));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/legislativo/newPainel/:id', element: <ControlRoomPage /> }, { path: '*', Component: Elsewhere }],
    { initialEntries: [route] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={qc}>
        <SessionProvider>
          <SnackbarProvider>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </SessionProvider>
      </QueryClientProvider>,
    ),
  };
}

/** The fake server: answers `routes["METHOD path"]`, records every call; absences list empty by default. */
function server(routes: Record<string, FakeResponse | ((r: FakeRequest) => FakeResponse)> = {}) {
  return fakeApi((r) => {
    const key = `${r.method} ${r.path}`;
    const answer = routes[key];
    if (answer) return typeof answer === 'function' ? answer(r) : answer;
    if (key === 'GET plenary_sessions/5/get_absences') return { body: { data: [], meta: { page: 1, perPage: 100, total: 0 } } };
    if (r.method !== 'GET') return { body: { message: 'ok' } };
    return undefined;
  });
}
const sent = (calls: FakeRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

beforeEach(() => {
  live.calls.length = 0;
  live.set(handle(liveState()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  localStorage.clear();
});

describe('access', () => {
  it('without a session: says so and offers to sign in, coming back here', async () => {
    server();
    renderRoom({ roles: null });
    expect(await screen.findByText(/Você não está conectado/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Entrar' });
    expect(link.getAttribute('href')).toBe('/auth/login?next=%2Flegislativo%2FnewPainel%2F5');
    expect(live.calls.length).toBe(0); // no stream without a session
  });

  it('signed in without an operator role: 403 message, no stream', async () => {
    server();
    renderRoom({ roles: ['cm_parlamentar'] });
    expect(await screen.findByRole('heading', { name: 'Acesso não permitido' })).toBeTruthy();
    expect(screen.getByText(/só para os operadores do plenário/)).toBeTruthy();
    expect(live.calls.length).toBe(0);
  });

  it('opens the staff stream of the session for an operator', async () => {
    server();
    renderRoom();
    expect(await screen.findByRole('heading', { name: '12ª Sessão Ordinária' })).toBeTruthy();
    expect(live.calls[0]).toEqual(['staff', 5]);
    expect(screen.getByText('Ao vivo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir painel público (nova aba)' }).getAttribute('href')).toBe('/legislativo/painel-eletronico/5');
  });

  it('the stream refused: the message on screen', async () => {
    server();
    live.set(handle(null, 'error', 'Sessão plenária não encontrada.'));
    renderRoom();
    expect(await screen.findByText(/Sessão plenária não encontrada\./)).toBeTruthy();
    expect(screen.getByText('Sem conexão')).toBeTruthy();
  });
});

describe('session', () => {
  it('Iniciar sessão posts iniciar; a refusal is shown in words', async () => {
    const api = server({ 'POST plenary_sessions/5/iniciar': { status: 409, body: { message: 'Já há uma sessão plenária em andamento: 11ª Sessão Ordinária.' } } });
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sessão' }));
    expect(await screen.findByText('Já há uma sessão plenária em andamento: 11ª Sessão Ordinária.')).toBeTruthy();
    expect(sent(api.calls, 'POST', 'plenary_sessions/5/iniciar')).toHaveLength(1);
    // still there to try again
    expect(screen.getByRole('button', { name: 'Iniciar sessão' })).toBeTruthy();
  });

  it('Finalizar sessão asks first, then posts finalizar', async () => {
    const api = server();
    live.set(handle(liveState({ session: { ...liveState().session, iniciada: true, iniciadaEm: '2026-03-10T13:00:00Z' } })));
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar sessão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalizar a sessão plenária?' });
    expect(sent(api.calls, 'POST', 'plenary_sessions/5/finalizar')).toHaveLength(0);
    // the safe answer has the focus
    expect(document.activeElement?.textContent).toBe('Cancelar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finalizar sessão' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/finalizar')).toHaveLength(1));
  });
});

describe('presença', () => {
  it('shows the count and marks a member present in the phase shown', async () => {
    const api = server();
    renderRoom();
    expect(await screen.findByText('2 de 3 presentes')).toBeTruthy();
    const ana = screen.getByLabelText('Presente: Ana Lima') as HTMLInputElement;
    expect(ana.checked).toBe(false);
    expect((screen.getByLabelText('Presente: Bruno Costa') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(ana);
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/add_presences')).toHaveLength(1));
    expect(sent(api.calls, 'POST', 'plenary_sessions/5/add_presences')[0].body).toEqual({ type: 'abertura', parliamentary_ids: [1] });

    await userEvent.click(screen.getByLabelText('Presente: Bruno Costa'));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/remove_presences')[0]?.body).toEqual({ type: 'abertura', parliamentary_ids: [2] }));

    // the push brings the new count
    push(liveState({ presence: { abertura: { status: 'aberta', presentes: [1, 2, 3] }, ordem_dia: { status: 'fechada', presentes: [] } } }));
    expect(await screen.findByText('3 de 3 presentes')).toBeTruthy();
  });

  it('opens and closes a phase list', async () => {
    const api = server();
    live.set(handle(liveState({ session: { ...liveState().session, iniciada: true } })));
    renderRoom();
    const buttons = await screen.findAllByRole('button', { name: /lista$/ });
    // abertura is open → "Encerrar lista"; ordem do dia not opened → "Abrir lista"
    expect(buttons.map((b) => b.textContent)).toEqual(['Encerrar lista', 'Abrir lista']);
    await userEvent.click(buttons[1]);
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/change_presence_list_status')).toHaveLength(1));
    expect(sent(api.calls, 'POST', 'plenary_sessions/5/change_presence_list_status')[0].body).toEqual({ type: 'ordem_dia', status: 'aberta' });
    await userEvent.click(buttons[0]);
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/change_presence_list_status')[1]?.body).toEqual({ type: 'abertura', status: 'encerrada' }));
  });

  it('records a justified absence', async () => {
    const api = server();
    renderRoom();
    await userEvent.click(await screen.findByRole('button', { name: 'Justificar ausência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ausência de Ana Lima' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Licença médica');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar ausência' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/add_absence')).toHaveLength(1));
    expect(sent(api.calls, 'POST', 'plenary_sessions/5/add_absence')[0].body).toEqual({ parliamentary_id: 1, justificada: true, motivo: 'Licença médica' });
  });

  it('a refused presence change is shown and the switch stays as the server says', async () => {
    server({ 'POST plenary_sessions/5/add_presences': { status: 409, body: { message: 'A sessão plenária está finalizada.' } } });
    renderRoom();
    await userEvent.click(await screen.findByLabelText('Presente: Ana Lima'));
    expect(await screen.findByText('A sessão plenária está finalizada.')).toBeTruthy();
    expect((screen.getByLabelText('Presente: Ana Lima') as HTMLInputElement).checked).toBe(false);
  });
});

describe('oradores', () => {
  const started = () => ({ ...liveState().session, iniciada: true });

  it('enrols a speaker, starts the clock, adds a minute', async () => {
    const api = server();
    live.set(handle(liveState({ session: started() })));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Oradores' }));
    const panel = screen.getByRole('tabpanel', { name: 'Oradores' });
    await userEvent.click(within(panel).getByRole('combobox', { name: 'Vereador para inscrever em Expediente' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bruno Costa (MDB)' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Inscrever orador' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/add_speakers')[0]?.body).toEqual({ type: 'expediente', parliamentary_ids: [2] }));

    await userEvent.click(within(panel).getByRole('button', { name: 'Iniciar fala de Ana Lima' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'speaker/start')[0]?.body).toEqual({ id: 50 }));

    // pushed: Ana speaking since 13:58:30 with 30 s before → 2:00 at NOW
    push(liveState({
      session: started(),
      speakers: [{ id: 50, lista: 'expediente', ordem: 1, parliamentary_id: 1, status: 'falando', iniciado_em: '2026-03-10T13:58:30Z', acumulado_ms: 30_000, tempo_concedido: 300 }],
    }));
    const bar = await screen.findByRole('region', { name: 'Orador em fala' });
    expect(within(bar).getByRole('timer').textContent).toBe('02:00');
    expect(within(bar).getByText('Restam 03:00')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: '+1 min' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'speaker/updateTime')[0]?.body).toEqual({ id: 50, acrescimo: 60 }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'speaker/pause')[0]?.body).toEqual({ id: 50 }));
  });

  it('marks a waiting speaker absent in the current phase as "ausente"', async () => {
    server();
    live.set(handle(liveState({ session: started() })));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Oradores' }));
    const item = within(screen.getByRole('tabpanel', { name: 'Oradores' })).getByRole('listitem', { name: '1º orador: Ana Lima (ausente)' });
    expect(within(item).getByText('ausente')).toBeTruthy();
  });

  it('grants an aparte to a present member during a list speech; then shows it with its clock and ends it', async () => {
    const api = server();
    const speaking = { id: 51, lista: 'expediente' as const, ordem: 2, parliamentary_id: 2, status: 'falando' as const, iniciado_em: '2026-03-10T13:59:00Z', acumulado_ms: 0, tempo_concedido: 300 };
    live.set(handle(liveState({ session: started() })));
    renderRoom();
    const bar = await screen.findByRole('region', { name: 'Palavra fora das listas' });
    // nobody on a list has the floor: the aparte is off, and says why
    expect(within(bar).getByRole('button', { name: 'Conceder aparte' }).hasAttribute('disabled')).toBe(true);
    expect(within(bar).getByText('O aparte é concedido durante a fala de um orador inscrito.')).toBeTruthy();
    push(liveState({ session: started(), speakers: [speaking] }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Conceder aparte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conceder aparte na fala de Bruno Costa' });
    expect((within(dialog).getByRole('textbox', { name: 'Tempo concedido (min:seg)' }) as HTMLInputElement).value).toBe('02:00');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Vereador presente' }));
    // only those present in the phase, and not the speaker: Carla (Ana is absent, Bruno has the floor)
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Carla Dias (PSD)']);
    await userEvent.click(screen.getByRole('option', { name: 'Carla Dias (PSD)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dar a palavra' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/intervencao')[0]?.body).toEqual({ modalidade: 'aparte', parliamentary_id: 3, tempoConcedido: 120, orador_id: 51 }));

    push(liveState({
      session: started(),
      speakers: [
        { ...speaking, status: 'pausado', iniciado_em: null, acumulado_ms: 60_000 },
        { id: 52, lista: 'expediente', ordem: null, modalidade: 'aparte', aparte_de: 51, retoma_id: 51, parliamentary_id: 3, status: 'falando', iniciado_em: '2026-03-10T13:59:30Z', acumulado_ms: 0, tempo_concedido: 120 },
      ],
    }));
    const floor = await screen.findByRole('region', { name: 'Orador em fala' });
    expect(within(floor).getByText('Fala pausada · Expediente')).toBeTruthy();
    const aparte = within(floor).getByRole('region', { name: 'Aparte em curso' });
    expect(within(aparte).getByText('Em aparte: Carla Dias (PSD)')).toBeTruthy();
    expect(within(aparte).getByRole('timer').textContent).toBe('00:30');
    expect(within(bar).getByText('Já há um aparte em curso.')).toBeTruthy();
    await userEvent.click(within(aparte).getByRole('button', { name: 'Encerrar aparte' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'speaker/finish')[0]?.body).toEqual({ id: 52 }));
  });

  it('gives the floor for a questão de ordem; a refusal is shown in the dialog', async () => {
    const api = server({ 'POST plenary_sessions/5/intervencao': { status: 409, body: { message: 'Já há uma questão de ordem em curso: encerre-a antes de dar a palavra para outra.' } } });
    live.set(handle(liveState({ session: started() })));
    renderRoom();
    const bar = await screen.findByRole('region', { name: 'Palavra fora das listas' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Questão de ordem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Questão de ordem' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Vereador presente' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bruno Costa (MDB)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dar a palavra' }));
    expect(await within(dialog).findByText('Já há uma questão de ordem em curso: encerre-a antes de dar a palavra para outra.')).toBeTruthy();
    expect(sent(api.calls, 'POST', 'plenary_sessions/5/intervencao')[0]?.body).toEqual({ modalidade: 'questao_ordem', parliamentary_id: 2, tempoConcedido: 180 });
  });

  it('reorders and removes speakers through update_diversos; adjusts the allotted time', async () => {
    const api = server();
    live.set(handle(liveState({
      session: started(),
      speakers: [
        { id: 50, lista: 'expediente', ordem: 1, parliamentary_id: 1, status: 'aguardando', iniciado_em: null, acumulado_ms: 0, tempo_concedido: 300 },
        { id: 51, lista: 'expediente', ordem: 2, parliamentary_id: 2, status: 'aguardando', iniciado_em: null, acumulado_ms: 0, tempo_concedido: 300 },
      ],
    })));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Oradores' }));
    await userEvent.click(screen.getByRole('button', { name: 'Subir Bruno Costa na lista' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/update_diversos')[0]?.body).toEqual({ speakers: [{ id: 51, ordem: 1 }, { id: 50, ordem: 2 }] }));

    await userEvent.click(screen.getByRole('button', { name: 'Remover Ana Lima da lista' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover o orador da lista?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/update_diversos')[1]?.body).toEqual({ remove_speakers: [50] }));

    await userEvent.click(await screen.findByRole('button', { name: 'Ajustar tempo de Bruno Costa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tempo de fala de Bruno Costa' });
    const field = within(dialog).getByRole('textbox', { name: 'Tempo concedido (min:seg)' });
    await userEvent.clear(field);
    await userEvent.type(field, '7:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar tempo' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'speaker/updateTime')[0]?.body).toEqual({ id: 51, tempoConcedido: 450 }));
  });
});

describe('pauta e votação', () => {
  const started = () => ({ ...liveState().session, iniciada: true });
  const withVoting = (v = voting()) =>
    liveState({ session: started(), voting: v, presence: { abertura: { status: 'aberta', presentes: [1, 2, 3] }, ordem_dia: { status: 'fechada', presentes: [] } } });

  it('opens the voting of an agenda item with its kind', async () => {
    const api = server();
    live.set(handle(liveState({ session: started() })));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pauta e votação' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abrir votação: PL 12/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir votação' });
    expect(within(dialog).getByText(/2 de 3 presentes/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir votação' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_matters/10/add_votting')[0]?.body).toEqual({ tipo: 'nominal' }));
  });

  it('votação em bloco: marks items of the current phase, takes one out (destaque), opens one voting for the others', async () => {
    const api = server();
    const base = liveState({ session: started() });
    const req = (id: number, identificacao: string) => ({ ...base.agenda[0], id, numOrdem: id - 9, identificacao, ementa: 'Requer ao Poder Executivo informações sobre o cronograma de reforma da escola municipal.' });
    live.set(handle({ ...base, agenda: [base.agenda[0], req(12, 'REQ 5/2026'), req(13, 'REQ 6/2026'), base.agenda[1]] }));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pauta e votação' }));
    // the ordem do dia's item is not of the current phase (abertura)
    expect(screen.queryByRole('checkbox', { name: 'Incluir no bloco: REQ 3/2026' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Votar em bloco (0)…' }) as HTMLButtonElement).disabled).toBe(true);
    for (const name of ['PL 12/2026', 'REQ 5/2026', 'REQ 6/2026']) await userEvent.click(screen.getByRole('checkbox', { name: `Incluir no bloco: ${name}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Votar em bloco (3)…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Votação em bloco' });
    expect(within(dialog).getByText(/^3\. REQ 5\/2026 — Requer ao Poder Executivo informações sobre o [^.]*…$/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Destacar: REQ 6/2026' }));
    expect(within(dialog).queryByText(/REQ 6\/2026/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir votação em bloco' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/add_votting_bloco')[0]?.body).toEqual({ plenary_matter_ids: [10, 12] }));
  });

  it('a refusal to open stays in the dialog, in words', async () => {
    server({ 'POST plenary_matters/10/add_votting': { status: 409, body: { message: 'Não há presenças registradas na fase Abertura (expediente).' } } });
    live.set(handle(liveState({ session: started() })));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pauta e votação' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abrir votação: PL 12/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir votação' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir votação' }));
    expect(await within(dialog).findByText('Não há presenças registradas na fase Abertura (expediente).')).toBeTruthy();
  });

  it('declares a member impeded in the open voting and lifts it; the list says "Impedido"', async () => {
    const api = server();
    live.set(handle(withVoting()));
    renderRoom();
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Declarar Bruno Costa impedido nesta votação' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_matters/10/impedimento')).toHaveLength(1));
    const bruno = withVoting().members.find((m) => m.nome === 'Bruno Costa')!.id;
    expect(sent(api.calls, 'PUT', 'plenary_matters/10/impedimento')[0].body).toEqual({ parliamentary_id: bruno, impedido: true });
    push(withVoting(voting({ impedidos: [bruno] })));
    const votes = await within(panel).findByRole('list', { name: 'Votos dos vereadores presentes' });
    expect(within(votes).getAllByRole('listitem')[1].textContent).toBe('Bruno CostaMDBImpedidoRetirar');
    await userEvent.click(within(panel).getByRole('button', { name: 'Retirar impedimento de Bruno Costa' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_matters/10/impedimento')).toHaveLength(2));
    expect(sent(api.calls, 'PUT', 'plenary_matters/10/impedimento')[1].body).toEqual({ parliamentary_id: bruno, impedido: false });
  });

  it('nominal: live tally, each vote, preview with computeResult; closes after confirming', async () => {
    const api = server();
    live.set(handle(withVoting()));
    renderRoom();
    // an open voting brings its section to the front
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    const tally = within(panel).getByRole('group', { name: 'Apuração' });
    const box = (label: string) => within(tally).getByText(label).closest('.MuiPaper-root')!.textContent;
    expect(box('Sim')).toBe('Sim2');
    expect(box('Não')).toBe('Não1');
    expect(box('Presentes')).toBe('Presentes3');
    expect(box('Votaram')).toBe('Votaram3');
    expect(within(panel).getByText(/maioria simples com quórum de 2 presentes/)).toBeTruthy();
    const votes = within(panel).getByRole('list', { name: 'Votos dos vereadores presentes' });
    expect(within(votes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ana LimaPTSimImpedir', 'Bruno CostaMDBNãoImpedir', 'Carla Dias (presidente)PSDSimImpedir',
    ]);
    // 1 × 1 without the president: a tie the president breaks (rule "desempate"), shown apart
    expect(within(panel).getByText(/Prévia do resultado: Aprovado/)).toBeTruthy();
    expect(within(panel).getByText(/voto do presidente computado/)).toBeTruthy();
    expect(within(panel).getByTestId('voto-presidente').textContent).toBe('Voto do presidente: Sim — computado (desempate)');

    await userEvent.click(within(panel).getByRole('button', { name: 'Encerrar votação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Encerrar a votação?' });
    expect(within(dialog).getByText(/Resultado calculado: Aprovado/)).toBeTruthy();
    expect(sent(api.calls, 'PUT', 'plenary_matters/10/close_votting')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Encerrar votação' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_matters/10/close_votting')).toHaveLength(1));
    expect(sent(api.calls, 'PUT', 'plenary_matters/10/close_votting')[0].body).toEqual({});

    // pushed: closed with the server's result and explanation
    push(withVoting(voting({ status: 'encerrada', encerrada_em: '2026-03-10T14:01:00Z', resultado: 'aprovado', explicacao: 'Aprovado: 2 Sim, 1 Não, 0 Abstenções; maioria simples' })));
    expect(await within(panel).findByText('Aprovado: 2 Sim, 1 Não, 0 Abstenções; maioria simples')).toBeTruthy();
    // (findByRole: the closing dialog's transition may still hide the page from the accessibility tree)
    expect(await within(panel).findByRole('button', { name: 'Reabrir votação…' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Anular resultado…' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Encerrar votação' })).toBeNull();
  });

  it('the live figures and the preview leave out the president\'s vote when it does not break a tie', async () => {
    server();
    const v = voting({
      votes: [{ parliamentary_id: 1, voto: 'sim' }, { parliamentary_id: 2, voto: 'sim' }, { parliamentary_id: 3, voto: 'nao' }],
      tally: { sim: 2, nao: 0, abstencao: 0, presentes: 3, total: 3, votaram: 3 },
      presidente: { id: 3, regra: 'desempate', votou: true, voto: 'nao', computado: false },
    });
    live.set(handle(withVoting(v)));
    renderRoom();
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    const tally = within(panel).getByRole('group', { name: 'Apuração' });
    expect(within(tally).getByText('Não').closest('.MuiPaper-root')!.textContent).toBe('Não0');
    expect(within(panel).getByTestId('voto-presidente').textContent).toBe('Voto do presidente: Não — computado só em caso de empate, não incluído na contagem');
    expect(within(panel).getByText(/Prévia do resultado: Aprovado\./).parentElement!.textContent).toContain('Aprovado: 2 Sim, 0 Não, 0 Abstenções');
  });

  it('a nominal voting nobody voted in yet previews no result (not "Rejeitado")', async () => {
    server();
    live.set(handle(withVoting(voting({ votes: [], tally: { sim: 0, nao: 0, abstencao: 0, presentes: 3, total: 3, votaram: 0 }, presidente: null }))));
    renderRoom();
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    expect(within(panel).getByText('Ninguém votou ainda. A prévia do resultado aparece com o primeiro voto.')).toBeTruthy();
    expect(within(panel).queryByText(/Prévia do resultado:/)).toBeNull();
  });

  it('a secret ballot: who voted, never what; no counts to type; closing sends nothing but the order', async () => {
    const api = server();
    live.set(handle(withVoting(voting({
      tipo: 'secreta', votes: null, presidente: null, votantes: [1, 3],
      tally: { sim: null, nao: null, abstencao: null, presentes: 3, total: 3, votaram: 2 },
    }))));
    renderRoom();
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    const tally = within(panel).getByRole('group', { name: 'Apuração' });
    expect(within(tally).getByText('Sim').closest('.MuiPaper-root')!.textContent).toBe('Sim—');
    expect(within(tally).getByText('Votaram').closest('.MuiPaper-root')!.textContent).toBe('Votaram2');
    expect(within(panel).queryByRole('spinbutton', { name: 'Sim' })).toBeNull();
    expect(within(panel).queryByRole('combobox', { name: /Voto do presidente/ })).toBeNull();
    const voters = within(panel).getByRole('list', { name: /Quem votou/ });
    expect(within(voters).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ana LimaVotou', 'Bruno CostaAguardando', 'Carla DiasVotou']);
    expect(within(panel).queryByRole('button', { name: 'Histórico de votos' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Encerrar votação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Encerrar a votação?' });
    expect(within(dialog).getByText('Votaram 2 de 3 presentes. A contagem secreta é apurada ao encerrar.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Encerrar votação' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_matters/10/close_votting')[0]?.body).toEqual({}));
  });

  it('a decided item offers "Nova votação…" (reason required, shown as annulling the result) instead of voting again', async () => {
    const api = server();
    const decided = liveState({ session: started() }).agenda.map((a) => (a.id === 10 ? { ...a, resultado: 'aprovado' as const } : a));
    live.set(handle(liveState({ session: started(), agenda: decided })));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pauta e votação' }));
    expect(screen.queryByRole('button', { name: 'Abrir votação: PL 12/2026' })).toBeNull();
    expect(screen.queryByText(/Votar novamente/i)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Nova votação: PL 12/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova votação' });
    expect(within(dialog).getByText(/O resultado anterior será anulado, com o motivo/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular o resultado e votar de novo' }));
    expect(within(dialog).getByText('Informe o motivo (ao menos 3 caracteres).')).toBeTruthy();
    expect(sent(api.calls, 'POST', 'plenary_matters/10/new_voting')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo da nova votação' }), 'Requerimento de verificação aprovado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular o resultado e votar de novo' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_matters/10/new_voting')[0]?.body).toEqual({ motivo: 'Requerimento de verificação aprovado', tipo: 'nominal' }));
  });

  it('"Anular resultado…" from the agenda asks for the reason; an annulled result is shown with it', async () => {
    const api = server();
    const decided = liveState({ session: started() }).agenda.map((a) => (a.id === 11 ? { ...a, resultado: 'rejeitado' as const } : a));
    live.set(handle(liveState({ session: started(), agenda: decided })));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pauta e votação' }));
    await userEvent.click(screen.getByRole('button', { name: 'Anular resultado: REQ 3/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular o resultado?' });
    expect(within(dialog).getByText(/o resultado proclamado \(Rejeitado\) fica registrado como anulado/)).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Quórum contado errado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular resultado' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_matters/11/annul_result')[0]?.body).toEqual({ motivo: 'Quórum contado errado' }));
    push(liveState({ session: started(), agenda: liveState().agenda.map((a) => (a.id === 11 ? { ...a, anulacao: 'Quórum contado errado' } : a)) }));
    expect(await screen.findByText('Resultado anulado: Quórum contado errado')).toBeTruthy();
    // (findByRole: the dialog's closing transition may still hide the page from the accessibility tree)
    expect(await screen.findByRole('button', { name: 'Abrir votação: REQ 3/2026' })).toBeTruthy();
  });

  it('an item taken off the pauta says why and offers no vote; the others offer the Mesa\'s decisions with their reasons', async () => {
    const api = server({
      'GET plenary_matters/10': {
        body: {
          data: {
            id: 10, plenary_session_id: 5, matter_id: 100, situacao: 'em_pauta',
            _actions: {
              pedir_vista: { allowed: true }, adiar: { allowed: false, reason: 'Não há sessão plenária posterior a esta, ainda não finalizada.' },
              retirar_pauta: { allowed: true, choices: { author_id: [{ value: 3, label: 'Ana Lima' }] } }, urgencia: { allowed: true },
            },
          },
        },
      },
    });
    const agenda = liveState({ session: started() }).agenda.map((a) => (a.id === 11 ? { ...a, situacao: 'vista' as const, situacao_obs: 'Vista a Ana Lima até 25/11/2026' } : a));
    live.set(handle(liveState({ session: started(), agenda })));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pauta e votação' }));
    expect(await screen.findByText('Vista a Ana Lima até 25/11/2026')).toBeTruthy();
    expect(screen.getByText('Com pedido de vista')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abrir votação: REQ 3/2026' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ações da matéria: REQ 3/2026' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ações da matéria: PL 12/2026' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('Pedido de vista')).toBeTruthy();
    expect(within(menu).getByText('Não há sessão plenária posterior a esta, ainda não finalizada.')).toBeTruthy();
    await userEvent.click(within(menu).getByText('Retirar de pauta'));
    const dialog = await screen.findByRole('dialog', { name: /Retirar de pauta/ });
    expect(within(dialog).getByRole('textbox', { name: /Motivo/ })).toBeTruthy();
    expect(sent(api.calls, 'GET', 'plenary_matters/10')).toHaveLength(1);
  });

  it('"Histórico de votos" lists every cast and change with time, IP and account, and the Mesa\'s acts', async () => {
    const api = server({
      'GET vottings/70/history': {
        body: {
          data: {
            votting_id: 70, tipo: 'nominal',
            votos: [
              { id: 1, parliamentary_id: 1, nome: 'Ana Lima', voto: 'sim', anterior: null, em: '2026-03-10T22:42:10Z', ip: '10.0.0.21', usuario: 'Ana Lima' },
              { id: 2, parliamentary_id: 1, nome: 'Ana Lima', voto: 'nao', anterior: 'sim', em: '2026-03-10T22:42:31Z', ip: '10.0.0.21', usuario: 'Ana Lima' },
            ],
            atos: [{ em: '2026-03-10T22:41:00Z', descricao: 'Operador abriu a votação nominal da matéria #10', ip: '10.0.0.2' }],
          },
        },
      },
    });
    live.set(handle(withVoting()));
    renderRoom();
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Histórico de votos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Histórico de votos' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'HoraVereador(a)VotoIPConta', '19:42:10Ana LimaSim10.0.0.21Ana Lima', '19:42:31Ana LimaNão (mudou de Sim)10.0.0.21Ana Lima',
    ]);
    expect(within(dialog).getByText(/abriu a votação nominal/)).toBeTruthy();
    expect(sent(api.calls, 'GET', 'vottings/70/history')).toHaveLength(1);
  });

  it('symbolic: counts validated against those present, then sent with the presiding officer\'s vote', async () => {
    const api = server();
    live.set(handle(withVoting(voting({ tipo: 'simbolica', votes: null, tally: { sim: 0, nao: 0, abstencao: 0, presentes: 3, total: 3, votaram: 0 } }))));
    renderRoom();
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    const close = within(panel).getByRole('button', { name: 'Encerrar votação' }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    const sim = within(panel).getByRole('spinbutton', { name: 'Sim' });
    const nao = within(panel).getByRole('spinbutton', { name: 'Não' });
    const abst = within(panel).getByRole('spinbutton', { name: 'Abstenção' });
    await userEvent.type(sim, '2');
    await userEvent.type(nao, '2');
    await userEvent.type(abst, '0');
    expect(within(panel).getByText('A soma dos votos (4) passa do número de presentes (3).')).toBeTruthy();
    expect(close.disabled).toBe(true);
    await userEvent.clear(nao);
    await userEvent.type(nao, '1');
    await userEvent.clear(sim);
    await userEvent.type(sim, '1');
    // 1 × 1: the president's tie-break decides
    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Voto do presidente (desempate)' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Não' }));
    expect(within(panel).getByText(/Prévia do resultado: Rejeitado/)).toBeTruthy();
    await userEvent.click(close);
    const dialog = await screen.findByRole('dialog', { name: 'Encerrar a votação?' });
    expect(within(dialog).getByText(/Resultado calculado: Rejeitado/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Encerrar votação' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_matters/10/close_votting')).toHaveLength(1));
    expect(sent(api.calls, 'PUT', 'plenary_matters/10/close_votting')[0].body).toEqual({ sim: 1, nao: 1, abstencao: 0, voto_presidente: 'nao' });
  });

  it('a refused close keeps the counts and shows the message', async () => {
    server({ 'PUT plenary_matters/10/close_votting': { status: 422, body: { message: 'Os dados informados são inválidos.', errors: { sim: ['A soma passa dos presentes.'] } } } });
    live.set(handle(withVoting(voting({ tipo: 'simbolica', votes: null, presidente: null, votantes: null, tally: { sim: null, nao: null, abstencao: null, presentes: 3, total: 3, votaram: 0 } }))));
    renderRoom();
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    await userEvent.type(within(panel).getByRole('spinbutton', { name: 'Sim' }), '2');
    await userEvent.type(within(panel).getByRole('spinbutton', { name: 'Não' }), '1');
    await userEvent.type(within(panel).getByRole('spinbutton', { name: 'Abstenção' }), '0');
    await userEvent.click(within(panel).getByRole('button', { name: 'Encerrar votação' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Encerrar a votação?' })).getByRole('button', { name: 'Encerrar votação' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Os dados informados são inválidos.');
    expect(alert.textContent).toContain('A soma passa dos presentes.');
    expect((within(panel).getByRole('spinbutton', { name: 'Sim' }) as HTMLInputElement).value).toBe('2');
  });

  it('Cancelar (the open voting) asks for a reason (at least 3 characters) and sends it', async () => {
    const api = server();
    live.set(handle(withVoting()));
    renderRoom();
    const panel = await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancelar votação…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a votação?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar votação' }));
    expect(within(dialog).getByText('Informe o motivo (ao menos 3 caracteres).')).toBeTruthy();
    expect(sent(api.calls, 'PUT', 'plenary_matters/10/cancel_votting')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Falha no sistema de votação');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar votação' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_matters/10/cancel_votting')[0]?.body).toEqual({ motivo: 'Falha no sistema de votação' }));
  });

  it('Reabrir a closed voting with a reason', async () => {
    const api = server();
    live.set(handle(withVoting(voting({ status: 'encerrada', resultado: 'rejeitado', explicacao: 'Rejeitado: …' }))));
    renderRoom();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pauta e votação' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reabrir votação…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reabrir a votação?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Erro de contagem');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reabrir votação' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_matters/10/reopen_votting')[0]?.body).toEqual({ motivo: 'Erro de contagem' }));
  });
});

describe('tela do painel', () => {
  it('switches the public panel\'s layout, and shows a message typed in a dialog', async () => {
    const api = server();
    live.set(handle(liveState({ session: { ...liveState().session, iniciada: true } })));
    renderRoom();
    const group = await screen.findByRole('group', { name: 'Tela do painel:' });
    expect(within(group).getByRole('button', { name: 'Completo' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'Parlamentares' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/panel')[0]?.body).toEqual({ layout: 'membros' }));
    await userEvent.click(within(group).getByRole('button', { name: 'Mensagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensagem no painel' });
    expect((within(dialog).getByRole('button', { name: 'Mostrar no painel' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mensagem' }), 'Intervalo de 15 minutos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mostrar no painel' }));
    await waitFor(() => expect(sent(api.calls, 'POST', 'plenary_sessions/5/panel')[1]?.body).toEqual({ layout: 'mensagem', mensagem: 'Intervalo de 15 minutos' }));
    push(liveState({ session: { ...liveState().session, iniciada: true }, painel: { layout: 'mensagem', mensagem: 'Intervalo de 15 minutos' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mensagem' }).getAttribute('aria-pressed')).toBe('true'));
    expect(await screen.findByRole('button', { name: 'Editar mensagem' })).toBeTruthy();
  });
});

describe('keyboard', () => {
  it('digits switch sections, E asks to close the voting; typing in a field is left alone', async () => {
    server();
    live.set(handle(liveState({
      session: { ...liveState().session, iniciada: true },
      voting: voting(),
      presence: { abertura: { status: 'aberta', presentes: [1, 2, 3] }, ordem_dia: { status: 'fechada', presentes: [] } },
    })));
    renderRoom();
    await screen.findByRole('tabpanel', { name: /Pauta e votação/ });
    expect(screen.getByText('Atalhos de teclado')).toBeTruthy();
    await userEvent.keyboard('1');
    expect(screen.getByRole('tab', { name: /Presença/ }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('2');
    expect(screen.getByRole('tab', { name: 'Oradores' }).getAttribute('aria-selected')).toBe('true');
    // typing "3" in the speaker search does not switch
    const search = screen.getByRole('combobox', { name: 'Vereador para inscrever em Expediente' });
    await userEvent.type(search, '3');
    expect(screen.getByRole('tab', { name: 'Oradores' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Escape}');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('e');
    expect(await screen.findByRole('dialog', { name: 'Encerrar a votação?' })).toBeTruthy();
  });
});

describe('configurações', () => {
  it('admins load and save the plenary settings', async () => {
    const api = server({
      'GET plenary_settings/current': { body: { data: { votos_ao_vivo: true, presidente_regra: 'desempate', tempo_expediente: 300, tempo_ordem_dia: 600, tempo_explicacoes_pessoais: 300, total_membros: null, tempo_aparte: 120, tempo_questao_ordem: 180, tempo_lideranca: 300 } } },
    });
    renderRoom({ roles: ['cm_admin'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Configurações' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurações do plenário' });
    const exp = await within(dialog).findByRole('textbox', { name: 'Tempo de fala no expediente (min:seg)' });
    expect((exp as HTMLInputElement).value).toBe('05:00');
    await userEvent.clear(exp);
    await userEvent.type(exp, '4:00');
    const aparte = within(dialog).getByRole('textbox', { name: 'Tempo de aparte (min:seg)' });
    expect((aparte as HTMLInputElement).value).toBe('02:00');
    await userEvent.clear(aparte);
    await userEvent.type(aparte, '1:30');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Número de membros da casa' }), '11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent(api.calls, 'PUT', 'plenary_settings/current')).toHaveLength(1));
    expect(sent(api.calls, 'PUT', 'plenary_settings/current')[0].body).toEqual({
      votos_ao_vivo: true, presidente_regra: 'desempate', tempo_expediente: 240, tempo_ordem_dia: 600, tempo_explicacoes_pessoais: 300, total_membros: 11,
      tempo_aparte: 90, tempo_questao_ordem: 180, tempo_lideranca: 300,
    });
  });

  it('an operator without the admin role does not see it', async () => {
    server();
    renderRoom({ roles: ['cm_operador_sessao'] });
    await screen.findByRole('heading', { name: '12ª Sessão Ordinária' });
    expect(screen.queryByRole('button', { name: 'Configurações' })).toBeNull();
  });
});
