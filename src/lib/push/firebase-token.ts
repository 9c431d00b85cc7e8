import { getApps, initializeApp } from 'firebase/app';
import { getMessaging, getToken, isSupported } from 'firebase/messaging';
import type { FirebaseWebConfig } from './config';

/**
 * Loaded on demand only (dynamic import): Firebase never ships in the first screen. The token is
 * bound to the app's own service worker (sw/index.ts), which shows the pushes itself.
 */
export async function fetchFcmToken(config: FirebaseWebConfig, registration: ServiceWorkerRegistration): Promise<string | null> {
  if (!(await isSupported())) return null;
  const { vapidKey, ...options } = config;
  const app = getApps()[0] ?? initializeApp(options);
  const token = await getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
  return token || null;
}
