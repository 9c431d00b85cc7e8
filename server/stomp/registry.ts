import { randomUUID } from 'node:crypto';

/** One SUBSCRIBE of one session; `session` is whatever delivers to it (the Session class). */
export interface Subscription<S> {
  id: string;
  destination: string;
  session: S;
}

/** Every open session of one STOMP server and its subscriptions by destination, for publish(). */
export class Registry<S> {
  readonly sessions = new Set<S>();
  readonly byDestination = new Map<string, Set<Subscription<S>>>();
  readonly idPrefix = randomUUID().slice(0, 8);
  private sessionSeq = 0;
  private messageSeq = 0;
  private idleWaiters: Array<() => void> = [];

  nextSessionId(): string {
    return `${this.idPrefix}-${++this.sessionSeq}`;
  }

  nextMessageId(): string {
    return `${this.idPrefix}-m${++this.messageSeq}`;
  }

  add(sub: Subscription<S>): void {
    let set = this.byDestination.get(sub.destination);
    if (!set) this.byDestination.set(sub.destination, (set = new Set()));
    set.add(sub);
  }

  remove(sub: Subscription<S>): void {
    const set = this.byDestination.get(sub.destination);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.byDestination.delete(sub.destination);
  }

  sessionClosed(session: S): void {
    this.sessions.delete(session);
    if (this.sessions.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  whenIdle(): Promise<void> {
    if (this.sessions.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
