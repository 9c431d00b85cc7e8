import type { FastifyInstance } from 'fastify';
import {
  chatMessagesPageSchema,
  chatMessagesQuerySchema,
  chatRoomPageSchema,
  chatRoomsQuerySchema,
  chatUnreadSchema,
  openChatRoomQuerySchema,
  openedChatRoomSchema,
  roomIdParamsSchema,
} from '../../../contract/chat';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { ok } from '../../lib/http';
import { okResponse, typed } from '../../lib/route-schemas';
import { chatRepo } from './repo';
import { chatService } from './service';

export interface ChatRoutesOptions {
  /** After a member left a room: their open sockets stop receiving it. */
  onLeft?(memberId: number, roomId: number): void;
  /** A room was opened (new, or re-opened for both): both members' chat lists hear of it. */
  onOpened?(roomId: number): void;
  /** After opening a room moved the member's read position: `event:read` / `event:room` go out. */
  onRead?(roomId: number, memberId: number, lastReadMessageId: string): void;
}

/** Contract section 7; registered inside the `/api` scope (member guard). */
export async function chatRoutes(api: FastifyInstance, ctx: AppContext, options: ChatRoutesOptions = {}): Promise<void> {
  const app = typed(api);
  const service = chatService(chatRepo(ctx.db), {
    onRead: options.onRead,
    onReadFailed: (err, roomId) => app.log.warn({ err, roomId }, 'chat: history read, but marking it read failed'),
  });

  app.get('/api/chatrooms', { schema: { querystring: chatRoomsQuerySchema, response: okResponse(chatRoomPageSchema) } }, async (request) => {
    const { page, size } = request.query;
    return ok(await service.list(currentMember(request).id, page, size));
  });

  app.get('/api/chatrooms/unread', { schema: { response: okResponse(chatUnreadSchema) } }, async (request) =>
    ok(await service.unread(currentMember(request).id)),
  );

  app.post('/api/chatrooms', { schema: { querystring: openChatRoomQuerySchema, response: okResponse(openedChatRoomSchema) } }, async (request) => {
    const opened = await service.open(currentMember(request).id, request.query.friendId);
    options.onOpened?.(opened.chatRoomId);
    return ok(opened);
  });

  app.patch('/api/chatrooms/:roomId', { schema: { params: roomIdParamsSchema, response: okResponse() } }, async (request) => {
    const { roomId } = request.params;
    const memberId = currentMember(request).id;
    await service.leave(memberId, roomId);
    options.onLeft?.(memberId, roomId);
    return ok();
  });

  app.get(
    '/api/chatrooms/:roomId/messages',
    { schema: { params: roomIdParamsSchema, querystring: chatMessagesQuerySchema, response: okResponse(chatMessagesPageSchema) } },
    async (request) => {
      const { size, cursor } = request.query;
      return ok(await service.messages(currentMember(request).id, request.params.roomId, size, cursor));
    },
  );
}
