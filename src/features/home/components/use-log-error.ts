import { useEffect } from 'react';

/** Spec section 8: home calls that fail are only logged; the section stays empty. */
export function useLogError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
