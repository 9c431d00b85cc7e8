/**
 * Device push as every module sees it (contract section 12): the push module implements it, app.ts
 * puts it on the AppContext (`ctx.push`), and a module that notifies someone calls
 * `ctx.push.notifyPush(...)` after its transaction has committed, without importing the push module.
 */

/** A push for one member; `senderMembername` is looked up by the push service. */
export interface PushMessage {
  type: string;
  title: string;
  body: string;
  senderId: number;
  /** The PWA route to open on click, e.g. `/matching?selectTab=RECEIVED`. */
  url: string;
}

/** What one device send came to. */
export type PushResult = 'ok' | 'unregistered' | 'failed';

export type PushOutcome = PushResult | 'off' | 'no-token' | 'duplicate';

export interface PushService {
  readonly enabled: boolean;
  /**
   * Sends after the caller's transaction has committed; never throws, never blocks a request
   * (call it without awaiting). The same (recipient, type, sender) is pushed at most once per
   * 5 minutes; a dead token is removed from the member.
   */
  notifyPush(recipientId: number, message: PushMessage): Promise<PushOutcome>;
  /** Resolves when every push started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * The same push service that also tells `tell(recipientId, type, body)` about every message it is
 * handed, before the push's own once-per-5-minutes rule: the member queue's `event:notification`
 * (contract section 17, extension), which an open app needs each time. Callers hand a message
 * over after their commit, so the event never announces something a fetch cannot see yet.
 */
export function tellingPush(push: PushService, tell: (recipientId: number, type: string, content: string) => void): PushService {
  return {
    get enabled() {
      return push.enabled;
    },
    notifyPush(recipientId, message) {
      tell(recipientId, message.type, message.body);
      return push.notifyPush(recipientId, message);
    },
    idle: () => push.idle(),
  };
}
