import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { configure, render } from '@testing-library/react';
import { http as mswHttp, HttpResponse, type RequestHandler } from 'msw';
import { setAccessToken } from '../../../src/lib/auth';
import { registerMatchMutations } from '../../../src/entities/match';
import { createQueryClient } from '../../../src/lib/query-client';
import { createAppRouter } from '../../../src/router';
import { fail, makeJwt } from './helpers';
import { server } from './msw-server';

export const ORIGIN = window.location.origin;

// Route components are lazily loaded chunks: under a full parallel run the first screen can take
// longer than the default 1 s to appear.
configure({ asyncUtilTimeout: 5000 });

/**
 * The whole app (shell, router, real query client without retries) at `path`, signed in. Any API
 * call a test did not mock answers 404, so screens the test navigates to cannot fail the run.
 */
export function renderSignedIn(path: string, handlers: RequestHandler[] = []) {
  setAccessToken(makeJwt(3600));
  // `use` prepends: the fallback first, then the test's handlers in front of it.
  server.use(mswHttp.all(`${ORIGIN}/api/*`, () => HttpResponse.json(fail('USER_404', '없어요'), { status: 404 })));
  server.use(...handlers);
  const queryClient = createQueryClient();
  registerMatchMutations(queryClient);
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
