import { useEffect, useState, type RefObject } from 'react';

/** True while `target` is visible in the viewport (the infinite list's sentinel). */
export function useInView(target: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setInView(entry.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, rootMargin]);
  return inView;
}
