import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { MatchStatus } from '../../../../contract/members';
import { Button } from '../../../components/ui/button';
import { useOpenChatRoom } from '../../../entities/chat-room';
import { useAcceptMatch, useMatchMutationState, useRequestMatch } from '../../../entities/match';
import type { MemberDetail } from '../../../entities/member';
import * as styles from './match-button.css';

const REQUEST_ERROR = '요청 중 오류가 발생했어요';
/** Spec section 4: the button reads 수락 대기 중 about 1 s after the click. */
const WAITING_DELAY_MS = 1000;

declare module '@tanstack/react-router' {
  interface HistoryState {
    name?: string;
    department?: string;
    image?: string | null;
  }
}

/**
 * Spec "Profile", other member's view: the bottom button by match status. The match entity's
 * keyed mutations refresh every view a match changes (lists, counters, explore, this profile);
 * made offline they wait, survive a reload and are sent later.
 */
export function MatchButton({ member }: { member: MemberDetail }) {
  const navigate = useNavigate();
  const send = useRequestMatch();
  const accept = useAcceptMatch();
  const chat = useOpenChatRoom(member.id);
  // Local status: set by this screen's own actions before the refetched detail confirms them.
  const [local, setLocal] = useState<MatchStatus | null>(null);
  const [sending, setSending] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Requests/accepts waiting for the network (also ones restored after a reload).
  const queued = useMatchMutationState(member.id);
  const status: MatchStatus = sending ? 'NONE' : queued.requesting ? 'REQUESTED' : (local ?? member.matchStatus);
  const accepting = accept.isPending || queued.accepting;

  const onSend = () => {
    setSending(true);
    timer.current = window.setTimeout(() => {
      setSending(false);
      setLocal('REQUESTED');
    }, WAITING_DELAY_MS);
    send.mutate(member.id, {
      onError: (error) => {
        console.error('match request failed', error);
        window.clearTimeout(timer.current);
        setSending(false);
        setLocal('NONE');
        window.alert(REQUEST_ERROR);
      },
    });
  };

  const onAccept = () => {
    accept.mutate(member.id, {
      onSuccess: () => setLocal('ACCEPTED'),
      onError: (error) => {
        console.error('match accept failed', error);
        window.alert(REQUEST_ERROR);
      },
    });
  };

  const onChat = () => {
    chat.mutate(undefined, {
      onSuccess: (room) => {
        void navigate({
          to: '/chatting/$id',
          params: { id: room.chatRoomId },
          state: {
            name: member.memberName,
            department: member.department,
            image: member.profileImageUrl,
            chatFriend: {
              friendId: member.id,
              name: member.memberName,
              department: member.department,
              imageUrl: member.profileImageUrl,
            },
          },
        });
      },
      onError: (error) => {
        console.error('opening the chat room failed', error);
        window.alert(REQUEST_ERROR);
      },
    });
  };

  let button;
  switch (status) {
    case 'REQUESTED':
      button = (
        <Button block disabled>
          수락 대기 중
        </Button>
      );
      break;
    case 'RECEIVED':
      button = (
        <Button block disabled={accepting} onClick={onAccept} aria-busy={accepting}>
          {accepting ? '처리 중' : '수락하기'}
        </Button>
      );
      break;
    case 'ACCEPTED':
      button = (
        <Button block disabled={chat.isPending} onClick={onChat} aria-busy={chat.isPending}>
          채팅하기
        </Button>
      );
      break;
    default:
      button = (
        <Button block disabled={sending} onClick={onSend}>
          런치챗 보내기
        </Button>
      );
  }
  return (
    <div className={styles.bar}>
      {button}
      {queued.offline ? (
        <p className={styles.note} role="status">
          오프라인 — 연결되면 보낼게요
        </p>
      ) : null}
    </div>
  );
}
