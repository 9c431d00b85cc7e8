import { tokenExpiresAt } from './jwt';
import { REFRESH_LEAD_MS, refreshAccessToken } from './refresh';
import { getAccessToken, onAuthChange } from './token-store';

/** Spec section 4: inside the refresh window, try after 5 s; re-check 1 s after every attempt. */
const INSIDE_WINDOW_DELAY_MS = 5_000;
const RECHECK_DELAY_MS = 1_000;
// setTimeout overflows above 2^31-1 ms; a long-lived token is simply re-checked later.
const MAX_TIMEOUT_MS = 2_147_483_647;

let timer: ReturnType<typeof setTimeout> | undefined;
let unsubscribe: (() => void) | undefined;

function clearTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

async function attempt(): Promise<void> {
  timer = undefined;
  const token = await refreshAccessToken();
  if (!token) console.warn('reissue failed');
  if (unsubscribe) {
    clearTimer();
    timer = setTimeout(schedule, RECHECK_DELAY_MS);
  }
}

function schedule(): void {
  clearTimer();
  const token = getAccessToken();
  if (!token) return;
  const expiresAt = tokenExpiresAt(token);
  // A token whose expiry cannot be read is left to the 401 → refresh path.
  if (expiresAt === null) return;
  const wait = expiresAt - REFRESH_LEAD_MS - Date.now();
  timer = setTimeout(
    () => {
      void attempt();
    },
    wait > 0 ? Math.min(wait, MAX_TIMEOUT_MS) : INSIDE_WINDOW_DELAY_MS,
  );
}

/** Starts (or restarts) the proactive refresh; follows token changes until stopped. */
export function startTokenRefresh(): void {
  unsubscribe ??= onAuthChange((token) => {
    if (token) schedule();
    else clearTimer();
  });
  schedule();
}

export function stopTokenRefresh(): void {
  clearTimer();
  unsubscribe?.();
  unsubscribe = undefined;
}
