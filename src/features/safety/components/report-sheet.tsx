import { onlineManager } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REPORT_DETAIL_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from '../../../../contract/safety-values';
import type { ReportReason } from '../../../../contract/safety';
import { Button } from '../../../components/ui/button';
import { useCreateReport } from '../../../entities/report';
import { errorText } from '../../../lib/http';
import { showToast } from '../../../lib/toast';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
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
  const [reasonMissing, setReasonMissing] = useState(false);
  // The server's refusal or a failed send: said in the footer, beside the button that was tapped.
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const detailId = useId();
  const formId = useId();
  const tooLong = chars(detail) > REPORT_DETAIL_MAX;
  const tooLongError = useRef<HTMLParagraphElement>(null);

  // Going over the limit while typing: the message under the field is brought into view (it can
  // sit below the sheet's scrolled body); the count in the label row above says it too.
  useEffect(() => {
    if (tooLong && typeof tooLongError.current?.scrollIntoView === 'function') tooLongError.current.scrollIntoView({ block: 'nearest' });
  }, [tooLong]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button stays tappable while something is wrong: a tap says what, at the field.
    setReasonMissing(!reason);
    if (!reason || tooLong) {
      setError(null);
      focusFirstInvalid();
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
        <>
          {error ? (
            <p className={styles.footerError} role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" form={formId} block disabled={report.isPending}>
            {report.isPending ? '신고하는 중…' : '신고하기'}
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={submit} className={styles.form} aria-label={`${target.name}님 신고`} noValidate>
        <p className={styles.lead}>{target.name}님을 신고하는 이유를 알려 주세요. 신고한 사실은 상대에게 알리지 않아요.</p>
        {target.message ? (
          <div>
            <p className={styles.legend}>신고할 메시지</p>
            <blockquote className={styles.quote}>{target.message.content}</blockquote>
          </div>
        ) : null}
        <fieldset className={styles.reasons}>
          <legend className={styles.legend}>신고 사유</legend>
          {reasonMissing ? (
            <p id={`${formId}-reason-error`} className={styles.error} role="alert">
              신고 사유를 선택해 주세요.
            </p>
          ) : null}
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                className={styles.radio}
                checked={reason === value}
                aria-invalid={reasonMissing || undefined}
                aria-describedby={reasonMissing ? `${formId}-reason-error` : undefined}
                onChange={() => {
                  setReason(value);
                  setReasonMissing(false);
                  setError(null);
                }}
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div className={styles.detailLabel}>
          {/* The count above the field, not under it: under, it slips below the sheet's fold while typing. */}
          <div className={styles.detailRow}>
            <label htmlFor={detailId}>자세한 내용 (선택)</label>
            <span id={`${detailId}-count`} className={tooLong ? styles.counterOver : styles.counter} aria-live="polite">
              {chars(detail)}/{REPORT_DETAIL_MAX}
            </span>
          </div>
          {/* No maxLength: a paste over the limit is kept whole for the student to shorten. */}
          <textarea
            id={detailId}
            className={styles.textarea}
            value={detail}
            onChange={(event) => setDetail(event.target.value)}
            placeholder="어떤 일이 있었는지 적어 주세요"
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${detailId}-count ${detailId}-error` : `${detailId}-count`}
          />
          {tooLong ? (
            <p ref={tooLongError} id={`${detailId}-error`} className={styles.error} role="alert">
              자세한 내용은 {REPORT_DETAIL_MAX}자 이하로 적어 주세요.
            </p>
          ) : null}
        </div>
      </form>
    </BottomSheet>
  );
}
