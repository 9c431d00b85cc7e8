import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import * as styles from './admin-console.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A theme colour (`vars.color.*`). */
  stroke: string;
}

const DAY = 86_400;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** uPlot's names for `{MMMM} {MMM} {WWWW} {WWW}` in date templates; its own are English. */
const KOREAN_DATE_NAMES: uPlot.DateNames = {
  MMMM: Array.from({ length: 12 }, (_, i) => `${i + 1}월`),
  MMM: Array.from({ length: 12 }, (_, i) => `${i + 1}월`),
  WWWW: ['일요일', '월요일', '화요일', '수요일', '목요일', '금요일', '토요일'],
  WWW: ['일', '월', '화', '수', '목', '금', '토'],
};

/**
 * x-axis tick steps in seconds, whole days and up (uPlot snaps its 30- and 365-day steps to the
 * starts of months and years). The rows are days: a short range gets no ticks between them.
 */
const X_INCRS = [1, 2, 3, 4, 5, 7, 10, 15]
  .map((n) => n * DAY)
  .concat(
    [1, 2, 3, 4, 6].map((n) => n * MONTH),
    [1, 2, 5].map((n) => n * YEAR),
  );

/** y-axis tick steps: the rows are counts, so whole numbers only (uPlot's own steps go to 0.2). */
const Y_INCRS = [1, 2, 5].flatMap((n) => [1, 10, 100, 1_000, 10_000, 100_000].map((p) => n * p)).sort((a, b) => a - b);

/**
 * x-axis labels in Korean, as uPlot's documented `axes[].values` table: per tick step from
 * (seconds), the label, then the label where a year / month / day / hour / minute / second
 * begins (null: the plain one), and 1 to add that to the plain label or 0 to put it instead.
 * Months show the year where it begins ("2026년 1월 · 2월 · 3월"); days add it as a second line.
 */
const X_VALUES: uPlot.Axis.TimeValuesConfig = [
  [YEAR, '{YYYY}년', null, null, null, null, null, null, 1],
  [28 * DAY, '{M}월', '{YYYY}년 {M}월', null, null, null, null, null, 0],
  [DAY, '{M}월 {D}일', '\n{YYYY}년', null, null, null, null, null, 1],
];

/** `var(--x)` → its value on the document (uPlot strokes a canvas, which knows no CSS variables). */
function resolveColor(value: string): string {
  const name = /^var\((--[^),\s]+)/.exec(value)?.[1];
  return name ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() || value : value;
}

/**
 * One uPlot line chart (decision 0016-admin-console). uPlot draws on a canvas and lives outside
 * React: made once per data change, resized with its box, destroyed on unmount.
 */
export function StatsChart({ title, days, series }: { title: string; days: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // x: Seoul midnight of each day, in seconds (uPlot's time scale).
    const xs = days.map((d) => Date.parse(`${d}T00:00:00+09:00`) / 1000);
    const plot = new uPlot(
      {
        title,
        width: Math.max(el.clientWidth, 280),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Seoul'),
        fmtDate: (template) => uPlot.fmtDate(template, KOREAN_DATE_NAMES),
        scales: {
          // One day: half a day either side, so the point and its one tick sit in the middle and
          // the axis names no day outside the range. (uPlot widens a single point's x range by
          // itself, but by 86,400 of its time units, which with timestamps in seconds is 1,000
          // days: the point stood at the left edge of years. The range function is handed that
          // widened range, so it looks at the data, not at min === max.)
          x: { time: true, range: (_u, min, max) => (xs.length === 1 ? [xs[0]! - DAY / 2, xs[0]! + DAY / 2] : [min, max]) },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        // Room on the right for half of a last day label ("11월 29일") centred on the plot's edge.
        padding: [null, 36, null, null],
        axes: [
          { space: 80, incrs: X_INCRS, values: X_VALUES },
          { size: 48, incrs: Y_INCRS },
        ],
        // The x series' legend label is uPlot's English "Time" unless named, its value "2026-11-26 12:00am".
        series: [
          { label: '날짜', value: '{YYYY}년 {M}월 {D}일 ({WWW})' },
          ...series.map((s) => ({ label: s.label, stroke: resolveColor(s.stroke), width: 2, points: { show: days.length <= 31 } })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 280), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [title, days, series]);
  return <div ref={box} className={styles.chart} role="img" aria-label={`${title} 차트 (숫자는 옆 표에 있어요)`} />;
}
