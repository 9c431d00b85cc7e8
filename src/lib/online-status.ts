import type { FetchStatus } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** `navigator.onLine`, following the browser's online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** What a screen knows of its query's first load. */
export interface FirstLoadQuery {
  isPending: boolean;
  fetchStatus: FetchStatus;
}

/**
 * Nothing to show yet (never loaded, nothing persisted) and no way to get it now: the device is
 * offline, or the query's fetch waits for the network (React Query pauses it until it is back,
 * then fetches by itself). A spinner would turn forever; the screen says why instead.
 */
export function useWaitingForNetwork(query: FirstLoadQuery): boolean {
  const online = useOnline();
  return query.isPending && (!online || query.fetchStatus === 'paused');
}
