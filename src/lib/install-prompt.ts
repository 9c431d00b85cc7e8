import { useSelector } from '@tanstack/react-store';
import { Store } from '@tanstack/store';

/**
 * "홈 화면에 추가": Chromium's `beforeinstallprompt` is kept and offered by a small banner, never on
 * the first visit or first paint (the banner waits for the second visit and a few seconds), and
 * a dismissal is remembered.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'lunchchat.installDismissed';
const VISITS_KEY = 'lunchchat.visits';
export const INSTALL_MIN_VISITS = 2;

let deferred: BeforeInstallPromptEvent | null = null;
let visits = 0;
// Bumped whenever `available()` may have changed (it also reads localStorage).
const changes = new Store(0);
const notify = () => changes.setState((n) => n + 1);

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: nothing remembered.
  }
}

/** Call once at start, before the browser may fire the event. */
export function captureInstallPrompt(): void {
  visits = Number(storageGet(VISITS_KEY) ?? '0') + 1;
  storageSet(VISITS_KEY, String(visits));
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; we offer it at a better moment.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    storageSet(DISMISSED_KEY, '1');
    notify();
  });
}

function available(): boolean {
  return deferred !== null && visits >= INSTALL_MIN_VISITS && storageGet(DISMISSED_KEY) === null;
}

export function useInstallAvailable(): boolean {
  return useSelector(changes, available);
}

export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  notify();
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'dismissed') dismissInstall();
}

export function dismissInstall(): void {
  storageSet(DISMISSED_KEY, '1');
  notify();
}
