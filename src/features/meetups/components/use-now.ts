import { useEffect, useState } from 'react';

/** The wall clock, re-read every `everyMs`: a card turns to "만났나요?" when its meetup ends while open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
