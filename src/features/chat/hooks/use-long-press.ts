import { useCallback, useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';

/** Spec section 9: a long press is 300 ms. */
const LONG_PRESS_MS = 300;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

export interface LongPressHandlers {
  onPointerDown(event: PointerEvent): void;
  onPointerMove(event: PointerEvent): void;
  onPointerUp(): void;
  onPointerCancel(): void;
  onPointerLeave(): void;
  /** Right click, the context-menu key, Shift+F10 and the browser's own touch long press. */
  onContextMenu(event: MouseEvent): void;
  onKeyDown(event: KeyboardEvent): void;
  /** Swallows the click that ends a long press, so the row does not also open. */
  onClickCapture(event: MouseEvent): void;
}

/** Calls `onLongPress` after 300 ms of pressing (pointer), or from the keyboard and context menu. */
export function useLongPress(onLongPress: () => void, delay = LONG_PRESS_MS): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);

  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    start.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const fire = useCallback(() => {
    fired.current = true;
    cancel();
    callback.current();
  }, [cancel]);

  return {
    onPointerDown: (event) => {
      // Every press starts afresh: a right click fires through onContextMenu and never ends in the
      // click that would reset this, so the next right click would be swallowed.
      fired.current = false;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY };
      clearTimeout(timer.current);
      timer.current = setTimeout(fire, delay);
    },
    onPointerMove: (event) => {
      const origin = start.current;
      if (!origin) return;
      if (Math.hypot(event.clientX - origin.x, event.clientY - origin.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu: (event) => {
      event.preventDefault();
      if (fired.current) return;
      fire();
    },
    onKeyDown: (event) => {
      if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
        event.preventDefault();
        fire();
      }
    },
    onClickCapture: (event) => {
      if (!fired.current) return;
      fired.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
