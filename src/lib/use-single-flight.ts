import { useCallback, useRef, useState } from 'react';

/**
 * One run of an async action at a time, for a button that sends a request: a click while the
 * previous run is on its way is dropped, so a double click sends one request. The guard is a
 * ref set in the click itself because `disabled={mutation.isPending}` comes a render too late:
 * TanStack Query tells React about a pending mutation on a later tick, and a second click that
 * lands before it sends the request again (a second 정지 해제 answered 404 over the first's
 * success). `running` is the same state for `disabled` and the button's label.
 */
export function useSingleFlight(): { run: (action: () => Promise<void>) => Promise<void>; running: boolean } {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    try {
      await action();
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  }, []);
  return { run, running };
}
