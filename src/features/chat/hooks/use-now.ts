import { useEffect, useState } from 'react';

/**
 * The wall clock, re-read every minute: the chat list's 오늘/어제 (decision 0060) turns over at
 * midnight while the list is open. (Features do not share code: meetups keeps its own.)
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
