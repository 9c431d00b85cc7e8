import { useSelector } from '@tanstack/react-store';
import { Store } from '@tanstack/store';
import { getAccessToken, onAuthChange, tokenMemberId } from '../auth';
import { apiJson } from '../http';
import { showToast } from '../toast';
import { pushSupported, readFirebaseConfig } from './config';
import { createTokenSync, TOKEN_SYNC_INTERVAL_MS } from './token-sync';

const PUSH_RECEIVED = 'PUSH_RECEIVED';
const PROMPT_DISMISSED_KEY = 'lunchchat.pushPromptDismissed';

const config = readFirebaseConfig();

/** PATCH /api/members/fcm-token (contract section 3). */
const sendToken = (fcmToken: string) => apiJson('/api/members/fcm-token', { method: 'patch', json: { fcmToken } });

const sync = createTokenSync({
  memberId: () => tokenMemberId(getAccessToken()),
  getToken: async () => {
    if (!config || !pushSupported() || Notification.permission !== 'granted') return null;
    const registration = await navigator.serviceWorker.ready;
    const { fetchFcmToken } = await import('./firebase-token');
    return fetchFcmToken(config, registration);
  },
  send: sendToken,
  storage: localStorage,
});

let started = false;

/**
 * Foreground pushes become toasts (the worker posts each push to open windows; it shows the
 * system notification itself). With Firebase configured and permission granted, the token is
 * synced at start, hourly and when someone signs in.
 */
export function startPush(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; title?: unknown; body?: unknown } | null;
    if (data?.type !== PUSH_RECEIVED || typeof data.title !== 'string') return;
    if (document.visibilityState === 'visible') showToast(data.title, typeof data.body === 'string' ? data.body : undefined);
  });
  if (!config || !pushSupported()) return;
  void sync();
  setInterval(() => void sync(), TOKEN_SYNC_INTERVAL_MS);
  onAuthChange((token) => {
    if (token) void sync();
  });
}

// Bumped whenever `promptWanted()` may have changed (it reads the permission and localStorage).
const changes = new Store(0);
const notify = () => changes.setState((n) => n + 1);

function promptWanted(): boolean {
  if (!config || !pushSupported() || Notification.permission !== 'default') return false;
  try {
    return localStorage.getItem(PROMPT_DISMISSED_KEY) === null;
  } catch {
    return false;
  }
}

/** Whether to offer "알림 받기" (push configured, permission not asked yet, not dismissed). */
export function useNotificationPromptWanted(): boolean {
  return useSelector(changes, promptWanted);
}

export function dismissNotificationPrompt(): void {
  try {
    localStorage.setItem(PROMPT_DISMISSED_KEY, '1');
  } catch {
    // Private mode: the prompt may come back next time.
  }
  notify();
}

/** From a user gesture only: asks for permission, then sends the token. */
export async function enablePush(): Promise<void> {
  if (!config || !pushSupported()) return;
  try {
    const permission = await Notification.requestPermission();
    if (permission === 'granted') await sync();
  } catch (error) {
    // Spec section 8: push permission errors are only logged.
    console.warn('push permission failed', error);
  } finally {
    notify();
  }
}
