/**
 * "Minhas pendências": the session's inbox entries with their counts (GET /api/inbox), each with its pt-BR label and
 * the list screen that shows its rows (`?inbox={key}`). Read again when the window gets the focus back and after any
 * record action (the action's refresh invalidates ['inbox']).
 */
import { useQuery } from '@tanstack/react-query';
import { resourceByName } from '@paco/domain/resources';
import { screenOf } from '../resources/defs';
import { account } from '../api/account';
import { call, dataOf } from '../api/actions';

export interface InboxItem {
  resource: string;
  key: string;
  label: string;
  count: number;
  overdue: number;
  /** the list screen of the resource, and the address that opens this entry's rows */
  screen: string;
  to: string;
}

export const INBOX_KEY = ['inbox'] as const;

export function useInbox(enabled = true) {
  return useQuery({
    queryKey: INBOX_KEY,
    enabled,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    queryFn: async ({ signal }): Promise<InboxItem[]> => {
      const counts = dataOf<{ resource: string; key: string; count: number; overdue: number }[]>(await call(account, 'inbox', { signal }));
      return counts.flatMap((x) => {
        const def = resourceByName.get(x.resource);
        const entry = def?.inbox?.find((e) => e.key === x.key);
        if (!def || !entry) return [];
        const screen = screenOf(def);
        return [{ ...x, label: entry.label, screen, to: `${screen}?inbox=${encodeURIComponent(x.key)}` }];
      });
    },
  });
}

/** Pending rows per menu address (a module menu's badge). */
export function countsByScreen(items: readonly InboxItem[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of items ?? []) out[it.screen] = (out[it.screen] ?? 0) + it.count;
  return out;
}
