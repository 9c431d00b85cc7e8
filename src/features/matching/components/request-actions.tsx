import { onlineManager } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/modal';
import { useAcceptMatch, useDeclineMatch, useMatchMutationState, useWithdrawMatch } from '../../../entities/match';
import { showToast } from '../../../lib/toast';
import { expiresInLabel } from '../expires-in';
import { onFailure } from '../failure-toast';
import * as styles from './request-actions.css';

interface RequestActionsProps {
  memberId: number;
  memberName: string;
  expiresAt?: string;
}

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
 * leaves the list, so a toast says the match is made and offers 채팅하기: the app's root shows it
 * (use-matched-toast.ts), from the member named here, which the accept keeps (also over a reload).
 */
export function ReceivedActions({ memberId, memberName, department, imageUrl, expiresAt }: ReceivedActionsProps) {
  const decline = useDeclineMatch();
  const accept = useAcceptMatch({ memberName, department, imageUrl });
  const [confirming, setConfirming] = useState(false);
  // Also an accept restored after a reload and still waiting (this card's own hook did not make it):
  // a second tap would send a second accept.
  const queued = useMatchMutationState(memberId);
  const accepting = accept.isPending || queued.accepting;
  const busy = decline.isPending || accepting;

  const onAccept = () => {
    // Queued while offline (and kept over a reload): say so now; the match toast follows once it is sent.
    if (!onlineManager.isOnline()) showToast('오프라인이에요', `연결되면 ${memberName}님의 요청을 수락할게요.`);
    // A promise, not mutate's callback: the card is gone (the list refetched) by the time a refusal
    // is here, and an unmounted observer drops its callbacks.
    void accept.mutateAsync(memberId).catch(onFailure('수락하지 못했어요'));
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
        <Button size="md" className={styles.grow} disabled={busy} aria-busy={accepting} aria-label={`${memberName}님의 요청 수락`} onClick={onAccept}>
          {accepting ? '처리 중' : '수락'}
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
