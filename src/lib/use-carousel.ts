import type { EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterPaintInTurn } from './use-after-first-paint';

const notYet = () => undefined;

/**
 * embla measures its viewport and slides when it starts. Started in the commit that mounts a
 * screen, or in the next animation frame (which runs before that frame's layout), that
 * measurement forced a layout of the whole new screen inside a start-up long task. Now it starts
 * in a task of its own after the screen has been painted (flushSync: the re-render and embla's
 * start stay in that task, not in the next one React schedules), when reading the layout is
 * cheap, and in turn with the screen's other after-paint steps (one per frame). Until then the
 * slides stand where the CSS puts them (the first one in view), so nothing moves when it starts.
 * `ready`: false holds the start (until every slide is rendered).
 */
export function useCarousel(options: EmblaOptionsType, ready = true) {
  const [viewportRef, api] = useEmblaCarousel(options);
  const [started, setStarted] = useState(false);
  useEffect(() => (ready ? afterPaintInTurn(() => flushSync(() => setStarted(true))) : undefined), [ready]);
  return [started ? viewportRef : notYet, api] as const;
}
