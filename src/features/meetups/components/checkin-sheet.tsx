import { useState } from 'react';
import { COMPLIMENT_CODES, COMPLIMENT_LABELS } from '../../../../contract/meetups-values';
import type { ComplimentCode, Meetup } from '../../../../contract/meetups';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useCheckinMeetup } from '../../../entities/meetup';
import * as styles from './meetups.css';

/** "만났나요?" after a meetup's end: met yes/no, and with yes the compliment chips. Queued when offline. */
export function CheckinSheet({ meetup, open, onClose }: { meetup: Meetup; open: boolean; onClose(): void }) {
  const checkin = useCheckinMeetup();
  const [met, setMet] = useState<boolean | null>(null);
  const [picked, setPicked] = useState<ComplimentCode[]>([]);
  const toggle = (code: ComplimentCode) => setPicked((now) => (now.includes(code) ? now.filter((c) => c !== code) : [...now, code]));
  const send = () => {
    if (met === null) return;
    checkin.mutate({ meetupId: meetup.meetupId, met, compliments: met ? picked : [] });
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
        <p className={styles.where}>{meetup.partner.memberName}님과의 약속</p>
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
            <p className={styles.note}>{meetup.partner.memberName}님에게 칭찬을 남겨 주세요 (선택)</p>
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
