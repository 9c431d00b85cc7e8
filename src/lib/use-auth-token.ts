import { useSyncExternalStore } from 'react';
import { getAccessToken, isSignUpPending, onAuthChange, onSignUpPendingChange } from './auth';

/** The stored access token as React state (re-renders on login, refresh, logout, other tabs). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(onAuthChange, getAccessToken, () => null);
}

// The mark belongs to the token's member: either changing can change the answer.
function subscribeSignUpPending(listener: () => void): () => void {
  const offAuth = onAuthChange(listener);
  const offMark = onSignUpPendingChange(listener);
  return () => {
    offAuth();
    offMark();
  };
}

/** Whether the signed-in member has not finished sign-up (lib/auth/sign-up-pending.ts), as React state. */
export function useSignUpPending(): boolean {
  return useSyncExternalStore(subscribeSignUpPending, isSignUpPending, () => false);
}
