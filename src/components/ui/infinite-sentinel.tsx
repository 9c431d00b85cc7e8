import { useEffect, useRef } from 'react';
import * as styles from './infinite-sentinel.css';
import { useLatest } from '../../lib/use-latest';

interface InfiniteSentinelProps {
  /** Called when the sentinel scrolls into view (and again each time it re-enters). */
  onVisible: () => void;
  /** Observe only while another page may follow and none is loading. */
  enabled: boolean;
}

/** Infinite-scroll trigger: an empty element at the end of a list watched by IntersectionObserver. */
export function InfiniteSentinel({ onVisible, enabled }: InfiniteSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useLatest(onVisible);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, callback]);
  return <div ref={ref} className={styles.sentinel} aria-hidden="true" />;
}
