import type { ChatMessagesPage, ChatRoomPage, ChatUnread, OpenedChatRoom } from '../../../contract/chat';
import { AppError } from '../../lib/http';
import { decodeCursor, encodeCursor, seoulHourMinute, seoulIso, toChatMessage, unreadFor } from './message';
import type { ChatRepo, RoomAccess, RoomReadState } from './repo';

export interface ChatServiceHooks {
  /** A member's read position moved (REST read): `event:read` and `event:room` go out. */
  onRead?(roomId: number, memberId: number, lastReadMessageId: string): void;
  /** Marking read failed after the history was read; the history is answered anyway. */
  onReadFailed?(err: unknown, roomId: number): void;
}

/** The other member of a room, if `memberId` is a participant who has not left. */
export function friendOf(room: RoomAccess, memberId: number): number | undefined {
  // A block either way: the room is gone for both (section 15), as if they had left it.
  if (room.blocked) return undefined;
  if (room.memberA === memberId && !room.aLeft) return room.memberB;
  if (room.memberB === memberId && !room.bLeft) return room.memberA;
  return undefined;
}

export function chatService(repo: ChatRepo, hooks: ChatServiceHooks = {}) {
  /** 404 for a room that does not exist, 403 for one the caller is not (or no longer) in. */
  async function joinedRoom(roomId: number, memberId: number): Promise<{ room: RoomReadState; friendId: number }> {
    const room = await repo.room(roomId);
    if (!room) throw new AppError('CHAT_404');
    const friendId = friendOf(room, memberId);
    if (friendId === undefined) throw new AppError('CHAT_403');
    return { room, friendId };
  }

  return {
    joinedRoom,

    async list(memberId: number, page: number, size: number): Promise<ChatRoomPage> {
      const [totalItems, rooms] = await Promise.all([repo.countRooms(memberId), repo.listRooms(memberId, size, page * size)]);
      const totalPages = Math.ceil(totalItems / size);
      return {
        data: rooms.map(({ lastMessageMs, ...room }) => ({
          ...room,
          lastMessageSentAt: lastMessageMs === null ? null : seoulHourMinute(lastMessageMs),
          lastMessageAt: lastMessageMs === null ? null : seoulIso(lastMessageMs),
        })),
        meta: { currentPage: page, pageSize: size, totalItems, totalPages, hasNext: page + 1 < totalPages },
      };
    },

    async unread(memberId: number): Promise<ChatUnread> {
      return { unreadCount: (await repo.unreadTotals([memberId])).get(memberId) ?? 0 };
    },

    async open(memberId: number, friendId: number): Promise<OpenedChatRoom> {
      if (friendId === memberId) throw new AppError('CHAT_400');
      const friend = await repo.friend(friendId);
      if (!friend) throw new AppError('USER_404');
      if (!(await repo.hasAcceptedMatch(memberId, friendId)) || (await repo.blockedBetween(memberId, friendId))) throw new AppError('CHAT_403');
      const room = await repo.openRoom(memberId, friendId);
      return {
        chatRoomId: room.id,
        starterId: room.starterId,
        friendName: friend.membername ?? friend.accountName,
        friendDepartment: friend.department ?? '',
      };
    },

    async leave(memberId: number, roomId: number): Promise<void> {
      const outcome = await repo.leave(roomId, memberId);
      if (outcome !== 'not-participant') return;
      throw new AppError((await repo.room(roomId)) ? 'CHAT_403' : 'CHAT_404');
    },

    async messages(memberId: number, roomId: number, size: number, cursor: string | undefined): Promise<ChatMessagesPage> {
      const beforeId = cursor === undefined || cursor === '' ? undefined : decodeCursor(cursor);
      if (cursor && beforeId === undefined) throw new AppError('CHAT_400_CURSOR');
      const { room, friendId } = await joinedRoom(roomId, memberId);
      const rows = await repo.messages(roomId, beforeId, size + 1);
      const hasNext = rows.length > size;
      const page = hasNext ? rows.slice(0, size) : rows;
      // Reading must not need a write (a full disk, a read-only replica): marking read is best-effort,
      // after the history is in hand (contract section 17).
      try {
        const readId = await repo.markRead(roomId, memberId);
        if (readId !== undefined) hooks.onRead?.(roomId, memberId, readId);
      } catch (err) {
        hooks.onReadFailed?.(err, roomId);
      }
      return {
        userId: memberId,
        friendId,
        data: page.map((row) => toChatMessage(row, unreadFor(row, room))),
        meta: { pageSize: size, hasNext, nextCursor: hasNext ? encodeCursor(page[page.length - 1]!.id) : null },
        // Decision 0060: the room says so and the composer gives way to a notice.
        friendLeft: room.memberA === memberId ? room.bLeft : room.aLeft,
      };
    },
  };
}
