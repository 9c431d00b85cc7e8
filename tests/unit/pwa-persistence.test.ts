import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, get, keys, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { clearAccessToken, setAccessToken, tokenMemberId } from '../../src/lib/auth';
import { matchMutationKeys, registerMatchMutations } from '../../src/entities/match';
import { PERSIST_BUSTER, persistKey, startQueryPersistence } from '../../src/lib/query-persistence';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (sub: number | string, extra: object = {}) => `${b64({ alg: 'HS256' })}.${b64({ sub: String(sub), exp: 9_999_999_999, ...extra })}.sig`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dbCounter = 0;
const freshStore = () => createStore(`persist-test-${++dbCounter}`, 'queries');

describe('query cache persistence (scoped to the member, buster, wiped on sign-out)', () => {
  it('reads the member id from the token sub', () => {
    expect(tokenMemberId(token(42))).toBe('42');
    expect(tokenMemberId(null)).toBeNull();
    expect(tokenMemberId('garbage')).toBeNull();
  });

  it('saves under the member key and restores it for the same member only', async () => {
    const store = freshStore();
    setAccessToken(token(7));
    const first = new QueryClient();
    const a = startQueryPersistence(first, { store, throttleMs: 10 });
    await a.ready;
    first.setQueryData(['member', 'profile', 3], { memberName: '민수' });
    await wait(50);
    a.stop();
    expect(await keys(store)).toEqual([persistKey('7')]);

    const second = new QueryClient();
    second.mount(); // as QueryClientProvider does: resumes paused mutations when back online
    const b = startQueryPersistence(second, { store, throttleMs: 10 });
    await b.ready;
    expect(second.getQueryData(['member', 'profile', 3])).toEqual({ memberName: '민수' });
    b.stop();

    // Another member on the same device does not see it.
    setAccessToken(token(8));
    const third = new QueryClient();
    const c = startQueryPersistence(third, { store, throttleMs: 10 });
    await c.ready;
    expect(third.getQueryData(['member', 'profile', 3])).toBeUndefined();
    c.stop();
    clearAccessToken();
  });

  it('discards a cache written with another buster', async () => {
    const store = freshStore();
    setAccessToken(token(9));
    await set(
      persistKey('9'),
      {
        buster: 'old-version',
        timestamp: Date.now(),
        clientState: { mutations: [], queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { data: 1, status: 'success', dataUpdatedAt: Date.now() } }] },
      },
      store,
    );
    const client = new QueryClient();
    const p = startQueryPersistence(client, { store });
    await p.ready;
    expect(client.getQueryData(['x'])).toBeUndefined();
    expect(PERSIST_BUSTER).not.toBe('old-version');
    p.stop();
    clearAccessToken();
  });

  it('wipes everything and calls onSignedOut (the chat outbox) when the session ends', async () => {
    const store = freshStore();
    setAccessToken(token(5));
    const client = new QueryClient();
    const onSignedOut = vi.fn();
    const p = startQueryPersistence(client, { store, throttleMs: 10, onSignedOut });
    await p.ready;
    client.setQueryData(['chat', 'rooms'], [{ roomId: 1 }]);
    await wait(50);
    expect(await get(persistKey('5'), store)).toBeTruthy();
    clearAccessToken();
    await wait(50);
    expect(await keys(store)).toEqual([]);
    expect(onSignedOut).toHaveBeenCalledOnce();
    expect(client.getQueryData(['chat', 'rooms'])).toBeUndefined();
    p.stop();
  });

  it('a token refresh for the same member keeps the cache', async () => {
    const store = freshStore();
    setAccessToken(token(6));
    const client = new QueryClient();
    const onSignedOut = vi.fn();
    const p = startQueryPersistence(client, { store, throttleMs: 10, onSignedOut });
    await p.ready;
    client.setQueryData(['a'], 1);
    setAccessToken(token(6, { iat: 2 }));
    await wait(50);
    expect(client.getQueryData(['a'])).toBe(1);
    expect(onSignedOut).not.toHaveBeenCalled();
    p.stop();
    clearAccessToken();
  });

  it('persists a paused match request and resumes it after restore', async () => {
    const store = freshStore();
    setAccessToken(token(11));
    const first = new QueryClient();
    registerMatchMutations(first);
    const a = startQueryPersistence(first, { store, throttleMs: 10 });
    await a.ready;
    // Offline: the mutation pauses instead of running.
    const { onlineManager } = await import('@tanstack/react-query');
    onlineManager.setOnline(false);
    void first
      .getMutationCache()
      .build(first, { mutationKey: matchMutationKeys.request })
      .execute(33)
      .catch(() => undefined);
    await wait(50);
    const saved = await get<{ clientState: { mutations: { state: { variables: unknown; isPaused: boolean } }[] } }>(persistKey('11'), store);
    expect(saved?.clientState.mutations.map((m) => [m.state.variables, m.state.isPaused])).toEqual([[33, true]]);
    a.stop();

    const second = new QueryClient();
    const mutationFn = vi.fn().mockResolvedValue({ id: 1 });
    second.setMutationDefaults(matchMutationKeys.request, { mutationFn });
    second.mount(); // as QueryClientProvider does: resumes paused mutations when back online
    const b = startQueryPersistence(second, { store, throttleMs: 10 });
    await b.ready;
    onlineManager.setOnline(true);
    await wait(50);
    expect(mutationFn).toHaveBeenCalledWith(33, expect.anything());
    b.stop();
    clearAccessToken();
  });
});
