import { useState } from 'react';
import { suspensionEndLabel } from '../../../../contract/admin-values';
import { REPORT_REASON_LABELS } from '../../../../contract/safety-values';
import type { ReportReason } from '../../../../contract/safety';
import type { AdminReport, ReportAction } from '../../../../contract/admin';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useDecideReport, useReports, useSuspended, useUniversities } from '../../../entities/admin';
import { ApiError } from '../../../lib/http';
import { visuallyHidden } from '../../../styles/a11y.css';
import * as styles from './admin-console.css';
import { isOwnAccount, OwnAccountNote } from './own-account';
import { ReinstateButton } from './reinstate-button';
import { ReportTranscript } from './report-transcript';
import { DEFAULT_SUSPENSION_LENGTH, SuspensionLengthPicker, type SuspensionLength } from './suspension-length';
import { UniversityMonthPicker } from './university-month-picker';

const dateTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;
const who = (m: AdminReport['target']) => `${m.memberName ?? '(이름 없음)'} · ${m.email}`;

interface Group {
  target: AdminReport['target'];
  universityId: number;
  reports: AdminReport[];
}

/** Reports of one status, one group per reported member (the server sends them next to each other). */
function groupByTarget(reports: AdminReport[]): Group[] {
  const groups = new Map<number, Group>();
  for (const report of reports) {
    const group = groups.get(report.target.memberId) ?? { target: report.target, universityId: report.targetUniversityId, reports: [] };
    group.reports.push(report);
    groups.set(report.target.memberId, group);
  }
  return [...groups.values()];
}

/**
 * 신고: open reports grouped by member with the reported message in its conversation; 무시 / 정지;
 * 정지 해제. `operatorEmail` (GET /api/admin/me): a report against the operator offers no 정지,
 * which the server refuses, as 회원 does for their own row.
 */
