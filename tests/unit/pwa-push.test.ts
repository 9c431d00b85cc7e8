import { describe, expect, it, vi } from 'vitest';
import { readFirebaseConfig } from '../../src/lib/push/config';
import { createTokenSync, lastTokenKey } from '../../src/lib/push/token-sync';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('FCM token sync (only when logged in, only when changed, per member)', () => {
  it('does nothing when signed out', async () => {
    const getToken = vi.fn().mockResolvedValue('t1');
    const send = vi.fn();
    const sync = createTokenSync({ memberId: () => null, getToken, send, storage: memoryStorage() });
    expect(await sync()).toBe('signed-out');
    expect(getToken).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a new token once, then not again until it changes', async () => {
    let token = 't1';
    const send = vi.fn().mockResolvedValue(undefined);
    const storage = memoryStorage();
    const sync = createTokenSync({ memberId: () => '3', getToken: async () => token, send, storage });
    expect(await sync()).toBe('sent');
    expect(await sync()).toBe('unchanged');
    token = 't2';
    expect(await sync()).toBe('sent');
    expect(send.mock.calls).toEqual([['t1'], ['t2']]);
    expect(storage.map.get(lastTokenKey('3'))).toBe('t2');
  });

  it('remembers per member and retries after a failed send', async () => {
    let member = '1';
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const sync = createTokenSync({ memberId: () => member, getToken: async () => 'same', send, storage: memoryStorage() });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await sync()).toBe('failed');
    expect(await sync()).toBe('sent');
    member = '2';
    expect(await sync()).toBe('sent');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('no token (no permission / unsupported) sends nothing', async () => {
    const send = vi.fn();
    const sync = createTokenSync({ memberId: () => '1', getToken: async () => null, send, storage: memoryStorage() });
    expect(await sync()).toBe('no-token');
    expect(send).not.toHaveBeenCalled();
  });
});

describe('Firebase config', () => {
  const full = {
    VITE_FIREBASE_API_KEY: 'k',
    VITE_FIREBASE_AUTH_DOMAIN: 'x.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'p',
    VITE_FIREBASE_MESSAGING_SENDER_ID: '1',
    VITE_FIREBASE_APP_ID: 'a',
    VITE_FIREBASE_VAPID_KEY: 'v',
  };
  it('is off without every required value', () => {
    expect(readFirebaseConfig({})).toBeNull();
    expect(readFirebaseConfig({ ...full, VITE_FIREBASE_VAPID_KEY: '' })).toBeNull();
  });
  it('reads all values', () => {
    expect(readFirebaseConfig(full)).toEqual({
      apiKey: 'k',
      authDomain: 'x.firebaseapp.com',
      projectId: 'p',
      messagingSenderId: '1',
      appId: 'a',
      vapidKey: 'v',
    });
  });
});
