/** Access-token storage (spec section 6: the token lives in localStorage under `accessToken`). */
const ACCESS_TOKEN_KEY = 'accessToken';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();
let storageListenerAttached = false;

function emit(token: string | null): void {
  for (const listener of [...listeners]) listener(token);
}

export function getAccessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  } catch {
    // Storage can throw in private modes; behave as signed out.
    return null;
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  emit(token);
}

export function clearAccessToken(): void {
  const had = getAccessToken() !== null;
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
  if (had) emit(null);
}

/**
 * Called with the new token (or null) whenever it changes, in this tab or another one.
 * Returns the unsubscribe function.
 */
export function onAuthChange(listener: Listener): () => void {
  listeners.add(listener);
  if (!storageListenerAttached && typeof window !== 'undefined') {
    storageListenerAttached = true;
    // Another tab signed in, refreshed or signed out.
    window.addEventListener('storage', (event) => {
      if (event.key === ACCESS_TOKEN_KEY || event.key === null) emit(getAccessToken());
    });
  }
  return () => {
    listeners.delete(listener);
  };
}
