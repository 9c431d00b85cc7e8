import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient;
}

/** Routes reachable without a token: the sign-in flow. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/onboarding' || pathname.startsWith('/onboarding/') || pathname.startsWith('/auth/');
}

/**
 * Routes a member who has not finished sign-up may open: the sign-in flow (the wizard is in it)
 * and the operator console, whose operators need no student profile (contract section 16).
 */
export function allowsUnfinishedSignUp(pathname: string): boolean {
  return isPublicPath(pathname) || pathname === '/admin' || pathname.startsWith('/admin/');
}
