/** Firebase web config from VITE_FIREBASE_*; without every field push is off (and nothing errors). */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  vapidKey: string;
}

type Env = Record<string, unknown>;

export function readFirebaseConfig(env: Env = import.meta.env as Env): FirebaseWebConfig | null {
  const pick = (name: string) => {
    const value = env[`VITE_FIREBASE_${name}`];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const config = {
    apiKey: pick('API_KEY'),
    authDomain: pick('AUTH_DOMAIN'),
    projectId: pick('PROJECT_ID'),
    messagingSenderId: pick('MESSAGING_SENDER_ID'),
    appId: pick('APP_ID'),
    vapidKey: pick('VAPID_KEY'),
  };
  // authDomain is optional for messaging; the rest are required.
  const { authDomain, ...required } = config;
  if (Object.values(required).some((value) => value === null)) return null;
  return { ...(required as Omit<FirebaseWebConfig, 'authDomain'>), authDomain: authDomain ?? '' };
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}
