import { useEffect, useState } from 'react';

export interface ViewportBox {
  height: number;
  offsetTop: number;
}

function read(): ViewportBox | null {
  const viewport = typeof window === 'undefined' ? undefined : window.visualViewport;
  return viewport ? { height: viewport.height, offsetTop: viewport.offsetTop } : null;
}

/**
 * The visible part of the layout viewport: it shrinks when the on-screen keyboard opens, so a
 * screen sized to it keeps its input bar above the keyboard. Null without visualViewport.
 */
export function useVisualViewport(): ViewportBox | null {
  const [box, setBox] = useState<ViewportBox | null>(read);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        setBox((previous) => {
          const next = read();
          if (!next || (previous && previous.height === next.height && previous.offsetTop === next.offsetTop)) return previous;
          return next;
        });
      });
    };
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      cancelAnimationFrame(frame);
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, []);
  return box;
}

/** While mounted, the page itself does not scroll (the room scrolls its own message list). */
export function useLockPageScroll(): void {
  useEffect(() => {
    const { documentElement, body } = document;
    const previous = { html: documentElement.style.overflow, body: body.style.overflow, overscroll: body.style.overscrollBehavior };
    documentElement.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    body.style.overscrollBehavior = 'none';
    return () => {
      documentElement.style.overflow = previous.html;
      body.style.overflow = previous.body;
      body.style.overscrollBehavior = previous.overscroll;
    };
  }, []);
}
