import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient;
}

/** Routes reachable without a token: the sign-in flow. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/onboarding' || pathname.startsWith('/onboarding/') || pathname.startsWith('/auth/');
}
