import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Spinner } from './components/ui/spinner';
import { routeTree } from './route-tree.gen';

/** `history` for tests (memory history); the browser's by default. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through React Query, which owns caching.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <Spinner />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
