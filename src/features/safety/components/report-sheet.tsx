import { onlineManager } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REPORT_DETAIL_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from '../../../../contract/safety-values';
import type { ReportReason } from '../../../../contract/safety';
import { Button } from '../../../components/ui/button';
import { useCreateReport } from '../../../entities/report';
import { errorText } from '../../../lib/http';
import { showToast } from '../../../lib/toast';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import * as styles from './safety-sheet.css';

/** A chat message attached to a report (long press on it): section 7's `id.value` and its text. */
export interface ReportedMessage {
  messageId: string;
  content: string;
}

export interface ReportTarget {
  memberId: number;
  name: string;
  message?: ReportedMessage;
}

interface ReportSheetProps {
  /** null: closed. */
  target: ReportTarget | null;
  onClose: () => void;
}

const chars = (s: string) => [...s].length;

/** 신고하기: a reason (괴롭힘 / 스팸·홍보 / 부적절한 프로필 / 노쇼 / 기타), optional text, the message when attached. */
export function ReportSheet({ target, onClose }: ReportSheetProps) {
  return target ? <ReportForm key={`${target.memberId}:${target.message?.messageId ?? ''}`} target={target} onClose={onClose} /> : null;
}

/** The sheet with its form; the submit button stays in the sheet's footer while the form scrolls. */
function ReportForm({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();
  const detailId = useId();
  const formId = useId();
  const tooLong = chars(detail) > REPORT_DETAIL_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('신고 사유를 선택해 주세요.');
      return;
    }
    setError(null);
    const body = { targetMemberId: target.memberId, reason, detail: detail.trim() || undefined, messageId: target.message?.messageId };
    if (!onlineManager.isOnline()) {
      // Paused and persisted: it goes out when the network is back (after a reload too).
      report.mutate(body);
      onClose();
      showToast('오프라인이에요', '연결되면 신고를 보낼게요.');
      return;
    }
    report.mutate(body, {
      onSuccess: (result) => {
        // The same report is still open (a second tap, or made before): nothing new was stored.
        if (result.alreadyReported) showToast('이미 신고했어요', '운영진이 확인하고 있어요. 결과는 알림으로 알려 드릴게요.');
        else showToast('신고가 접수되었어요', '운영진이 확인한 뒤 결과를 알림으로 알려 드릴게요.');
        onClose();
      },
      onError: (failure) => {
        console.error('report failed', failure);
        setError(errorText(failure, '신고하지 못했어요. 잠시 후 다시 시도해 주세요.'));
      },
    });
  };

  return (
    <BottomSheet
      size="tall"
      open
      title="신고하기"
      onClose={onClose}
      footer={
        <Button type="submit" form={formId} block disabled={report.isPending || tooLong}>
          {report.isPending ? '신고하는 중…' : '신고하기'}
        </Button>
      }
    >
      <form id={formId} onSubmit={submit} className={styles.form} aria-label={`${target.name}님 신고`}>
        <p className={styles.lead}>{target.name}님을 신고하는 이유를 알려 주세요. 신고한 사실은 상대에게 알리지 않아요.</p>
        {target.message ? (
          <div>
            <p className={styles.legend}>신고할 메시지</p>
            <blockquote className={styles.quote}>{target.message.content}</blockquote>
          </div>
        ) : null}
        <fieldset className={styles.reasons}>
          <legend className={styles.legend}>신고 사유</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                className={styles.radio}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div className={styles.detailLabel}>
          <label htmlFor={detailId}>자세한 내용 (선택)</label>
          <textarea
            id={detailId}
            className={styles.textarea}
            value={detail}
            onChange={(event) => setDetail(event.target.value)}
            placeholder="어떤 일이 있었는지 적어 주세요"
            aria-invalid={tooLong}
          />
          <span className={styles.counter} aria-live="polite">
            {chars(detail)}/{REPORT_DETAIL_MAX}
          </span>
        </div>
        {error || tooLong ? (
          <p className={styles.error} role="alert">
            {tooLong ? `자세한 내용은 ${REPORT_DETAIL_MAX}자 이하로 적어 주세요.` : error}
          </p>
        ) : null}
      </form>
    </BottomSheet>
  );
}
