/**
 * Providers of the data screens (TanStack Query, dayjs pt-br), mounted by the layouts that host them. They
 * live here, not at the root, so the login route's JavaScript does not carry them; the QueryClient is one
 * singleton, so the cache survives moving between layouts.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { queryClient } from './queryClient';

dayjs.locale('pt-br');

export function DataProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
