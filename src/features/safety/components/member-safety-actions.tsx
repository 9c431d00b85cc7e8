import { useState } from 'react';
import { BlockDialog, type BlockTarget } from './block-dialog';
import { ReportSheet, type ReportTarget } from './report-sheet';
import * as styles from './safety-sheet.css';

interface MemberSafetyActionsProps {
  memberId: number;
  name: string;
  onBlocked?: (memberId: number) => void;
}

/** Under a member's profile: 신고하기 and 차단하기, quiet so they do not compete with the match button. */
export function MemberSafetyActions({ memberId, name, onBlocked }: MemberSafetyActionsProps) {
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  return (
    <>
      <div className={styles.actions} role="group" aria-label="회원 관리">
        <button type="button" className={styles.textAction} onClick={() => setReporting({ memberId, name })}>
          신고하기
        </button>
        <button type="button" className={styles.textAction} onClick={() => setBlocking({ memberId, name })}>
          차단하기
        </button>
      </div>
      <ReportSheet target={reporting} onClose={() => setReporting(null)} />
      <BlockDialog target={blocking} onClose={() => setBlocking(null)} onBlocked={onBlocked} />
    </>
  );
}
