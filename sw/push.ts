/**
 * Push messages (contract section 12): FCM data-only `{ title, body, type, senderId,
 * senderMembername, url }`. FCM web delivers `{ data: {...}, from, fcmMessageId, ... }`; a bare
 * object with the same fields is accepted too. Pure functions, unit-tested with fakes.
 */
export interface PushMessage {
  title: string;
  body: string;
  type: string;
  senderId: string | null;
  senderMembername: string | null;
  url: string;
}

interface NotificationData {
  url: string;
  type: string;
  senderId: string | null;
}

const DEFAULT_TITLE = '런치챗';
const NOTIFICATION_ICON = '/pwa-192x192.png';
const NOTIFICATION_BADGE = '/pwa-192x192.png';

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Only paths of this app: anything else (another origin, `javascript:`) opens the home page. */
export function safeUrl(raw: string | null, origin: string): string {
  if (!raw) return '/';
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The event's JSON (already parsed, or its text) → the message; null when nothing usable. */
export function parsePushPayload(payload: unknown, origin: string): PushMessage | null {
  let value = payload;
  if (typeof payload === 'string') {
    try {
      value = JSON.parse(payload) as unknown;
    } catch {
      const body = payload.trim();
      return body ? { title: DEFAULT_TITLE, body, type: 'GENERIC', senderId: null, senderMembername: null, url: '/' } : null;
    }
  }
  const outer = record(value);
  if (!outer) return null;
  const data = record(outer.data) ?? outer;
  const notification = record(outer.notification);
  const title = text(data.title) ?? text(notification?.title) ?? DEFAULT_TITLE;
  const body = text(data.body) ?? text(notification?.body) ?? '';
  if (!text(data.title) && !body) return null;
  return {
    title,
    body,
    type: text(data.type) ?? 'GENERIC',
    senderId: text(data.senderId),
    senderMembername: text(data.senderMembername),
    url: safeUrl(text(data.url) ?? text(record(outer.fcmOptions)?.link), origin),
  };
}

/** What `showNotification` gets: one notification per type (a newer one replaces it, and re-alerts). */
export function notificationFor(message: PushMessage): { title: string; options: NotificationOptions & { renotify?: boolean } } {
  const data: NotificationData = { url: message.url, type: message.type, senderId: message.senderId };
  return {
    title: message.title,
    options: {
      body: message.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      tag: `lunchchat-${message.type}`,
      renotify: true,
      lang: 'ko',
      data,
    },
  };
}

export interface ClientLike {
  url: string;
  focused?: boolean;
  visibilityState?: string;
}

export type ClickTarget<C> = { action: 'focus'; client: C; url: string; navigate: boolean } | { action: 'open'; url: string };

/**
 * Where a notification click goes: a window of the app already on that url is focused; otherwise
 * the best open window (focused, then visible, then any) is focused and navigated there; with no
 * window a new one opens.
 */
export function clickTarget<C extends ClientLike>(data: unknown, clients: readonly C[], origin: string): ClickTarget<C> {
  const url = safeUrl(text(record(data)?.url), origin);
  const absolute = new URL(url, origin).href;
  const ours = clients.filter((client) => {
    try {
      return new URL(client.url).origin === origin;
    } catch {
      return false;
    }
  });
  const exact = ours.find((client) => client.url === absolute);
  if (exact) return { action: 'focus', client: exact, url, navigate: false };
  const best = ours.find((c) => c.focused) ?? ours.find((c) => c.visibilityState === 'visible') ?? ours[0];
  if (best) return { action: 'focus', client: best, url, navigate: true };
  return { action: 'open', url };
}

/** The message the worker posts to open windows, so a visible page can show its toast. */
export const PUSH_RECEIVED = 'PUSH_RECEIVED';

/**
 * A chat push for the room a visible window already shows (contract section 17): the message is on
 * screen, so no system notification. Only chat rooms (`/chatting/{id}`) are silenced this way.
 */
export function shownInVisibleRoom(message: Pick<PushMessage, 'url'>, clients: readonly ClientLike[], origin: string): boolean {
  const target = new URL(message.url, origin);
  if (!/^\/chatting\/\d+$/.test(target.pathname)) return false;
  return clients.some((client) => {
    if (client.visibilityState !== 'visible') return false;
    try {
      const url = new URL(client.url);
      return url.origin === origin && url.pathname === target.pathname;
    } catch {
      return false;
    }
  });
}
