import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { fcmSender, type PushSender } from './sender';
import { pushService, type PushOutcome, type PushService } from './service';

export type { PushOutcome, PushService } from './service';
export type { MessagingLike, PushResult, PushSender } from './sender';
export { fcmSenderFrom } from './sender';

interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** The sender: injected (tests), FCM when configured, otherwise none (push off). */
export async function createPush(db: Db, config: Config, log: Logger, injected?: PushSender, onOutcome?: (outcome: PushOutcome) => void): Promise<PushService> {
  let sender = injected;
  if (!sender && config.FIREBASE_SERVICE_ACCOUNT) {
    try {
      sender = await fcmSender(config.FIREBASE_SERVICE_ACCOUNT);
    } catch (error) {
      // A broken credential must not stop the server: in-app notifications still work.
      log.error({ err: error }, 'FIREBASE_SERVICE_ACCOUNT could not be loaded');
    }
  }
  return pushService(db, sender, log, onOutcome);
}

/** The part of the chat module's push event this adapter reads (server/modules/chat/socket.ts). */
export interface ChatPushEventLike {
  recipientId: number;
  senderId: number;
  roomId: number;
  message: { content: string };
}

/**
 * An adapter for the chat module's optional push hook: a message for someone with no socket on
 * the room becomes a push that opens the room. De-duplicated like every push (one per sender and
 * 5 minutes), so a burst of messages rings once.
 */
export function chatPushHook(service: PushService): (event: ChatPushEventLike) => void {
  return (event) => {
    const text = [...event.message.content];
    void service.notifyPush(event.recipientId, {
      type: 'CHAT_MESSAGE',
      title: '새 메시지가 도착했어요',
      body: text.length > 100 ? `${text.slice(0, 99).join('')}…` : event.message.content,
      senderId: event.senderId,
      url: `/chatting/${event.roomId}`,
    });
  };
}
