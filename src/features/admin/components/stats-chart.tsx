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
        scales: {
          x: { time: true, range: (_u, min, max) => (min === max ? [min - DAY, max + DAY] : [min, max]) },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [{}, { size: 48 }],
        // The x series' legend label is uPlot's English "Time" unless named: the console speaks Korean.
        series: [{ label: '날짜' }, ...series.map((s) => ({ label: s.label, stroke: resolveColor(s.stroke), width: 2, points: { show: days.length <= 31 } }))],
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
