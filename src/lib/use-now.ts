import { useEffect, useState } from 'react';

/**
 * The wall clock, re-read every `everyMs`, for what changes with the time while a screen stays
 * open: a meetup card turns to "만났나요?" when its lunch ends (every 30 s), the chat list's
 * 오늘/어제 turns over at midnight (every minute, decision 0060).
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
