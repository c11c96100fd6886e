import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { onSignOut } from '../session/store';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
    },
  },
});

onSignOut(() => queryClient.clear());
