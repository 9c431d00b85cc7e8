import type { AdminReport } from '../../../../contract/admin';
import { seoulParts } from '../../../../contract/seoul-time';
import { visuallyHidden } from '../../../styles/a11y.css';
import * as styles from './report-transcript.css';

const WEEKDAYS = '일월화수목금토';
/** By hand from Seoul's parts, as the chat screens do: Intl's Korean day period differs between engines (`PM` in some). */
const clock = (p: SeoulParts) => `${p.hour < 12 ? '오전' : '오후'} ${p.hour % 12 || 12}:${String(p.minute).padStart(2, '0')}`;
const dayLabel = (p: SeoulParts) => `${p.month}월 ${p.day}일 (${WEEKDAYS[p.weekday] ?? ''})`;
const sameDay = (a: SeoulParts, b: SeoulParts) => a.year === b.year && a.month === b.month && a.day === b.day;
type SeoulParts = ReturnType<typeof seoulParts>;

/**
 * The conversation around a reported message (contract section 16, extension: `context`), drawn
 * as a small chat: the reporter's lines on the right, the reported member's on the left, each
 * named in words too (for a screen reader, and for whoever cannot tell the sides apart); the
 * reported line outlined and labelled. A name is shown where the speaker changes, as chat apps
 * do; a date where the day does (a message at 3 a.m. reads differently).
 */
export function ReportTranscript({ report }: { report: AdminReport }) {
  return (
    <ol className={styles.transcript} aria-label="신고된 메시지 앞뒤 대화">
      {report.context.map((line, i) => {
        const before = report.context[i - 1];
        const side = line.senderMemberId === report.reporter.memberId ? 'reporter' : 'target';
        const role = side === 'reporter' ? '신고자' : line.senderMemberId === report.target.memberId ? '신고 대상' : '';
        const sent = seoulParts(Date.parse(line.sentAt));
        const newDay = !before || !sameDay(seoulParts(Date.parse(before.sentAt)), sent);
        const speakerChanged = newDay || before.senderMemberId !== line.senderMemberId;
        return (
          <li key={line.messageId} className={styles.line[side]}>
            {newDay ? <span className={styles.day}>{dayLabel(sent)}</span> : null}
            <span className={speakerChanged ? styles.who : visuallyHidden}>
              {line.senderName ?? '(이름 없음)'}
              {role ? ` · ${role}` : ''}
            </span>
            {line.reported ? <span className={styles.reportedBadge}>신고된 메시지</span> : null}
            <div className={styles.row[side]}>
              <p className={line.reported ? `${styles.bubble[side]} ${styles.reported}` : styles.bubble[side]}>{line.message}</p>
              <time className={styles.time} dateTime={line.sentAt}>
                {clock(sent)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
