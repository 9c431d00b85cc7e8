import { onlineManager } from '@tanstack/react-query';
import { useState } from 'react';
import { COMPLIMENT_CODES, COMPLIMENT_LABELS } from '../../../../contract/meetups-values';
import type { ComplimentCode, Meetup } from '../../../../contract/meetups';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useCheckinMeetup } from '../../../entities/meetup';
import { showToast } from '../../../lib/toast';
import * as styles from './meetups.css';

/** "만났나요?" after a meetup's end: met yes/no, and with yes the compliment chips. Queued when offline. */
export function CheckinSheet({ meetup, open, onClose }: { meetup: Meetup; open: boolean; onClose(): void }) {
  const checkin = useCheckinMeetup();
  const [met, setMet] = useState<boolean | null>(null);
  const [picked, setPicked] = useState<ComplimentCode[]>([]);
  const toggle = (code: ComplimentCode) => setPicked((now) => (now.includes(code) ? now.filter((c) => c !== code) : [...now, code]));
  const name = meetup.partner.memberName;
  const send = () => {
    if (met === null) return;
    const compliments = met ? picked : [];
    // Queued while offline (and kept over a reload): say so now; 체크인했어요 follows once it is sent.
    if (!onlineManager.isOnline()) showToast('오프라인이에요', '연결되면 체크인을 보낼게요.');
    // The promise, not mutate's callbacks: the sheet and the prompt are gone (the answered meetup
    // leaves the strip) by the time the answer is here; the toast outlives them. Without it the strip
    // silently turned back into 약속 잡기. Compliments count on the partner's profile (받은 칭찬).
    void checkin.mutateAsync({ meetupId: meetup.meetupId, met, compliments }).then(
      () =>
        showToast(
          '체크인했어요',
          !met ? '만나지 못한 약속으로 남겼어요.' : compliments.length > 0 ? `${name}님에게 칭찬을 남겼어요.` : `${name}님과 만난 약속으로 남겼어요.`,
        ),
      (error: Error) => showToast('체크인하지 못했어요', error.message),
    );
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="만났나요?"
      actions={
        <div className={styles.sheetActions}>
          <Button variant="secondary" className={styles.grow} onClick={onClose}>
            나중에
          </Button>
          <Button className={styles.grow} disabled={met === null} onClick={send}>
            보내기
          </Button>
        </div>
      }
    >
      <div className={styles.sheetBody}>
        <p className={styles.where}>{name}님과의 약속</p>
        <div className={styles.chips} role="group" aria-label="만났나요?">
          <button type="button" className={styles.chip} aria-pressed={met === true} onClick={() => setMet(true)}>
            네, 만났어요
          </button>
          <button type="button" className={styles.chip} aria-pressed={met === false} onClick={() => setMet(false)}>
            아니요
          </button>
        </div>
        {met ? (
          <>
            <p className={styles.note}>{name}님에게 칭찬을 남겨 주세요 (선택)</p>
            <ul className={styles.chips} aria-label="칭찬">
              {COMPLIMENT_CODES.map((code) => (
                <li key={code}>
                  <button type="button" className={styles.chip} aria-pressed={picked.includes(code)} onClick={() => toggle(code)}>
                    {COMPLIMENT_LABELS[code]}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
