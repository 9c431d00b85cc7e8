import { useState, type FormEvent } from 'react';
import { ADMIN_MEMBER_QUERY_MAX, SUSPEND_REASON_MAX, suspensionEndLabel } from '../../../../contract/admin-values';
import type { AdminMemberPage, AdminMemberRow } from '../../../../contract/admin';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminMembers, useSuspendMember, useUniversities } from '../../../entities/admin';
import { errorText } from '../../../lib/http';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { visuallyHidden } from '../../../styles/a11y.css';
import * as styles from './admin-console.css';
import { MoreButton } from './more-button';
import { isOwnAccount, OwnAccountNote } from './own-account';
import { ReinstateButton } from './reinstate-button';
import { DEFAULT_SUSPENSION_LENGTH, SuspensionLengthPicker, type SuspensionLength } from './suspension-length';
import { ToolbarField } from './toolbar-field';
import { UniversityMonthPicker } from './university-month-picker';

const STATUS_LABELS: Record<string, string> = { ACTIVE: '활동 중', PENDING: '가입 중', DISABLED: '정지됨' };
const nameOf = (m: AdminMemberRow) => m.memberName ?? '회원';

/**
 * The pages as one list, each member once: a member whose open reports changed while the
 * operator paged can come again on a later page (the order moved under the cursor).
 */
function membersOf(pages: readonly AdminMemberPage[] | undefined): AdminMemberRow[] {
  const seen = new Set<number>();
  return (pages ?? [])
    .flatMap((page) => page.entries)
    .filter((m) => {
      if (seen.has(m.memberId)) return false;
      seen.add(m.memberId);
      return true;
    });
}

/**
 * 회원: find a member by name or e-mail and 정지 them without a report (a no-show told to the club,
 * a screenshot sent to its KakaoTalk), with a reason the audit log keeps; 정지 해제 in place.
 * `operatorEmail` (GET /api/admin/me): the operator's own row offers no 정지, which the server
 * refuses, and says so instead of refusing after the reason is written.
 */
export function MembersPanel({ operatorEmail }: { operatorEmail: string }) {
  const [universityId, setUniversityId] = useState<number | null>(null);
  const [text, setText] = useState('');
  // What was searched: the list follows the submitted text, not every keystroke.
  const [query, setQuery] = useState('');
  const members = useAdminMembers(query, universityId);
  const rows = membersOf(members.data?.pages);
  const universities = useUniversities();
  const universityName = (id: number) => universities.data?.find((u) => u.universityId === id)?.name ?? '';
  const [suspending, setSuspending] = useState<AdminMemberRow | null>(null);
  const [notice, setNotice] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };

  return (
    <div className={styles.panel}>
      <form className={styles.toolbar} role="search" aria-label="회원 찾기" onSubmit={submit}>
        <UniversityMonthPicker universityId={universityId} onUniversity={setUniversityId} allowAll />
        <ToolbarField label="이름 또는 이메일">
          {(id) => (
            <input id={id} className={styles.input} type="search" value={text} maxLength={ADMIN_MEMBER_QUERY_MAX} onChange={(e) => setText(e.target.value)} />
          )}
        </ToolbarField>
        <Button size="md" type="submit">
          찾기
        </Button>
      </form>
      <p className={styles.status} role="status">
        {notice}
      </p>
      {members.isPending ? (
        <Spinner />
      ) : members.isError && rows.length === 0 ? (
        <p role="alert" className={styles.fieldError}>
          {errorText(members.error, '회원 목록을 불러오지 못했어요.')}
        </p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>찾는 회원이 없어요.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>회원</th>
                <th>학교</th>
                <th>학과 · 학번</th>
                <th>상태</th>
                <th>처리 전 신고</th>
                <th>
                  <span className={visuallyHidden}>처리</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.memberId}>
                  <td>
                    {m.memberName ?? '(이름 없음)'} · {m.email}
                  </td>
                  <td>{universityName(m.universityId)}</td>
                  <td>{[m.department, m.studentNo].filter(Boolean).join(' · ')}</td>
                  <td>
                    {m.status === 'DISABLED' ? (
                      <>
                        <span className={styles.dangerBadge}>정지됨</span> <span className={styles.muted}>{suspensionEndLabel(m.suspendedUntil)}</span>
                      </>
                    ) : (
                      (STATUS_LABELS[m.status] ?? m.status)
                    )}
                  </td>
                  <td>{m.openReports > 0 ? <span className={styles.badge}>{m.openReports}건</span> : '없음'}</td>
                  <td>
                    {m.status === 'DISABLED' ? (
                      <ReinstateButton member={m} onNotice={setNotice} />
                    ) : isOwnAccount(m.email, operatorEmail) ? (
                      <OwnAccountNote />
                    ) : (
                      <Button size="md" aria-label={`${nameOf(m)}님 정지`} onClick={() => setSuspending(m)}>
                        정지
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreButton list={members} />
      {suspending ? (
        <SuspendDialog
          member={suspending}
          onClose={() => setSuspending(null)}
          onDone={({ closedReports, suspendedUntil }) => {
            setSuspending(null);
            setNotice(
              `${nameOf(suspending)}님을 정지했어요 (${suspensionEndLabel(suspendedUntil)}). 바로 로그아웃돼요.${closedReports > 0 ? ` 처리 전 신고 ${closedReports}건도 닫고 신고한 회원에게 알렸어요.` : ''}`,
            );
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * 정지 with its length (7일 first, decision 0054) and its reason (required; the audit log keeps
 * it). The dialog stays open on an error.
 */
function SuspendDialog({
  member,
  onClose,
  onDone,
}: {
  member: AdminMemberRow;
  onClose: () => void;
  onDone: (result: { closedReports: number; suspendedUntil: string | null }) => void;
}) {
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<SuspensionLength>(DEFAULT_SUSPENSION_LENGTH);
  const [error, setError] = useState('');
  const suspend = useSuspendMember();
  const { run, running } = useSingleFlight();
  const confirm = () =>
    void run(async () => {
      try {
        onDone(await suspend.mutateAsync({ memberId: member.memberId, reason, days: length }));
      } catch (e) {
        setError(errorText(e, '정지하지 못했어요.'));
      }
    });
  return (
    <Modal
      open
      onClose={onClose}
      title={`${nameOf(member)}님을 정지할까요?`}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            취소
          </Button>
          <Button onClick={confirm} disabled={running}>
            정지
          </Button>
        </>
      }
    >
      <p className={styles.muted}>
        바로 로그아웃되고 정지가 끝날 때까지 로그인할 수 없어요. 목록에서도 사라지고, 잡혀 있던 약속은 취소돼 상대에게 알림이 가요.
      </p>
      <SuspensionLengthPicker value={length} onChange={setLength} />
      <ToolbarField label="정지 사유 (기록에 남아요)">
        {(id) => (
          <textarea
            id={id}
            className={styles.textarea}
            value={reason}
            maxLength={SUSPEND_REASON_MAX}
            aria-invalid={error !== ''}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
          />
        )}
      </ToolbarField>
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
