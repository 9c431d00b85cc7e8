import { useSyncExternalStore } from 'react';

/** Set by the service-worker registration when a new version is waiting. */
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

export function setPendingUpdate(apply: (() => void) | null): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

export function usePendingUpdate(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyUpdate,
    () => null,
  );
}
