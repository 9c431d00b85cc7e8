import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import type { PushMessage, PushOutcome, PushService } from '../../lib/push';
import type { PushSender } from './sender';

export type { PushOutcome, PushService } from '../../lib/push';

interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

const PUSH_DEDUP_SECONDS = 5 * 60;

export function pushService(db: Db, sender: PushSender | undefined, log: Logger, onOutcome?: (outcome: PushOutcome) => void): PushService {
  const inFlight = new Set<Promise<unknown>>();
  if (!sender) log.info('push is off (FIREBASE_SERVICE_ACCOUNT not set): in-app notifications only');

  async function deliver(recipientId: number, message: PushMessage): Promise<PushOutcome> {
    if (!sender) return 'off';
    const [recipient] = await db.select({ token: members.fcmToken }).from(members).where(eq(members.id, recipientId)).limit(1);
    const token = recipient?.token;
    if (!token) return 'no-token';
    // One row per (recipient, type, sender): claimed again only when the last push is old enough.
    const claimed = (await db.execute(sql`
      insert into push_log (recipient_id, type, sender_id, sent_at) values (${recipientId}, ${message.type}, ${message.senderId}, now())
      on conflict (recipient_id, type, sender_id) do update set sent_at = excluded.sent_at
        where push_log.sent_at < now() - make_interval(secs => ${PUSH_DEDUP_SECONDS})
      returning 1 as claimed`)) as unknown as { rows: unknown[] };
    if (claimed.rows.length === 0) return 'duplicate';
    const [sender_] = await db
      .select({ name: sql<string>`coalesce(${members.membername}, ${members.accountName})` })
      .from(members)
      .where(eq(members.id, message.senderId))
      .limit(1);
    const result = await sender.send(token, {
      title: message.title,
      body: message.body,
      type: message.type,
      senderId: String(message.senderId),
      senderMembername: sender_?.name ?? '',
      url: message.url,
    });
    if (result === 'unregistered') {
      // Only if it is still the same token (the device may have registered a new one meanwhile).
      await db
        .update(members)
        .set({ fcmToken: null })
        .where(and(eq(members.id, recipientId), eq(members.fcmToken, token)));
    }
    if (result === 'failed') log.warn({ recipientId, type: message.type }, 'push failed');
    return result;
  }

  return {
    enabled: Boolean(sender),
    notifyPush(recipientId, message) {
      const run = deliver(recipientId, message)
        .catch((error: unknown) => {
          log.warn({ err: error, recipientId, type: message.type }, 'push failed');
          return 'failed' as const;
        })
        .then((outcome) => {
          onOutcome?.(outcome);
          return outcome;
        });
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
      return run;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
