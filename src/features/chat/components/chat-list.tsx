import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChatIcon } from '../../../components/ui/icons';
import { FirstLoad } from '../../../components/ui/first-load';
import { Spinner } from '../../../components/ui/spinner';
import { useChatRooms, type ChatRoom } from '../../../entities/chat-room';
import { useInView } from '../../../lib/use-in-view';
import { useLongPress } from '../hooks/use-long-press';
import { formatListTime } from '../model/time';
import { Avatar } from './avatar';
import * as styles from './chat-list.css';
import { LeaveRoomDialog } from './leave-room-dialog';

function ChatRoomRow({ room, onLongPress }: { room: ChatRoom; onLongPress: (room: ChatRoom) => void }) {
  const press = useLongPress(() => onLongPress(room));
  const time = formatListTime(room.lastMessageSentAt);
  return (
    <li>
      <Link
        to="/chatting/$id"
        params={{ id: room.roomId }}
        state={{
          chatFriend: {
            ...(room.friendId ? { friendId: room.friendId } : {}),
            name: room.friendName,
            department: room.friendDepartment ?? null,
            imageUrl: room.friendImageUrl ?? null,
          },
        }}
        // Fetching a room's messages marks them read: only opening the room may do that, not a
        // touch that turns into a long press.
        preload={false}
        className={styles.row}
        aria-keyshortcuts="Shift+F10"
        {...press}
      >
        <Avatar src={room.friendImageUrl} size="lg" />
        <span className={styles.body}>
          <span className={styles.name}>
            {room.friendName}
            {room.friendDepartment ? <span className={styles.department}>{room.friendDepartment}</span> : null}
          </span>
          <span className={styles.lastMessage}>{room.lastMessage ?? ''}</span>
        </span>
        <span className={styles.meta}>
          {time ? <span className={styles.time}>{time}</span> : null}
          {room.unreadCount ? (
            <span className={styles.unread} aria-label={`안 읽은 메시지 ${room.unreadCount}개`}>
              {room.unreadCount > 99 ? '99+' : room.unreadCount}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** Spec "Chat list": infinite list, long press (or the context menu) → leave the room. */
export function ChatList() {
  const rooms = useChatRooms();
  const [leaving, setLeaving] = useState<ChatRoom | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const sentinelVisible = useInView(sentinel, undefined, '200px');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rooms;

  useEffect(() => {
    if (sentinelVisible && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [sentinelVisible, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (rooms.isPending) return <FirstLoad query={rooms} />;
  if (rooms.isError) {
    return (
      <div className={styles.status} role="alert">
        <p className={styles.errorText}>채팅 목록을 불러오지 못했어요.</p>
        <Button variant="secondary" size="md" onClick={() => void rooms.refetch()}>
          다시 시도
        </Button>
      </div>
    );
  }

  // A room can move between pages while the list refetches; show it once.
  const seen = new Set<number>();
  const all = rooms.data.pages.flatMap((page) => page.data).filter((room) => !seen.has(room.roomId) && seen.add(room.roomId));
  if (all.length === 0) return <EmptyState icon={<ChatIcon size={40} />} title="아직 채팅이 없어요" />;

  return (
    <>
      <ul className={styles.list} aria-label="채팅방 목록" aria-busy={rooms.isFetching}>
        {all.map((room) => (
          <ChatRoomRow key={room.roomId} room={room} onLongPress={setLeaving} />
        ))}
      </ul>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {isFetchingNextPage ? <Spinner /> : null}
      <LeaveRoomDialog roomId={leaving?.roomId ?? null} onClose={() => setLeaving(null)} />
    </>
  );
}
