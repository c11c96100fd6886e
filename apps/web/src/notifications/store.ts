/**
 * The signed-in user's notifications, followed live (issue 11 §3): one server-sent event stream per tab
 * (GET /api/notifications/stream, the user's own channel), shared by the bell and the notifications page. Its state is
 * the counts (unread, total) and the newest few; every change on the server (a new notification, one read in another
 * tab) arrives as a fresh state. No polling.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { api, type Page } from '../api/client';
import { call, dataOf } from '../api/actions';
import { notifications } from '@paco/domain/resources/notificacoes';
import { openStream, type StreamStatus } from '../live/stream';
import { onSignOut } from '../session/store';

export interface AppNotification {
  id: number;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  read_at: string | null;
  created_at: string | null;
}

export interface NotificationsState {
  /** null until the first state arrived */
  summary: { unread: number; total: number } | null;
  latest: AppNotification[];
  /** grows with every state received (lists refetch when it changes) */
  version: number;
  status: StreamStatus;
}

const EMPTY: NotificationsState = { summary: null, latest: [], version: 0, status: 'connecting' };

let state: NotificationsState = EMPTY;
/** whose stream is open: `<user>:<acting company>` (the superadmin may switch company: another channel) */
let owner: string | null = null;
let users = 0;
let stop: (() => void) | null = null;
const listeners = new Set<() => void>();

function set(next: NotificationsState): void {
  state = next;
  for (const l of listeners) l();
}

/** Opens the stream for `key` (closing another user's or company's), counting the components that use it. */
function acquire(key: string): () => void {
  if (owner !== key) {
    stop?.();
    owner = key;
    set(EMPTY);
    stop = openStream({ path: 'notifications/stream', auth: true }, {
      onStatus: (status) => set({ ...state, status }),
      onEvent(e) {
        if (e.event !== 'snapshot') return;
        const d = (e.data as { data?: { summary?: NotificationsState['summary']; latest?: AppNotification[] } }).data;
        set({ ...state, summary: d?.summary ?? null, latest: d?.latest ?? [], version: state.version + 1 });
      },
    });
  }
  users++;
  return () => {
    users--;
    // kept open a moment: moving between pages unmounts and mounts the bell
    setTimeout(() => {
      if (users > 0 || owner !== key) return;
      stop?.();
      stop = null;
      owner = null;
      set(EMPTY);
    }, 1000);
  };
}

/** Closes the stream at once, whoever uses it (sign-out, tests; the next use opens it again). */
export function closeNotifications(): void {
  stop?.();
  stop = null;
  owner = null;
  users = 0;
  set(EMPTY);
}

// signing out ends the stream at once (not a second later, when the bell is gone)
onSignOut(closeNotifications);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => state;

/** The live notifications of the signed-in user (null: nobody signed in, nothing opened). */
export function useNotifications(user: { id: number; company?: { id: number } | null } | null | undefined): NotificationsState {
  const key = user ? `${user.id}:${user.company?.id ?? ''}` : null;
  useEffect(() => (key ? acquire(key) : undefined), [key]);
  const s = useSyncExternalStore(subscribe, snapshot, snapshot);
  return key && owner === key ? s : EMPTY;
}

export interface NotificationsPage extends Page<AppNotification> {
  meta: Page<AppNotification>['meta'] & { unread: number };
}

export const listNotifications = (query: { page: number; perPage: number; unread?: boolean }, signal?: AbortSignal): Promise<NotificationsPage> =>
  api<NotificationsPage>('notifications', { query: { page: query.page, perPage: query.perPage, unread: query.unread ? 1 : undefined }, signal });

export const markRead = async (id: number): Promise<AppNotification> => dataOf<AppNotification>(await call(notifications, 'read', { params: { id } }));

export const markAllRead = async (): Promise<{ read: number }> => dataOf<{ read: number }>(await call(notifications, 'read_all', {}));
