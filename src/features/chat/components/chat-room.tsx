import { useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { BackButton } from '../../../components/ui/header';
import { FirstLoad } from '../../../components/ui/first-load';
import { MAX_MESSAGE_CHARS, normalizeSendContent } from '../../../../contract/stomp-values';
import { useMessages } from '../../../entities/chat-room';
import { useChatRoom } from '../hooks/use-chat-room';
import { useLockPageScroll, useVisualViewport } from '../hooks/use-visual-viewport';
import type { ChatFriend } from '../model/friend';
import { buildRows, mergeTimeline } from '../model/timeline';
import { Avatar } from './avatar';
import { SendIcon } from './chat-icons';
import * as styles from './chat-room.css';
import { MessageList } from './message-list';
import { MessageMenu, type MessageMenuTarget } from './message-menu';

interface ChatRoomProps {
  roomId: number;
  /** Resolved by the route with `useChatFriend`; null until the room list knows who it is. */
  friend: ChatFriend | null;
  onBack(): void;
  onOpenProfile(friendId: number): void;
  /** The header's menu, composed by the route (e.g. the safety feature's 신고하기 / 차단하기). */
  menu?: (friend: { friendId: number; name: string } | null) => ReactNode;
  /** 신고하기 in a friend's message's long-press menu. */
  onReportMessage?(senderId: number, message: { messageId: string; content: string }): void;
  /** Pinned under the header once the friend is known (the meetup card or "약속 잡기", composed by the route). */
  pinned?: (friend: { id: number; name: string }) => ReactNode;
}

/** A phone's touch screen: its keyboard has no Shift+Enter, so Enter must be the line break there. */
const coarsePointer = () => window.matchMedia?.('(pointer: coarse)').matches ?? false;

/** The counter shows from here on (90 % of the limit), so a long text does not hit the limit unannounced. */
const COUNTER_FROM = MAX_MESSAGE_CHARS * 0.9;
const formatCount = (n: number) => n.toLocaleString('ko-KR');
const OVER_LIMIT_TEXT = `${formatCount(MAX_MESSAGE_CHARS)}자까지 보낼 수 있어요`;

function Composer({ onSend, onTyping }: { onSend(content: string): Promise<void>; onTyping(): void }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim().length === 0;
  // Counted as the outbox and the server count (contract section 8): what would be sent, trimmed.
  // Nothing typed or pasted is ever cut (no maxLength, decision 0056): over the limit the text
  // stays, says so, and cannot be sent until the student shortens it.
  const count = normalizeSendContent(text).length;
  const over = count > MAX_MESSAGE_CHARS;
  const noteId = useId();
  // KakaoTalk's way: on a phone Enter is a line break and the button sends, so the key must not be
  // labelled 보내기 (a student pressed it and got a new line); with a keyboard Enter sends.
  const [enterBreaksLine] = useState(coarsePointer);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || over) return;
    const content = text;
    setText('');
    // Keep the keyboard up for the next message.
    input.current?.focus();
    onSend(content).catch((error: unknown) => {
      console.warn('chat: message not queued', error);
      setText(content);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // With a keyboard, Enter sends and Shift+Enter breaks the line; on a phone Enter is a line
    // break and the button sends. Never while a Korean syllable is still being composed.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (enterBreaksLine) return;
    submit(event);
  };

  // Grow with the text up to the stylesheet's max-height, then scroll inside.
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [text]);

  return (
    <form className={styles.composer} onSubmit={submit}>
      {count >= COUNTER_FROM ? (
        <p id={noteId} className={styles.limitNote}>
          <span className={over ? styles.limitOver : undefined} role={over ? 'alert' : undefined}>
            {over ? OVER_LIMIT_TEXT : null}
          </span>
          <span className={over ? styles.counterOver : styles.counter}>
            {formatCount(count)}/{formatCount(MAX_MESSAGE_CHARS)}
          </span>
        </p>
      ) : null}
      <textarea
        ref={input}
        className={styles.input}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() !== '') onTyping();
        }}
        onKeyDown={onKeyDown}
        rows={1}
        aria-invalid={over || undefined}
        aria-describedby={count >= COUNTER_FROM ? noteId : undefined}
        placeholder="메시지를 입력해 주세요"
        aria-label="메시지"
        enterKeyHint={enterBreaksLine ? 'enter' : 'send'}
      />
      <button type="submit" className={styles.sendButton} disabled={blank || over} aria-label="보내기">
        <SendIcon size={20} />
      </button>
    </form>
  );
}

