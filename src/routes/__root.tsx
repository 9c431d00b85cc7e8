import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/shell/app-shell';
import { NotFound, RouteError } from '../components/shell/route-error';
import { getAccessToken } from '../lib/auth';
import { isPublicPath, type RouterContext } from '../lib/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Auth gate before any loader runs: no stored token → the sign-in screen.
  beforeLoad: ({ location }) => {
    if (!getAccessToken() && !isPublicPath(location.pathname)) {
      throw redirect({ to: '/onboarding', replace: true });
    }
  },
  component: RootComponent,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});

function RootComponent() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
