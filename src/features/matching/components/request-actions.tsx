import { onlineManager } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/modal';
import { useOpenChatRoom } from '../../../entities/chat-room';
import { useAcceptMatch, useDeclineMatch, useWithdrawMatch } from '../../../entities/match';
import { errorText } from '../../../lib/http';
import { showToast } from '../../../lib/toast';
import { expiresInLabel } from '../expires-in';
import * as styles from './request-actions.css';

const REQUEST_ERROR = '요청 중 오류가 발생했어요';

interface RequestActionsProps {
  memberId: number;
  memberName: string;
  expiresAt?: string;
}

/** Fails with the server's Korean words (e.g. 404 MATCH_404 "런치챗 요청을 찾을 수 없어요." once withdrawn). */
const onFailure = (title: string) => (error: Error) => {
  console.error(title, error);
  showToast(title, errorText(error, REQUEST_ERROR));
};

function Expires({ expiresAt }: { expiresAt?: string }) {
  const label = expiresInLabel(expiresAt);
  return label ? <p className={styles.expires}>{label}</p> : null;
}

interface ReceivedActionsProps extends RequestActionsProps {
  department: string | null;
  imageUrl: string | null;
}

/**
 * Under a 받은 요청 card: 거절 (asked first; the requester is not told) and 수락. An accepted request
 * leaves the list, so a toast says the match is made and offers 채팅하기, which opens the room as
 * the profile's 채팅하기 does.
 */
export function ReceivedActions({ memberId, memberName, department, imageUrl, expiresAt }: ReceivedActionsProps) {
  const decline = useDeclineMatch();
  const accept = useAcceptMatch();
  const chat = useOpenChatRoom(memberId);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const busy = decline.isPending || accept.isPending;

  // Promises, not mutate's callbacks: the card is gone (the list refetched) by the time the
  // answer is here, and an unmounted observer drops its callbacks; the toast outlives the card.
  const openChat = () =>
    void chat.mutateAsync().then(
      (room) =>
        navigate({
          to: '/chatting/$id',
          params: { id: room.chatRoomId },
          state: { chatFriend: { friendId: memberId, name: memberName, department, imageUrl } },
        }),
      onFailure('채팅방을 열지 못했어요'),
    );
  const onAccept = () => {
    // Queued while offline (and kept over a reload): say so now; the match toast follows once it is sent.
    if (!onlineManager.isOnline()) showToast('오프라인이에요', `연결되면 ${memberName}님의 요청을 수락할게요.`);
    void accept
      .mutateAsync(memberId)
      .then(
        () => showToast(`${memberName}님과 매칭됐어요!`, '채팅으로 먼저 인사해 보세요.', { action: { label: '채팅하기', onSelect: openChat } }),
        onFailure('수락하지 못했어요'),
      );
  };
  return (
    <>
      <Expires expiresAt={expiresAt} />
      <div className={styles.row}>
        <Button
          size="md"
          variant="secondary"
          className={styles.grow}
          disabled={busy}
          aria-label={`${memberName}님의 요청 거절`}
          onClick={() => setConfirming(true)}
        >
          거절
        </Button>
        <Button size="md" className={styles.grow} disabled={busy} aria-busy={accept.isPending} aria-label={`${memberName}님의 요청 수락`} onClick={onAccept}>
          {accept.isPending ? '처리 중' : '수락'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="요청을 거절할까요?"
        text="상대에게 따로 알리지 않아요."
        cancelLabel="닫기"
        confirmLabel="거절"
        onConfirm={() => decline.mutate(memberId, { onError: onFailure('거절하지 못했어요') })}
      />
    </>
  );
}

/** Under a 보낸 요청 card: when it expires, and 요청 취소 (frees a slot of the pending quota). */
export function SentActions({ memberId, memberName, expiresAt }: RequestActionsProps) {
  const withdraw = useWithdrawMatch();
  return (
    <>
      <Expires expiresAt={expiresAt} />
      <div className={styles.row}>
        <Button
          size="md"
          variant="secondary"
          className={styles.grow}
          disabled={withdraw.isPending}
          aria-label={`${memberName}님에게 보낸 요청 취소`}
          onClick={() => withdraw.mutate(memberId, { onError: onFailure('요청을 취소하지 못했어요') })}
        >
          {withdraw.isPending ? '처리 중' : '요청 취소'}
        </Button>
      </div>
    </>
  );
}
