import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { HOURS, hourLabel, slotFor, slotHours, slotKey, WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../../../contract/timetable-values';
import type { Slot } from '../../../contract/timetable';
import { visuallyHidden } from '../../styles/a11y.css';
import * as styles from './timetable-grid.css';
import { useLatest } from '../../lib/use-latest';

interface TimetableGridProps {
  /** Editable: tap or press-and-drag toggles cells. Read-only: shows the slots. */
  editable?: boolean;
  /** Applied once: the first time it is defined (it may arrive after the first render). */
  initialSlots?: readonly Slot[];
  /** The full slot list (MON–FRI, 10:00–20:00 order) after every change the user makes. */
  onChange?: (slots: Slot[]) => void;
  label?: string;
}

interface GridState {
  keys: ReadonlySet<string>;
  /** Bumped by user changes only, so applying `initialSlots` is not reported as a change. */
  version: number;
}

const cellKey = (day: Weekday, hour: number) => slotKey({ dayOfWeek: day, startTime: hourLabel(hour) });

function keysOf(slots: readonly Slot[] | undefined): Set<string> {
  const keys = new Set<string>();
  for (const slot of slots ?? []) {
    for (const hour of slotHours(slot) ?? []) keys.add(cellKey(slot.dayOfWeek, hour));
  }
  return keys;
}

function slotsOf(keys: ReadonlySet<string>): Slot[] {
  return WEEKDAYS.flatMap((day) => HOURS.filter((hour) => keys.has(cellKey(day, hour))).map((hour) => slotFor(day, hour)));
}

function keyAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  return target.closest<HTMLElement>('[data-slot]')?.dataset.slot ?? null;
}

const cellName = (day: Weekday, hour: number) => `${WEEKDAY_LABELS[day]}요일 ${hourLabel(hour)}~${hourLabel(hour + 1)}`;

/**
 * Spec "Timetable grid": MON–FRI × ten one-hour rows. Pressing and dragging (mouse, pen or touch;
 * pointer events) toggles every cell the pointer passes over exactly once per drag.
 */
export function TimetableGrid({ editable = false, initialSlots, onChange, label = '시간표' }: TimetableGridProps) {
  const [state, setState] = useState<GridState>(() => ({ keys: keysOf(initialSlots), version: 0 }));
  const [initialApplied, setInitialApplied] = useState(initialSlots !== undefined);
  if (!initialApplied && initialSlots !== undefined) {
    // Adjusting state while rendering: the initial slots arrived after the first render.
    setInitialApplied(true);
    setState((prev) => ({ keys: keysOf(initialSlots), version: prev.version }));
  }

  const drag = useRef<{ pointerId: number; visited: Set<string> } | null>(null);
  const onChangeRef = useLatest(onChange);

  useEffect(() => {
    if (state.version > 0) onChangeRef.current?.(slotsOf(state.keys));
  }, [state, onChangeRef]);

  const toggle = (key: string) => {
    setState((prev) => {
      const keys = new Set(prev.keys);
      if (keys.has(key)) keys.delete(key);
      else keys.add(key);
      return { keys, version: prev.version + 1 };
    });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // One drag at a time: a second finger does not start another one.
    if (drag.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const key = keyAt(event.target);
    if (!key) return;
    // No text selection, no emulated mouse events; the grid keeps receiving the moves.
    event.preventDefault();
    drag.current = { pointerId: event.pointerId, visited: new Set([key]) };
    toggle(key);
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not supported (old browsers, jsdom): moves still arrive on the cells themselves.
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    // With pointer capture (and always for touch) the event target is the grid, not the cell
    // under the finger, so look the cell up by position.
    const under = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(event.clientX, event.clientY) : null;
    const key = keyAt(under) ?? keyAt(event.target);
    if (!key || current.visited.has(key)) return;
    current.visited.add(key);
    toggle(key);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  return (
    <div
      className={[styles.table, editable ? styles.editable : ''].join(' ')}
      role="table"
      aria-label={label}
      onPointerDown={editable ? onPointerDown : undefined}
      onPointerMove={editable ? onPointerMove : undefined}
      onPointerUp={editable ? endDrag : undefined}
      onPointerCancel={editable ? endDrag : undefined}
      onLostPointerCapture={editable ? endDrag : undefined}
    >
      <div className={styles.row} role="row">
        <span role="columnheader">
          <span className={visuallyHidden}>시간</span>
        </span>
        {WEEKDAYS.map((day) => (
          <span key={day} className={styles.columnHeader} role="columnheader">
            {WEEKDAY_LABELS[day]}
          </span>
        ))}
      </div>
      {HOURS.map((hour) => (
        <div key={hour} className={styles.row} role="row">
          {/* Spec: rows read "10:00~11:00"; stacked, the range fits the narrow label column. */}
          <span className={styles.rowHeader} role="rowheader">
            <span>{hourLabel(hour)}</span>
            <span>~{hourLabel(hour + 1)}</span>
          </span>
          {WEEKDAYS.map((day) => {
            const key = cellKey(day, hour);
            const selected = state.keys.has(key);
            return (
              // data-slot on the cell too: a press on its padding still counts as this cell.
              <span key={key} className={styles.cell} role="cell" data-slot={editable ? key : undefined}>
                {editable ? (
                  <button
                    type="button"
                    className={styles.slot}
                    data-slot={key}
                    aria-pressed={selected}
                    aria-label={cellName(day, hour)}
                    onClick={(event) => {
                      // Pointer presses already toggled on pointerdown; detail 0 = keyboard.
                      if (event.detail === 0) toggle(key);
                    }}
                  />
                ) : (
                  <span className={styles.slot} data-selected={selected} role="img" aria-label={`${cellName(day, hour)} ${selected ? '가능' : '불가'}`} />
                )}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}
