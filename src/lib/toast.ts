import { useSyncExternalStore } from 'react';

/** Global toasts (spec "Global": top-right, title and body, 5000 ms). Anyone may `showToast`. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  body?: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit(toasts.filter((toast) => toast.id !== id));
}

export function showToast(title: string, body?: string, durationMs = TOAST_DURATION_MS): number {
  const id = nextId++;
  // At most three at once: the oldest goes first.
  const kept = toasts.slice(-2);
  for (const gone of toasts.slice(0, -2)) dismissToast(gone.id);
  emit([...kept, { id, title, body }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return id;
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
