/**
 * Runs `callback` in a task of its own after the browser has painted the next frame, so reading
 * the layout there is cheap. A `requestAnimationFrame` callback alone runs before that frame's
 * layout: a size or scroll read in it still forces the layout of a freshly mounted screen inside
 * the start-up's long tasks (Lighthouse's total blocking time on a phone). Returns a cancel.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Ends the current task: start-up work after it runs in a new one, so the browser can handle
 * input (and paint) in between instead of one long task (decision 0024).
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `callback` once the first screen has painted and the browser is idle (at the latest
 * `timeoutMs` after the paint): for start-up work the first screen does not show. Returns a cancel.
 */
export function whenIdleAfterPaint(callback: () => void, timeoutMs = 1000): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(callback, { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(callback, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelPaint();
    cancelIdle?.();
  };
}
