import { onlineManager } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChatIcon } from '../../../components/ui/icons';
import { FirstLoad } from '../../../components/ui/first-load';
import { Spinner } from '../../../components/ui/spinner';
import { useChatRooms, useOpenChatRoom, type ChatRoom } from '../../../entities/chat-room';
import { useMatches } from '../../../entities/match';
import { useInView } from '../../../lib/use-in-view';
import { useWaitingForNetwork } from '../../../lib/online-status';
import { showToast } from '../../../lib/toast';
import { visuallyHidden } from '../../../styles/a11y.css';
import { useLongPress } from '../hooks/use-long-press';
import { useNow } from '../../../lib/use-now';
import { formatListInstant, formatRoomTime } from '../model/time';
import type { LocalMessage } from '../model/timeline';
import { getOutbox } from '../outbox/outbox';
import { Avatar } from './avatar';
import { ClockIcon } from './chat-icons';
import * as styles from './chat-list.css';
import { LeaveRoomDialog } from './leave-room-dialog';

/**
 * The room's newest message still in the outbox (waiting for the network, or refused). KakaoTalk
 * lists what the student just wrote, not the last line the server has: typed offline, the row
 * kept showing the message before it, as if nothing had been written.
 */
function useUnsent(roomId: number): LocalMessage | undefined {
  const outbox = getOutbox();
  const local = useSyncExternalStore(
    useCallback((listener) => outbox.subscribe(listener), [outbox]),
    () => outbox.roomSnapshot(roomId),
  );
  return local.findLast((message) => message.status !== 'sent');
}

/** A room opened (채팅하기) with nothing said yet: its row asks for a first word, not an empty line. */
const NO_MESSAGE_YET = '아직 대화가 없어요. 먼저 인사해 보세요';

function ChatRoomRow({ room, now, onLongPress }: { room: ChatRoom; now: number; onLongPress: (room: ChatRoom) => void }) {
  const press = useLongPress(() => onLongPress(room));
  const unsent = useUnsent(room.roomId);
  const unsentAt = unsent ? Date.parse(unsent.createdAt) : Number.NaN;
  const time = Number.isNaN(unsentAt) ? formatRoomTime(room, now) : formatListInstant(unsentAt, now);
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
          <span className={styles.lastMessage}>
            {unsent?.status === 'failed' ? (
              <span className={styles.unsentFailed}>전송 실패 </span>
            ) : unsent ? (
              <span className={styles.unsentPending}>
                <ClockIcon size={14} />
                <span className={visuallyHidden}>전송 중 </span>
              </span>
            ) : null}
            {unsent ? unsent.content : room.lastMessage || NO_MESSAGE_YET}
          </span>
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

interface NewFriend {
  id: number;
  name: string;
  department: string;
  imageUrl: string | null;
}

const OPEN_ERROR = '요청 중 오류가 발생했어요';
const OPEN_OFFLINE = '오프라인이라 채팅방을 열 수 없어요';

/** A matched friend with no room yet: a tap opens the room the way the profile's 채팅하기 does. */
function NewFriendRow({ friend }: { friend: NewFriend }) {
  const navigate = useNavigate();
  const open = useOpenChatRoom();
  const onOpen = () => {
    // Offline the request would wait unseen and, once back, jump into the room on its own.
    if (!onlineManager.isOnline()) {
      showToast(OPEN_OFFLINE, '연결되면 다시 눌러 주세요.');
      return;
    }
    open.mutate(friend.id, {
      onSuccess: (room) => {
        void navigate({
          to: '/chatting/$id',
          params: { id: room.chatRoomId },
          state: {
            name: friend.name,
            department: friend.department,
            image: friend.imageUrl,
            chatFriend: { friendId: friend.id, name: friend.name, department: friend.department, imageUrl: friend.imageUrl },
          },
        });
      },
      onError: (error) => {
        console.error('opening the chat room failed', error);
        showToast(OPEN_ERROR);
      },
    });
  };
  return (
    <li>
      <button type="button" className={styles.buttonRow} onClick={onOpen} disabled={open.isPending} aria-busy={open.isPending}>
        <Avatar src={friend.imageUrl} size="lg" />
        <span className={styles.body}>
          <span className={styles.name}>
            {friend.name}
            {friend.department ? <span className={styles.department}>{friend.department}</span> : null}
          </span>
          <span className={styles.lastMessage}>매칭됐어요! 먼저 인사해 보세요</span>
        </span>
        <span className={styles.startChat} aria-hidden="true">
          채팅하기
        </span>
      </button>
    </li>
  );
}

/** Spec "Chat list": infinite list, long press (or the context menu) → leave the room. */
export function ChatList() {
  const rooms = useChatRooms();
  // Spec "Chat list" + decision 0056: a match makes no room; its friend waits here until one exists.
  const matches = useMatches('ACCEPTED');
  const matchesWaiting = useWaitingForNetwork(matches);
  const [leaving, setLeaving] = useState<ChatRoom | null>(null);
  // One clock for every row: 오늘 becomes 어제 at midnight while the list is open (decision 0060).
  const now = useNow(60_000);
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
  const withRoom = new Set(all.map((room) => room.friendId));
  const newFriends: NewFriend[] = [];
  for (const item of matches.data?.pages.flatMap((page) => page.data) ?? []) {
    const user = item.matchedUser;
    if (withRoom.has(user.id)) continue;
    withRoom.add(user.id);
    newFriends.push({ id: user.id, name: user.memberName, department: user.department, imageUrl: user.profileImageUrl });
  }

  if (all.length === 0 && newFriends.length === 0) {
    // No rooms yet: wait for the matches before saying so (unless they cannot load now).
    if (matches.isPending && !matchesWaiting) return <Spinner />;
    return (
      <EmptyState
        icon={<ChatIcon size={40} />}
        title="아직 채팅이 없어요"
        text="런치챗이 수락되면 여기서 채팅할 수 있어요."
        action={
          // No rooms and no matches: 매칭 완료 would be empty too; the friends to ask are on home.
          <Link to="/" className={styles.emptyLink}>
            친구 찾아보기
          </Link>
        }
      />
    );
  }

  return (
    <>
      {newFriends.length > 0 ? (
        <section aria-labelledby="chat-new-friends" className={all.length > 0 ? styles.newFriends : undefined}>
          <h2 id="chat-new-friends" className={styles.sectionTitle}>
            새로 매칭된 친구
          </h2>
          <ul className={styles.list} aria-label="새로 매칭된 친구">
            {newFriends.map((friend) => (
              <NewFriendRow key={friend.id} friend={friend} />
            ))}
          </ul>
        </section>
      ) : null}
      {all.length > 0 ? (
        <ul className={styles.list} aria-label="채팅방 목록" aria-busy={rooms.isFetching}>
          {all.map((room) => (
            <ChatRoomRow key={room.roomId} room={room} now={now} onLongPress={setLeaving} />
          ))}
        </ul>
      ) : null}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {isFetchingNextPage ? <Spinner /> : null}
      <LeaveRoomDialog roomId={leaving?.roomId ?? null} onClose={() => setLeaving(null)} />
    </>
  );
}
