import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { MatchStatus } from '../../../../contract/members';
import { Button } from '../../../components/ui/button';
import { useOpenChatRoom } from '../../../entities/chat-room';
import { useAcceptMatch, useMatchMutationState, useRequestMatch } from '../../../entities/match';
import { memberKeys, type MemberDetail } from '../../../entities/member';
import { ApiError } from '../../../lib/http';
import { showToast } from '../../../lib/toast';
import * as styles from './match-button.css';

const REQUEST_ERROR = '요청 중 오류가 발생했어요';
/** Refusals whose Korean message says what to do (section 15: the pending quota, a block). */
const EXPLAINED = new Set(['MATCH_429_PENDING', 'MATCH_403_BLOCKED']);
const requestErrorText = (error: Error) => (error instanceof ApiError && EXPLAINED.has(error.code) ? error.message : REQUEST_ERROR);
/** The request failed because the other member's came first (400 MATCH_400): what to do instead. */
const sentFirstText = (name: string) => `${name}님이 먼저 런치챗을 보냈어요. 수락해 보세요.`;
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
 * Spec "Profile", other member's view: the bottom button by match status. The status is the
 * member's cached detail and nothing else: the match entity's keyed mutations update it at once
 * (and put it back on a failure) and refresh every view a match changes; the other member's
 * request or answer, heard live, refetches it. Made offline, they wait, survive a reload and are
 * sent later. Failures are said in a toast.
 */
export function MatchButton({ member }: { member: MemberDetail }) {
  const navigate = useNavigate();
  const send = useRequestMatch();
  const accept = useAcceptMatch();
  const chat = useOpenChatRoom();
  const queryClient = useQueryClient();
  // The first second after 런치챗 보내기 (spec section 4), whatever the cache already says.
  const [sending, setSending] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Requests/accepts waiting for the network (also ones restored after a reload).
  const queued = useMatchMutationState(member.id);
  const status: MatchStatus = sending ? 'NONE' : queued.requesting ? 'REQUESTED' : member.matchStatus;
  const accepting = accept.isPending || queued.accepting;

  const onSend = () => {
    setSending(true);
    timer.current = window.setTimeout(() => setSending(false), WAITING_DELAY_MS);
    send.mutate(member.id, {
      onError: (error) => {
        console.error('match request failed', error);
        window.clearTimeout(timer.current);
        setSending(false);
        // By now the entity has refetched the profile: a match that already exists shows as
        // it is (수락하기 for a request that came first) rather than looping on 런치챗 보내기.
        const now = queryClient.getQueryData<MemberDetail>(memberKeys.detail(member.id))?.matchStatus;
        if (now === 'RECEIVED') showToast(sentFirstText(member.memberName));
        else if (now === 'NONE' || now === undefined) showToast(requestErrorText(error));
      },
    });
  };

  const onAccept = () => {
    accept.mutate(member.id, {
      onError: (error) => {
        console.error('match accept failed', error);
        showToast(REQUEST_ERROR);
      },
    });
  };

  const onChat = () => {
    chat.mutate(member.id, {
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
        showToast(REQUEST_ERROR);
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
