import type { FastifyInstance } from 'fastify';
import {
  chatMessagesPageSchema,
  chatMessagesQuerySchema,
  chatRoomPageSchema,
  chatRoomsQuerySchema,
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
}

/** Contract section 7; registered inside the `/api` scope (member guard). */
export async function chatRoutes(api: FastifyInstance, ctx: AppContext, options: ChatRoutesOptions = {}): Promise<void> {
  const app = typed(api);
  const service = chatService(chatRepo(ctx.db));

  app.get('/api/chatrooms', { schema: { querystring: chatRoomsQuerySchema, response: okResponse(chatRoomPageSchema) } }, async (request) => {
    const { page, size } = request.query;
    return ok(await service.list(currentMember(request).id, page, size));
  });

  app.post('/api/chatrooms', { schema: { querystring: openChatRoomQuerySchema, response: okResponse(openedChatRoomSchema) } }, async (request) =>
    ok(await service.open(currentMember(request).id, request.query.friendId)),
  );

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
