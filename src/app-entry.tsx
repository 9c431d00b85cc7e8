import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerBlockMutations } from './entities/block';
import { registerReportMutations } from './entities/report';
import { registerMeetupMutations } from './entities/meetup';
import { afterNextPaint, yieldToMain } from './lib/after-paint';
import { startTokenRefresh } from './lib/auth';
import { startPush } from './lib/push';
import { registerMatchMutations } from './entities/match/match-mutations';
import { createQueryClient } from './lib/query-client';
import { startQueryPersistence } from './lib/query-persistence';
import { createAppRouter } from './router';

/** Longest the first render waits for the persisted cache (IndexedDB answers in milliseconds). */
const RESTORE_WAIT_MS = 1500;
/** Longest the first render waits for the first route's loaders (they read the restored cache). */
const FIRST_LOAD_WAIT_MS = 1000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The whole app: router, query cache (restored from IndexedDB), token refresh and push. */
export async function startApp(root: HTMLElement): Promise<void> {
  // Start-up runs in several tasks, not one: each step ends its task (yieldToMain), so none of
  // them blocks input for long on a slow phone (Lighthouse's total blocking time, decision 0024).
  // First the evaluation of this chunk and its libraries, then the app's own start.
  await yieldToMain();
  const queryClient = createQueryClient();
  // Before any restore: a restored paused match request/accept, meetup answer, block or report needs its function.
  registerMatchMutations(queryClient);
  registerMeetupMutations(queryClient);
  registerBlockMutations(queryClient);
  registerReportMutations(queryClient);
  // The signed-in member's persisted cache; on sign-out it is wiped with the chat outbox and the
  // profile wizard's unfinished answers (their modules are loaded only then, keeping the chat and
  // onboarding features out of the entry chunk).
  const persistence = startQueryPersistence(queryClient, {
    onSignedOut: async () => {
      await Promise.all([
        import('./features/chat/outbox/outbox').then(({ clearOutbox }) => clearOutbox()),
        import('./features/onboarding/model/draft-storage').then(({ clearWizard }) => clearWizard()),
      ]);
    },
  });
  // The cache restore above reads IndexedDB meanwhile.
  await yieldToMain();
  const router = createAppRouter(queryClient);
  // Keeps the stored access token fresh from now on (and follows logins and logouts).
  startTokenRefresh();

  await Promise.race([persistence.ready, delay(RESTORE_WAIT_MS)]);
  await yieldToMain();
  // The first route is resolved before React mounts, so the first render shows it. Mounted first,
  // the router loaded it from a layout effect with synchronous store updates, each one re-rendering
  // the whole tree in one blocking task (the longest of start-up). Capped: a loader waiting for the
  // network (offline, retries) must not hold the splash; the router then finishes after mounting.
  await Promise.race([router.load().catch(() => undefined), delay(FIRST_LOAD_WAIT_MS)]);
  await yieldToMain();

  // A transition lets React yield to the browser while it builds the first screen, instead of
  // one long task that blocks input (Lighthouse's total blocking time on a phone).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
  // Push (the foreground toast, the device token's sync) is not part of the first screen.
  afterNextPaint(startPush);
}
