import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import type { UseStore } from 'idb-keyval';
import { registerMatchMutations } from '../../../src/entities/match';
import { registerMeetupMutations } from '../../../src/entities/meetup';
import { createQueryClient } from '../../../src/lib/query-client';
import { startQueryPersistence } from '../../../src/lib/query-persistence';
import { createAppRouter } from '../../../src/router';

/**
 * One page life of the app as src/app-entry.tsx starts it: keyed mutations registered, the signed-in
 * member's cache restored from IndexedDB `store` (paused mutations resumed), then the router
 * rendered at `path`. `reload()` ends it as a reload does: the page's toasts go with it, the cache
 * stays in IndexedDB for the next `openPersistedApp`. Import 'fake-indexeddb/auto' first.
 */
export async function openPersistedApp(store: UseStore, path: string) {
  const queryClient = createQueryClient();
  registerMatchMutations(queryClient);
  registerMeetupMutations(queryClient);
  const persistence = startQueryPersistence(queryClient, { store, throttleMs: 10 });
  await persistence.ready;
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const reload = () => {
    for (const close of screen.queryAllByRole('button', { name: '알림 닫기' })) fireEvent.click(close);
    view.unmount();
    persistence.stop();
    queryClient.clear();
  };
  return { router, queryClient, reload };
}
