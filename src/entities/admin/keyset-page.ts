/**
 * The console's paged lists (기록, 회원; contract section 16's extension) answer `{ entries, hasNext }`
 * and take the next page after the last row of this one: its cursor, as the list names it.
 */
export const afterLastEntry =
  <T, C>(cursorOf: (entry: T) => C) =>
  (page: { entries: T[]; hasNext: boolean }): C | undefined => {
    const last = page.entries.at(-1);
    return page.hasNext && last !== undefined ? cursorOf(last) : undefined;
  };
