/**
 * When the open room tells the server it has read the friend's messages (SEND /pub/read, contract
 * section 17). A burst is acknowledged with one read READ_QUIET_MS after its last message; a stream
 * with no such pause is acknowledged at least every READ_MAX_DELAY_MS, so the friend's `1`s go
 * within a second even while messages keep coming (a plain debounce never read during a stream).
 * A stream's first report waits a random part of that second (at least READ_QUIET_MS): streams that
 * began together would otherwise read together every second, for as long as they last. In
 * bench/chat.ts's 100 pairs, whose streams begin within 100 ms, 100 reads landed in the same ~100 ms
 * each second: the 100-pair p99 was 11–12 ms above the app's before section 17 on both databases.
 * With the random phase it was +1.45 ms on PGlite and +4.35 ms on PostgreSQL (32 rounds each), for
 * 0.7 % more reads (decision 0040).
 * Plain timers and no React: bench/chat.ts and bench/load.ts run this same schedule for their
 * simulated students. Hand-written (about twenty lines): TanStack Pacer's debouncer has no max wait by
 * design, and its throttle waits the full interval after a lone message (decision 0034).
 */
export const READ_QUIET_MS = 300;
export const READ_MAX_DELAY_MS = 1000;

export class ReadReporter {
  /** The newest message seen and not yet reported. */
  private newest: string | undefined;
  /** When the oldest message not yet reported was seen. */
  private firstSeenAt = 0;
  /** When the newest one was. */
  private lastSeenAt = 0;
  /**
   * When the last report went, if it went because a stream reached its longest wait: a message
   * within READ_QUIET_MS of it continues that stream, and keeps its phase.
   */
  private streamReportAt = Number.NEGATIVE_INFINITY;
  /** The longest wait of the current report: READ_MAX_DELAY_MS, or less for a stream's first. */
  private maxDelay = READ_MAX_DELAY_MS;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly report: (lastReadMessageId: string) => void,
    /** False while the room is not on screen: nothing is reported until resume(). */
    private readonly canReport: () => boolean = () => true,
    /** [0, 1): the phase of a stream's first report. */
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * A message of the friend's arrived in the open room. The timer is not moved here: it is checked
   * when it fires, so a stream of 10 messages a second arms about one timer a report instead of one
   * per message (a CPU profile of bench/chat.ts's client put clearing and arming one per message at
   * ~3 µs of each of the 100 pairs' messages, decision 0039).
   */
  seen(messageId: string): void {
    const now = performance.now();
    if (this.newest === undefined) {
      this.firstSeenAt = now;
      // A lone message is read after the quiet pause either way; only a stream meets this bound.
      this.maxDelay = now - this.streamReportAt < READ_QUIET_MS ? READ_MAX_DELAY_MS : READ_QUIET_MS + this.random() * (READ_MAX_DELAY_MS - READ_QUIET_MS);
    }
    this.newest = messageId;
    this.lastSeenAt = now;
    if (this.timer === undefined) this.arm(now);
  }

  /** The room is on screen again: what arrived meanwhile is reported (at once when long due). */
  resume(): void {
    if (this.newest === undefined) return;
    this.cancel();
    this.arm(performance.now());
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** When what is seen is due: a quiet pause after the newest, or the longest wait after the oldest. */
  private dueAt(): number {
    return Math.min(this.lastSeenAt + READ_QUIET_MS, this.firstSeenAt + this.maxDelay);
  }

  private arm(now: number): void {
    this.timer = setTimeout(() => this.fire(), Math.max(0, this.dueAt() - now));
  }

  private fire(): void {
    this.timer = undefined;
    const id = this.newest;
    if (id === undefined) return;
    // A message came after the timer was armed: not quiet yet (timers count whole milliseconds).
    const now = performance.now();
    if (this.dueAt() - now >= 1) return this.arm(now);
    if (!this.canReport()) return;
    this.newest = undefined;
    // Due by the longest wait, not by a quiet pause: messages were still coming.
    this.streamReportAt = this.firstSeenAt + this.maxDelay < this.lastSeenAt + READ_QUIET_MS ? now : Number.NEGATIVE_INFINITY;
    this.report(id);
  }
}
