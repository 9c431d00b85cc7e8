import { randomUUID } from 'node:crypto';

/** One SUBSCRIBE of one session; `session` is whatever delivers to it (the Session class). */
export interface Subscription<S> {
  id: string;
  /** As the client subscribed it; MESSAGE frames carry it. */
  destination: string;
  /** What publish() looks it up by: the destination, or what authorizeSubscribe resolved it to. */
  route: string;
  session: S;
  /** Drops the route interest this subscription holds (StompServerOptions.routeInterest). */
  release?: () => void;
}

/** Every open session of one STOMP server and its subscriptions by route, for publish(). */
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
    let set = this.byDestination.get(sub.route);
    if (!set) this.byDestination.set(sub.route, (set = new Set()));
    set.add(sub);
  }

  remove(sub: Subscription<S>): void {
    const set = this.byDestination.get(sub.route);
    if (!set?.delete(sub)) return;
    if (set.size === 0) this.byDestination.delete(sub.route);
    sub.release?.();
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
