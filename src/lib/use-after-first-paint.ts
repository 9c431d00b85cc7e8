import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

let firstPaintDone = false;
const steps: Array<() => void> = [];
let running = false;

function runStep(): void {
  firstPaintDone = true;
  steps.shift()?.();
  if (steps.length > 0) afterNextPaint(runStep);
  else running = false;
}

/**
 * Runs `step` after the next painted frame, one queued step per frame (whoever queued it), so
 * start-up work the first screen does not show is spread over short tasks instead of piling into
 * one (decision 0024). Returns a cancel.
 */
export function afterPaintInTurn(step: () => void): () => void {
  steps.push(step);
  if (!running) {
    running = true;
    afterNextPaint(runStep);
  }
  return () => {
    const index = steps.indexOf(step);
    if (index >= 0) steps.splice(index, 1);
  };
}

/**
 * How many of a screen's `parts` (below the fold, or out of view) to render: none while the app's
 * first screen is being built, then one more per painted frame (in turn with the other screens'
 * parts); all of them at once on every later mount. The first render, commit and layout are
 * smaller, and the rest is built in short tasks that do not block input on a slow phone
 * (decision 0024). Later navigations are not staged, so a screen never appears in steps after
 * the start.
 */
export function usePartsAfterFirstPaint(parts: number): number {
  const [shown, setShown] = useState(firstPaintDone ? parts : 0);
  useEffect(() => {
    if (shown >= parts) return undefined;
    return afterPaintInTurn(() => startTransition(() => setShown((count) => count + 1)));
  }, [shown, parts]);
  return shown;
}
