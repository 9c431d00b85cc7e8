import { useEffect, useSyncExternalStore } from 'react';

/** The shared hide-navigation flag: any screen may hide the tab bar while e.g. a sheet is open. */
let hiders = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** While `hidden` is true (and the caller is mounted) the bottom tab bar is hidden. */
export function useHideNavigation(hidden: boolean): void {
  useEffect(() => {
    if (!hidden) return;
    hiders += 1;
    emit();
    return () => {
      hiders -= 1;
      emit();
    };
  }, [hidden]);
}

export function useNavigationHidden(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hiders > 0,
    () => false,
  );
}
