import { useState } from 'react';
import { ADMIN_ACTION_LABELS } from '../../../../contract/admin-values';
import { Spinner } from '../../../components/ui/spinner';
import { useAuditLog, useUniversities } from '../../../entities/admin';
import * as styles from './admin-console.css';
import { MoreButton } from './more-button';
import { UniversityMonthPicker } from './university-month-picker';

const dateTime = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** 기록: who decided what, when, about whom — so a club's operators can see each other's decisions. */
export function AuditPanel() {
  const [universityId, setUniversityId] = useState<number | null>(null);
  const log = useAuditLog(universityId);
  const universities = useUniversities();
  const universityName = (id: number | null) => (id === null ? '' : (universities.data?.find((u) => u.universityId === id)?.name ?? ''));
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className={styles.panel}>
      <UniversityMonthPicker universityId={universityId} onUniversity={setUniversityId} allowAll />
      {log.isPending ? (
        <Spinner />
      ) : log.isError && entries.length === 0 ? (
        <p role="alert" className={styles.fieldError}>
          기록을 불러오지 못했어요.
        </p>
      ) : entries.length === 0 ? (
        <p className={styles.muted}>아직 기록이 없어요.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>시각</th>
                <th>운영자</th>
                <th>한 일</th>
                <th>대상</th>
                <th>학교</th>
                <th>내용</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{dateTime.format(new Date(e.createdAt))}</td>
                  {/* No operator acted (a timed suspension ended by itself): the log says so. */}
                  <td>{e.operatorEmail || '자동'}</td>
                  <td>{ADMIN_ACTION_LABELS[e.action]}</td>
                  <td>{e.targetName ?? (e.targetMemberId === null ? '' : '(탈퇴한 회원)')}</td>
                  <td>{universityName(e.universityId)}</td>
                  <td className={styles.question}>{e.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreButton list={log} />
    </div>
  );
}
