/**
 * "Is this member watching this room on some instance?" — decides whether a chat message also
 * needs a push notification. Sessions enter when they subscribe to a room and leave when they end.
 */
export interface Presence {
  enter(memberId: number, roomId: number): void;
  leave(memberId: number, roomId: number): void;
  isPresent(memberId: number, roomId: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Reference counts of this instance's sessions per (member, room). */
export class LocalCounts {
  private readonly counts = new Map<string, number>();

  static key(memberId: number, roomId: number): string {
    return `${memberId}:${roomId}`;
  }

  /** True when this is the first local session for the pair. */
  increment(memberId: number, roomId: number): boolean {
    const key = LocalCounts.key(memberId, roomId);
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n === 1;
  }

  /** True when the last local session for the pair is gone. */
  decrement(memberId: number, roomId: number): boolean {
    const key = LocalCounts.key(memberId, roomId);
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(key, n);
      return false;
    }
    const had = this.counts.delete(key);
    return had;
  }

  has(memberId: number, roomId: number): boolean {
    return this.counts.has(LocalCounts.key(memberId, roomId));
  }

  keys(): IterableIterator<string> {
    return this.counts.keys();
  }
}

export function localPresence(): Presence {
  const counts = new LocalCounts();
  return {
    enter: (memberId, roomId) => void counts.increment(memberId, roomId),
    leave: (memberId, roomId) => void counts.decrement(memberId, roomId),
    isPresent: async (memberId, roomId) => counts.has(memberId, roomId),
    async close() {},
  };
}
