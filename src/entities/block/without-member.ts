/**
 * Removes a member from cached lists of member cards whatever their shape: an array of cards
 * (`{ memberId }`), a page (`{ data: cards }`) or infinite pages (`{ pages: [...] }`). Used on the
 * caches the caller names right after a block, so the member is gone from the screens at once,
 * before the refetch the invalidation starts has answered.
 */
export function withoutMember(data: unknown, memberId: number): unknown {
  if (Array.isArray(data)) {
    const kept = data.filter((item) => !(typeof item === 'object' && item !== null && (item as { memberId?: unknown }).memberId === memberId));
    return kept.length === data.length ? data : kept;
  }
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.pages)) {
    const pages = record.pages.map((page) => withoutMember(page, memberId));
    return pages.every((page, i) => page === (record.pages as unknown[])[i]) ? data : { ...record, pages };
  }
  if (Array.isArray(record.data)) {
    const list = withoutMember(record.data, memberId);
    return list === record.data ? data : { ...record, data: list };
  }
  return data;
}