/** The friend left (decision 0060): KakaoTalk's line in the room, and what stands where the composer was. */
const friendLeftLine = (name: string | undefined) => `${name ?? '상대방'}님이 채팅방을 나갔어요`;
const FRIEND_LEFT_NOTE = '상대방이 나가서 메시지를 보낼 수 없어요';

/** Spec "Chat room". */
export function ChatRoom({ roomId, friend, onBack, onOpenProfile, menu, onReportMessage, pinned }: ChatRoomProps) {
  useLockPageScroll();
  const viewport = useVisualViewport();
  const messages = useMessages(roomId);
  const session = useChatRoom(roomId);
  const [pressed, setPressed] = useState<MessageMenuTarget | null>(null);

  const firstPage = messages.data?.pages[0];
  const userId = firstPage?.userId ?? null;
  const friendId = friend?.friendId ?? firstPage?.friendId;
  // The server refuses a message to a friend who left (decision 0060): nothing to type it into.
  const friendLeft = firstPage?.friendLeft === true;

  const rows = useMemo(() => {
    const server = messages.data?.pages.flatMap((page) => page.data) ?? [];
    return buildRows(mergeTimeline(server, session.local, userId));
  }, [messages.data, session.local, userId]);

  let banner: string | null = null;
  if (session.forbidden) banner = '이 채팅방에 접근할 수 없어요.';
  else if (session.state !== 'OPEN' || !session.live) banner = '채팅방에 연결 중이에요...';

  return (
    <div
      className={styles.screen}
      // Follow the on-screen keyboard: the visible viewport's height, at its offset.
      style={viewport ? { height: `${viewport.height}px`, top: `${viewport.offsetTop}px` } : undefined}
    >
      <header className={styles.header}>
        <BackButton onClick={onBack} />
        <button
          type="button"
          className={styles.friendButton}
          disabled={friendId === undefined}
          onClick={() => {
            if (friendId !== undefined) onOpenProfile(friendId);
          }}
          aria-label={friend?.name ? `${friend.name} 프로필 보기` : '프로필 보기'}
        >
          <Avatar src={friend?.imageUrl} size="md" />
          <span className={styles.friendText}>
            <span className={styles.friendName}>{friend?.name ?? '채팅'}</span>
            {session.friendTyping ? (
              <span className={styles.typing} role="status">
                입력 중…
              </span>
            ) : friend?.department ? (
              <span className={styles.friendDepartment}>{friend.department}</span>
            ) : null}
          </span>
        </button>
        {menu?.(friendId !== undefined ? { friendId, name: friend?.name ?? '상대' } : null)}
      </header>
      {pinned && friendId !== undefined ? pinned({ id: friendId, name: friend?.name ?? '' }) : null}
      {banner ? (
        <p className={styles.banner} role="status">
          {banner}
        </p>
      ) : null}
      {messages.isPending && session.local.length === 0 ? (
        <div className={styles.scroller}>
          <FirstLoad query={messages} />
        </div>
      ) : (
        <MessageList
          rows={rows}
          friend={friend}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          loadOlder={() => void messages.fetchNextPage()}
          onRetry={session.retry}
          onRemove={session.remove}
          onMessageLongPress={setPressed}
          loadError={messages.isError && rows.length === 0}
          endNote={friendLeft ? friendLeftLine(friend?.name) : null}
        />
      )}
      {friendLeft ? (
        <p className={styles.closedComposer} role="status">
          {FRIEND_LEFT_NOTE}
        </p>
      ) : (
        <Composer onSend={session.send} onTyping={session.typed} />
      )}
      <MessageMenu target={pressed} onClose={() => setPressed(null)} onReport={onReportMessage} />
    </div>
  );
}
