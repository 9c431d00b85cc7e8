import { useSelector } from '@tanstack/react-store';
import { Store } from '@tanstack/store';

/** Global toasts (spec "Global": top-right, title and body, 5000 ms). Anyone may `showToast`. */
const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  body?: string;
  /** Tapping the toast does this (e.g. opens the room a message came from), then closes it. */
  onSelect?: () => void;
  /** A button of its own beside the text (e.g. 채팅하기 after a match): tapping it does this, then closes the toast. */
  action?: ToastAction;
}

interface ToastAction {
  label: string;
  onSelect: () => void;
}

interface ToastOptions {
  durationMs?: number;
  onSelect?: () => void;
  action?: ToastAction;
}

const toasts = new Store<readonly Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts.setState((current) => current.filter((toast) => toast.id !== id));
}

export function showToast(title: string, body?: string, { durationMs = TOAST_DURATION_MS, onSelect, action }: ToastOptions = {}): number {
  const id = nextId++;
  // At most three at once: the oldest goes first.
  for (const gone of toasts.state.slice(0, -2)) dismissToast(gone.id);
  toasts.setState((current) => [...current.slice(-2), { id, title, body, ...(onSelect ? { onSelect } : {}), ...(action ? { action } : {}) }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return id;
}

export function useToasts(): readonly Toast[] {
  return useSelector(toasts);
}
