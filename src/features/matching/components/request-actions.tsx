import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/modal';
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

/** Under a 받은 요청 card: 거절 (asked first; the requester is not told) and 수락. */
export function ReceivedActions({ memberId, memberName, expiresAt }: RequestActionsProps) {
  const decline = useDeclineMatch();
  const accept = useAcceptMatch();
  const [confirming, setConfirming] = useState(false);
  const busy = decline.isPending || accept.isPending;
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
        <Button
          size="md"
          className={styles.grow}
          disabled={busy}
          aria-busy={accept.isPending}
          aria-label={`${memberName}님의 요청 수락`}
          onClick={() => accept.mutate(memberId, { onError: onFailure('수락하지 못했어요') })}
        >
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
