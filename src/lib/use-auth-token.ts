import { useSyncExternalStore } from 'react';
import { getAccessToken, onAuthChange } from './auth';

/** The stored access token as React state (re-renders on login, refresh, logout, other tabs). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(onAuthChange, getAccessToken, () => null);
}
