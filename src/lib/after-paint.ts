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
