import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

let firstPaintDone = false;

/**
 * How many of a screen's `parts` (below the fold) to render: none while the app's first screen is
 * being built, then one more after each painted frame; all of them at once on every later mount.
 * The first render, commit and layout are smaller, and the rest is built one part per task, none
 * of them long enough to block input on a slow phone (decision 0024). Later navigations are not
 * staged, so a screen never appears in steps after the start.
 */
export function usePartsAfterFirstPaint(parts: number): number {
  const [shown, setShown] = useState(firstPaintDone ? parts : 0);
  useEffect(() => {
    if (shown >= parts) return undefined;
    return afterNextPaint(() => {
      firstPaintDone = true;
      startTransition(() => setShown((count) => count + 1));
    });
  }, [shown, parts]);
  return shown;
}
