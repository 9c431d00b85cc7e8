import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** What a push provider answers for one device (contract section 12). */
import type { PushResult } from '../../lib/push';

export type { PushResult };

/** Sends one data-only message to one device token. Implementations never throw. */
export interface PushSender {
  send(token: string, data: Record<string, string>): Promise<PushResult>;
}

/** The part of firebase-admin's Messaging we use (a fake in tests). */
export interface MessagingLike {
  send(message: { token: string; data: Record<string, string>; android?: unknown; webpush?: unknown; apns?: unknown }): Promise<string>;
}

/** FCM error codes after which the token is dead and must be forgotten. */
const DEAD_TOKEN = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

export function fcmSenderFrom(messaging: MessagingLike): PushSender {
  return {
    async send(token, data) {
      try {
        await messaging.send({
          token,
          // Data-only: the service worker always shows the notification itself.
          data,
          android: { priority: 'high' },
          webpush: { headers: { Urgency: 'high', TTL: String(24 * 3600) } },
          apns: { headers: { 'apns-priority': '10' }, payload: { aps: { contentAvailable: true } } },
        });
        return 'ok';
      } catch (error) {
        const code = (error as { code?: unknown; errorInfo?: { code?: unknown } }).code ?? (error as { errorInfo?: { code?: unknown } }).errorInfo?.code;
        return typeof code === 'string' && DEAD_TOKEN.has(code) ? 'unregistered' : 'failed';
      }
    },
  };
}

/** `FIREBASE_SERVICE_ACCOUNT` is the JSON itself or a path to it. */
export function readServiceAccount(value: string): Record<string, unknown> {
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  const parsed = JSON.parse(text) as unknown;
  if (typeof parsed !== 'object' || parsed === null) throw new Error('FIREBASE_SERVICE_ACCOUNT is not a JSON object');
  return parsed as Record<string, unknown>;
}

/** firebase-admin is loaded only when push is configured (it is large). */
export async function fcmSender(serviceAccount: string): Promise<PushSender> {
  const account = readServiceAccount(serviceAccount);
  const { cert, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  // A named app per server instance, so several apps in one process (tests) do not collide.
  const app = initializeApp({ credential: cert(account as Parameters<typeof cert>[0]) }, `lunchchat-${randomUUID()}`);
  return fcmSenderFrom(getMessaging(app) as unknown as MessagingLike);
}
