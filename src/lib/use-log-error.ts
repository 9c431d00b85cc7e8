import { useEffect } from 'react';

/** Logs a load failure once per error as `failed to load <what>` (the screen shows its own Korean message; the console keeps the cause). */
export function useLogError(what: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(`failed to load ${what}`, error);
  }, [what, error]);
}