export function ReportsPanel({ operatorEmail }: { operatorEmail: string }) {
  const [status, setStatus] = useState<'OPEN' | 'CLOSED'>('OPEN');
  // null: every university's (operators may run several campuses); a campus's club picks its own.
  const [universityId, setUniversityId] = useState<number | null>(null);
  const reports = useReports(status, universityId);
  const universities = useUniversities();
  const universityName = (id: number) => universities.data?.find((u) => u.universityId === id)?.name ?? '';
  const decide = useDecideReport();
  const [pending, setPending] = useState<{ group: Group; action: ReportAction } | null>(null);
  // 정지 기간 of the 정지 being asked; each 정지 starts again at the default.
  const [length, setLength] = useState<SuspensionLength>(DEFAULT_SUSPENSION_LENGTH);
  const [notice, setNotice] = useState('');
  // A notice is about the list it was given on: the other list starts without it.
  const show = (next: 'OPEN' | 'CLOSED') => {
    setStatus(next);
    setNotice('');
  };

  const ask = (group: Group, action: ReportAction) => {
    setLength(DEFAULT_SUSPENSION_LENGTH);
    setPending({ group, action });
  };

  const confirm = async () => {
    if (!pending) return;
    const { group, action } = pending;
    setPending(null);
    try {
      const result = await decide.mutateAsync({ reportId: group.reports[0]!.reportId, action, days: length });
      setNotice(
        action === 'SUSPEND'
          ? `${group.target.memberName ?? '회원'}님을 정지했어요 (${suspensionEndLabel(result.suspendedUntil ?? null)}). 바로 로그아웃돼요.`
          : '신고를 무시 처리했어요.',
      );
    } catch (error) {
      // ADMIN_409 (another operator decided first) says so; useDecideReport has fetched both lists again.
      setNotice(error instanceof ApiError ? error.message : '처리하지 못했어요.');
    }
  };

  return (
    <div className={styles.panel}>
      <UniversityMonthPicker universityId={universityId} onUniversity={setUniversityId} allowAll />
      <div className={styles.actions} role="group" aria-label="신고 상태">
        <Button size="md" variant={status === 'OPEN' ? 'dark' : 'secondary'} aria-pressed={status === 'OPEN'} onClick={() => show('OPEN')}>
          처리 전
        </Button>
        <Button size="md" variant={status === 'CLOSED' ? 'dark' : 'secondary'} aria-pressed={status === 'CLOSED'} onClick={() => show('CLOSED')}>
          처리 완료
        </Button>
        <p className={styles.status} role="status">
          {notice}
        </p>
      </div>
      {reports.isPending ? (
        <Spinner />
      ) : reports.isError ? (
        <p role="alert" className={styles.fieldError}>
          신고 목록을 불러오지 못했어요.
        </p>
      ) : reports.data.length === 0 ? (
        <p className={styles.muted}>{status === 'OPEN' ? '처리할 신고가 없어요.' : '처리한 신고가 없어요.'}</p>
      ) : (
        <div className={styles.reportGrid}>
          {groupByTarget(reports.data).map((group) => (
            <article key={group.target.memberId} className={styles.card} aria-label={`${group.target.memberName ?? '회원'}에 대한 신고`}>
              <h3 className={styles.cardTitle}>
                {who(group.target)} {universityName(group.universityId) ? <span className={styles.badge}>{universityName(group.universityId)}</span> : null}{' '}
                <span className={styles.badge}>신고 {group.reports.length}건</span>{' '}
                {group.target.status === 'DISABLED' ? <span className={styles.dangerBadge}>정지됨</span> : null}
              </h3>
              {group.reports.map((report) => (
                <div key={report.reportId} className={styles.reportItem}>
                  <p className={styles.muted}>
                    {reasonLabel(report.reason)} · {dateTime.format(new Date(report.createdAt))} · 신고자 {report.reporter.memberName ?? report.reporter.email}
                    {report.resolution ? ` · ${report.resolution === 'SUSPEND' ? '정지' : '무시'}` : ''}
                  </p>
                  {report.context.length > 0 ? (
                    <ReportTranscript report={report} />
                  ) : report.messageText ? (
                    // No conversation to show (the room was deleted since): the text copied at report time.
                    <blockquote className={styles.quote}>{report.messageText}</blockquote>
                  ) : null}
                  {report.detail ? <p className={styles.reportDetail}>{report.detail}</p> : null}
                </div>
              ))}
              {status === 'OPEN' ? (
                <div className={styles.actions}>
                  <Button size="md" variant="secondary" onClick={() => ask(group, 'DISMISS')}>
                    무시
                  </Button>
                  {isOwnAccount(group.target.email, operatorEmail) ? (
                    <OwnAccountNote />
                  ) : (
                    <Button size="md" onClick={() => ask(group, 'SUSPEND')} disabled={group.target.status === 'DISABLED'}>
                      정지
                    </Button>
                  )}
                </div>
              ) : null}
            </article>
          ))}
        </div>
      )}
      <SuspendedList onNotice={setNotice} />
      <ConfirmDialog
        open={pending?.action === 'DISMISS'}
        title="신고를 무시할까요?"
        text="이 회원에 대한 처리 전 신고가 모두 닫혀요."
        confirmLabel="무시"
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
      <Modal
        open={pending?.action === 'SUSPEND'}
        onClose={() => setPending(null)}
        title="이 회원을 정지할까요?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              취소
            </Button>
            <Button onClick={() => void confirm()}>정지</Button>
          </>
        }
      >
        <p className={styles.muted}>
          {pending?.group.target.memberName ?? '회원'}님은 바로 로그아웃되고 정지가 끝날 때까지 로그인할 수 없어요. 목록에서도 사라지고, 잡혀 있던 약속은 취소돼
          상대에게 알림이 가요.
        </p>
        <SuspensionLengthPicker value={length} onChange={setLength} />
      </Modal>
    </div>
  );
}

/** Who is suspended now, with 정지 해제; its outcome is told in the panel's status line (the list may vanish). */
function SuspendedList({ onNotice: setNotice }: { onNotice: (notice: string) => void }) {
  const suspended = useSuspended();
  if (suspended.isPending || suspended.isError || suspended.data.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="suspended-title">
      <h3 id="suspended-title" className={styles.cardTitle}>
        정지된 회원
      </h3>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>회원</th>
              <th>정지한 시각</th>
              <th>정지 기간</th>
              <th>
                <span className={visuallyHidden}>처리</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {suspended.data.map((m) => (
              <tr key={m.memberId}>
                <td>
                  {m.memberName ?? '(이름 없음)'} · {m.email}
                </td>
                <td>{dateTime.format(new Date(m.suspendedAt))}</td>
                <td>{suspensionEndLabel(m.suspendedUntil)}</td>
                <td>
                  <ReinstateButton member={m} onNotice={setNotice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
