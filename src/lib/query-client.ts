import { onlineManager, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './http';
import { PERSIST_MAX_AGE_MS } from './query-persistence';

const MAX_RETRIES = 3;

/**
 * Library defaults (spec section 9: 3 retries backing off 1 s → 30 s), except that a request the
 * server refused (4xx) is not retried: it would fail the same way. Queries stay in memory as long
 * as they are persisted (24 h, query-persistence.ts) and run `offlineFirst`, so cached data shows
 * offline while the fetch waits for the network.
 */
export function createQueryClient(): QueryClient {
  // React Query assumes "online" until an event says otherwise; a page (re)loaded offline must
  // start offline, or restored paused mutations would run, fail and be lost.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: PERSIST_MAX_AGE_MS,
        networkMode: 'offlineFirst',
        retry: (failureCount, error) => !(error instanceof ApiError && error.isClientError) && failureCount < MAX_RETRIES,
      },
      // Mutations keep the default `online` mode: made offline, they pause (and are persisted).
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/**
 * Invalidates every key in `keys` (each a key factory's output); settles when all refetches have,
 * or as soon as the device is offline. Queries are `offlineFirst`: offline, their refetch pauses
 * until the network is back, and a mutation returning this from `onSettled` or `onSuccess` would
 * stay pending all that time (a proposal that failed offline kept its sheet disabled and silent
 * until the network returned). The refetches still run when it does.
 */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[], refetchType?: 'active'): Promise<void> {
  const refetched = Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType })));
  return new Promise<void>((resolve) => {
    const settle = () => {
      unsubscribe();
      resolve();
    };
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) settle();
    });
    if (!onlineManager.isOnline()) settle();
    refetched.then(settle, settle);
  });
}
