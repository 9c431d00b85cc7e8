import { useEffect, useSyncExternalStore } from 'react';

/**
 * A multi-step screen inside the shell registers its step setter here; the header's back button
 * then steps back within the flow instead of leaving the page (spec "Header").
 */
let handler: (() => void) | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function set(next: (() => void) | null): void {
  handler = next;
  for (const listener of listeners) listener();
}

/** While mounted with a function, the header's back button calls it. */
export function useBackOverride(onBack: (() => void) | undefined): void {
  useEffect(() => {
    if (!onBack) return;
    set(onBack);
    return () => {
      if (handler === onBack) set(null);
    };
  }, [onBack]);
}

export function useBackOverrideHandler(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => handler,
    () => null,
  );
}
