import { slotHours, slotKey, hourLabel } from '../../../contract/timetable-values';
import type { Slot } from '../../../contract/timetable';

/**
 * Whether an edit page's values are still what it loaded, so leaving asks only when something
 * would be lost. Tags and cells compare as sets: picking a tag off and on again, or a stored
 * 12:00–14:00 slot the grid reports as two one-hour cells, is no change.
 */
export function sameTopics(a: readonly string[], b: readonly string[]): boolean {
  return sameSet(new Set(a), new Set(b));
}

export function sameTimetable(a: readonly Slot[], b: readonly Slot[]): boolean {
  return sameSet(hourCells(a), hourCells(b));
}

function hourCells(slots: readonly Slot[]): Set<string> {
  const cells = new Set<string>();
  for (const slot of slots) {
    for (const hour of slotHours(slot) ?? []) cells.add(slotKey({ dayOfWeek: slot.dayOfWeek, startTime: hourLabel(hour) }));
  }
  return cells;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}
