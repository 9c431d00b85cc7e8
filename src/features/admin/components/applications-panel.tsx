import { useState } from 'react';
import { formatMobile } from '../../../../contract/admin-values';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { downloadApplicationsCsv, useApplications, useUniversities } from '../../../entities/admin';
import { ApiError } from '../../../lib/http';
import { seoulMonth, UniversityMonthPicker } from './university-month-picker';
import * as styles from './admin-console.css';

const dateTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** 신청자: a month's mentor applications of one university, and the CSV of them. */
export function ApplicationsPanel() {
  const [universityId, setUniversityId] = useState<number | null>(null);
  const [month, setMonth] = useState(seoulMonth);
  return (
    <div className={styles.panel}>
      <UniversityMonthPicker universityId={universityId} onUniversity={setUniversityId} month={month} onMonth={setMonth} />
      {universityId === null ? <Spinner /> : <ApplicationsTable universityId={universityId} month={month} />}
    </div>
  );
}

function ApplicationsTable({ universityId, month }: { universityId: number; month: string }) {
  const rows = useApplications(universityId, month);
  const universities = useUniversities();
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState('');
  const name = universities.data?.find((u) => u.universityId === universityId)?.name ?? String(universityId);

  const download = async () => {
    setDownloading(true);
    setProblem('');
    try {
      const blob = await downloadApplicationsCsv(universityId, month);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `멘토신청-${name}-${month}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file by the next task.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : '파일을 만들지 못했어요.');
    } finally {
      setDownloading(false);
    }
  };

  if (rows.isPending) return <Spinner />;
  if (rows.isError)
    return (
      <p role="alert" className={styles.fieldError}>
        신청자 목록을 불러오지 못했어요.
      </p>
    );
  return (
    <>
      <div className={styles.actions}>
        <p className={styles.status}>
          {name} {month} 신청 {rows.data.length}명
        </p>
        <Button size="md" variant="dark" onClick={() => void download()} disabled={downloading}>
          {downloading ? '만드는 중…' : 'CSV 내려받기'}
        </Button>
        {problem ? (
          <p role="alert" className={styles.fieldError}>
            {problem}
          </p>
        ) : null}
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.muted}>멘토 신청자</caption>
          <thead>
            <tr>
              <th>이름</th>
              <th>학과</th>
              <th>학번</th>
              <th>휴대폰</th>
              <th>질문</th>
              <th>신청 시각</th>
            </tr>
          </thead>
          <tbody>
            {rows.data.length === 0 ? (
              <tr>
                <td colSpan={6}>이 달의 신청자가 없어요.</td>
              </tr>
            ) : (
              rows.data.map((row) => (
                <tr key={row.applicationId}>
                  <td>{row.memberName ?? '-'}</td>
                  <td>{row.department ?? '-'}</td>
                  <td>{row.studentNo ? `${row.studentNo}학번` : '-'}</td>
                  <td>{formatMobile(row.phone)}</td>
                  <td className={styles.question}>{row.question}</td>
                  <td>{dateTime.format(new Date(row.createdAt))}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
