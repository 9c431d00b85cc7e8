import type { EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterNextPaint } from './after-paint';

const notYet = () => undefined;

/**
 * embla measures its viewport and slides when it starts. Started in the commit that mounts a
 * screen, or in the next animation frame (which runs before that frame's layout), that
 * measurement forced a layout of the whole new screen inside a start-up long task. Now it starts
 * in a task of its own after the screen has been painted (flushSync: the re-render and embla's
 * start stay in that task, not in the next one React schedules), when reading the layout is
 * cheap. Until then the slides stand where the CSS puts them (the first one in view), so nothing
 * moves when it starts.
 */
export function useCarousel(options: EmblaOptionsType) {
  const [viewportRef, api] = useEmblaCarousel(options);
  const [started, setStarted] = useState(false);
  useEffect(() => afterNextPaint(() => flushSync(() => setStarted(true))), []);
  return [started ? viewportRef : notYet, api] as const;
}
