import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, takes the user to the first field marked `aria-invalid="true"` inside
 * `ref` (document order, the order the form is read in). Call `focusFirstInvalid()` together with
 * the state update that shows the errors: the effect runs once that render is on screen, so it
 * works alike for a check before sending and for the server's field errors arriving later.
 * Focus is what a keyboard and a screen reader follow (the field's label and its
 * `aria-describedby` message are read); the field is scrolled to the middle and its message into
 * view, so an error below a tall field or under a pinned footer is not left out of sight.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const field = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    // jsdom has no scrolling.
    if (typeof field.scrollIntoView !== 'function') return;
    field.scrollIntoView({ block: 'center' });
    for (const id of field.getAttribute('aria-describedby')?.split(/\s+/) ?? []) document.getElementById(id)?.scrollIntoView({ block: 'nearest' });
  }, [request]);
  const focusFirstInvalid = useCallback(() => setRequest((n) => n + 1), []);
  return { ref, focusFirstInvalid };
}
