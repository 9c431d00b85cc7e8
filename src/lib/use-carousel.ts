import type { EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';

const notYet = () => undefined;

/**
 * embla measures its viewport and slides when it starts. Started in the commit that mounts a
 * screen, that measurement forced a layout of the whole new screen inside the app's longest
 * start-up task; one frame later the browser has laid the screen out anyway and the measurement
 * is cheap. Until then the slides stand where the CSS puts them (the first one in view), so
 * nothing moves when it starts.
 */
export function useCarousel(options: EmblaOptionsType) {
  const [viewportRef, api] = useEmblaCarousel(options);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setStarted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return [started ? viewportRef : notYet, api] as const;
}
