import { useSelector } from '@tanstack/react-store';
import { Store } from '@tanstack/store';

/** Set by the service-worker registration when a new version is waiting (boxed: a Store treats a bare function as a getter). */
const pending = new Store<{ apply: (() => void) | null }>({ apply: null });

export function setPendingUpdate(apply: (() => void) | null): void {
  pending.setState(() => ({ apply }));
}

export function usePendingUpdate(): (() => void) | null {
  return useSelector(pending, (state) => state.apply);
}
