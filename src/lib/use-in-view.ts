import { useEffect, useState, type RefObject } from 'react';

/** True while `target` is visible inside `root` (the viewport when root is omitted). */
export function useInView(target: RefObject<Element | null>, root?: RefObject<Element | null>, rootMargin = '0px'): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setInView(entry.isIntersecting);
      },
      { root: root?.current ?? null, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, root, rootMargin]);
  return inView;
}
