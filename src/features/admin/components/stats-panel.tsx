import { useMemo, useState } from 'react';
import { STATS_FIELDS, STATS_MAX_DAYS } from '../../../../contract/admin-values';
import type { StatsRow } from '../../../../contract/admin';
import { Spinner } from '../../../components/ui/spinner';
import { useStats } from '../../../entities/admin';
import { errorText } from '../../../lib/http';
import { StatsChart, type ChartSeries } from './stats-chart';
import { ToolbarField } from './toolbar-field';
import { UniversityMonthPicker } from './university-month-picker';
import { vars } from '../../../styles/theme.css';
import * as styles from './admin-console.css';

const LABELS: Record<(typeof STATS_FIELDS)[number], string> = {
  signups: '가입',
  activeMembers: '활동 회원',
  requests: '요청',
  accepts: '수락',
  messages: '메시지',
  meetupsConfirmed: '약속 확정',
  meetupsDone: '만남 완료',
};

/** Chart colours from the theme (a canvas needs the values, not the CSS variables). */
const STROKES = [vars.color.brandStrong, vars.color.focus, vars.color.text, vars.color.danger];

const CHARTS: { title: string; fields: (typeof STATS_FIELDS)[number][] }[] = [
  { title: '가입 · 활동 회원', fields: ['signups', 'activeMembers'] },
  { title: '런치챗 요청 · 수락', fields: ['requests', 'accepts'] },
  { title: '메시지', fields: ['messages'] },
  { title: '약속', fields: ['meetupsConfirmed', 'meetupsDone'] },
];

const seoulToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** 통계: daily numbers for a range and university, as charts and as a table. */
export function StatsPanel() {
  const [to, setTo] = useState(seoulToday);
  const [from, setFrom] = useState(() => daysBefore(seoulToday(), 29));
  const [universityId, setUniversityId] = useState<number | null>(null);
  const stats = useStats(from, to, universityId);
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <UniversityMonthPicker universityId={universityId} onUniversity={setUniversityId} allowAll />
        <ToolbarField label="시작일">
          {(id) => <input id={id} className={styles.input} type="date" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} />}
        </ToolbarField>
        <ToolbarField label="종료일">
          {(id) => <input id={id} className={styles.input} type="date" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} />}
        </ToolbarField>
        <p className={styles.muted}>최대 {STATS_MAX_DAYS}일 · 서울 날짜 기준</p>
      </div>
      {stats.isPending ? (
        <Spinner />
      ) : stats.isError ? (
        <p role="alert" className={styles.fieldError}>
          {errorText(stats.error, '통계를 불러오지 못했어요.')}
        </p>
      ) : (
        <StatsView rows={stats.data} />
      )}
    </div>
  );
}

function StatsView({ rows }: { rows: StatsRow[] }) {
  const days = useMemo(() => rows.map((r) => r.date), [rows]);
  const charts = useMemo(
    () =>
      CHARTS.map((chart) => ({
        title: chart.title,
        series: chart.fields.map((field, index): ChartSeries => ({
          label: LABELS[field],
          values: rows.map((r) => r[field]),
          stroke: STROKES[index % STROKES.length]!,
        })),
      })),
    [rows],
  );
  const totals = STATS_FIELDS.map((field) => rows.reduce((sum, r) => sum + r[field], 0));
  return (
    <div className={styles.statsGrid}>
      <div className={styles.panel}>
        {charts.map((chart) => (
          <div key={chart.title} className={styles.card}>
            <StatsChart title={chart.title} days={days} series={chart.series} />
          </div>
        ))}
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.muted}>일별 통계</caption>
          <thead>
            <tr>
              <th scope="col">날짜</th>
              {STATS_FIELDS.map((field) => (
                <th key={field} scope="col" className="num">
                  {LABELS[field]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.date}>
                <th scope="row">{row.date}</th>
                {STATS_FIELDS.map((field) => (
                  <td key={field} className="num">
                    {row[field].toLocaleString('ko-KR')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">합계</th>
              {totals.map((total, index) => (
                <td key={STATS_FIELDS[index]} className="num">
                  {total.toLocaleString('ko-KR')}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
