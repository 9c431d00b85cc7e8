import { useEffect, useRef } from 'react';

/**
 * A ref that always holds the latest value, so an effect can call the current callback without
 * listing it as a dependency (re-running would re-open a dialog, re-observe an element, …).
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
