import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { getAccessToken, onAuthChange, tokenMemberId } from './auth';

/**
 * Offline reads: React Query's cache is kept in IndexedDB (its own database, one entry per
 * member), restored before the first render and written back (throttled) as it changes. The
 * service worker never caches API responses; this is where "what I saw last" comes from.
 */
const PERSIST_DB = 'lunchchat-cache';
const PERSIST_STORE = 'queries';
/** Bump when cached shapes change: a persisted cache with another buster is discarded on restore. */
export const PERSIST_BUSTER = 'lunchchat-query-v1';
/** Persisted entries older than this are dropped; queries live this long in memory too (gcTime). */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const WRITE_THROTTLE_MS = 1000;

export const persistKey = (memberId: string) => `member:${memberId}`;

let store: UseStore | undefined;
function cacheStore(): UseStore {
  store ??= createStore(PERSIST_DB, PERSIST_STORE);
  return store;
}

interface IdbPersister extends Persister {
  /** Drops a write still waiting for the throttle (after a wipe it must not come back). */
  cancel(): void;
}

/** One member's entry; writes are throttled (the cache changes on every fetch) and the last one wins. */
function idbPersister(memberId: string, idbStore: UseStore = cacheStore(), throttleMs = WRITE_THROTTLE_MS): IdbPersister {
  const key = persistKey(memberId);
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (typeof window !== 'undefined') {
      window.removeEventListener('pagehide', flushNow);
      document.removeEventListener('visibilitychange', onVisibility);
    }
    const client = pending;
    pending = undefined;
    if (client) set(key, client, idbStore).catch((error: unknown) => console.warn('query cache not saved', error));
  };
  // Leaving or hiding the page must not lose the last second of changes (a reload, an app switch).
  const flushNow = () => {
    if (!timer) return;
    clearTimeout(timer);
    flush();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushNow();
  };
  return {
    persistClient(client) {
      pending = client;
      if (!timer && typeof window !== 'undefined') {
        window.addEventListener('pagehide', flushNow, { once: true });
        document.addEventListener('visibilitychange', onVisibility);
      }
      timer ??= setTimeout(flush, throttleMs);
    },
    restoreClient: () => get<PersistedClient>(key, idbStore),
    removeClient: () => del(key, idbStore),
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}

/** Everything persisted on this device (every member's entry). */
async function wipePersistedQueries(idbStore: UseStore = cacheStore()): Promise<void> {
  await clear(idbStore);
}

export interface PersistenceOptions {
  /** Called after the cache was wiped because the session ended (logout, failed refresh, other tab). */
  onSignedOut?: () => Promise<void> | void;
  store?: UseStore;
  throttleMs?: number;
}

/**
 * Follows the signed-in member: restores their cache, keeps it saved, and on sign-out wipes it
 * (and whatever `onSignedOut` clears, e.g. the chat outbox). A token refresh (same `sub`) changes
 * nothing; another member signing in in another tab swaps the cache.
 * Resolves once the first restore finished, so the first render can show persisted data.
 */
export function startQueryPersistence(queryClient: QueryClient, options: PersistenceOptions = {}): { ready: Promise<void>; stop: () => void } {
  const idbStore = options.store ?? cacheStore();
  let member: string | null = null;
  let persister: IdbPersister | undefined;
  let unsubscribe: (() => void) | undefined;
  let generation = 0;

  const detach = () => {
    generation += 1;
    unsubscribe?.();
    unsubscribe = undefined;
    persister?.cancel();
    persister = undefined;
  };

  const attach = async (memberId: string) => {
    const mine = ++generation;
    const next = idbPersister(memberId, idbStore, options.throttleMs);
    try {
      await persistQueryClientRestore({ queryClient, persister: next, maxAge: PERSIST_MAX_AGE_MS, buster: PERSIST_BUSTER });
    } catch (error) {
      console.warn('query cache not restored', error);
    }
    if (mine !== generation) return;
    persister = next;
    unsubscribe = persistQueryClientSubscribe({
      queryClient,
      persister: next,
      buster: PERSIST_BUSTER,
      dehydrateOptions: {
        shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
      },
    });
    // Writes made offline before the reload (match requests/accepts, entities/match) go out now
    // (or when back online).
    void queryClient.resumePausedMutations();
  };

  const follow = async (token: string | null) => {
    const next = tokenMemberId(token);
    if (next === member) return;
    const previous = member;
    member = next;
    detach();
    if (previous !== null) queryClient.clear();
    if (next === null) {
      await wipePersistedQueries(idbStore).catch((error: unknown) => console.warn('query cache not wiped', error));
      await options.onSignedOut?.();
      return;
    }
    await attach(next);
  };

  member = tokenMemberId(getAccessToken());
  const ready = member ? attach(member) : Promise.resolve();
  const off = onAuthChange((token) => void follow(token));
  return {
    ready,
    stop: () => {
      off();
      detach();
    },
  };
}
