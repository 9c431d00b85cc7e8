import { useId, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
 * Collapsed, a transcript shows the reported line whole and this many lines either side of it,
 * each cut to two lines of text: enough to read what it answered and what came back, while a
 * queue of cards with eleven long lines each stays short enough to triage.
 */
const COLLAPSED_AROUND = 2;

/**
 * The conversation around a reported message (contract section 16, extension: `context`), drawn
 * as a small chat: the reporter's lines on the right, the reported member's on the left, each
 * named in words too (for a screen reader, and for whoever cannot tell the sides apart); the
 * reported line outlined and labelled. A name is shown where the speaker changes, as chat apps
 * do; a date where the day does (a message at 3 a.m. reads differently). Collapsed until the
 * operator asks for the whole of it, when there is more to show.
 */
export function ReportTranscript({ report }: { report: AdminReport }) {
  const [expanded, setExpanded] = useState(false);
  // A neighbour cut short by its two-line clamp (measured: it depends on the card's width).
  const [clipped, setClipped] = useState(false);
  const listId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { context } = report;
  // The server always includes the reported line; without one, the first lines stand in.
  const at = Math.max(
    0,
    context.findIndex((line) => line.reported),
  );
  const from = Math.max(0, at - COLLAPSED_AROUND);
  const to = Math.min(context.length, at + COLLAPSED_AROUND + 1);
  const hidden = context.length - (to - from);
  const lines = expanded ? context : context.slice(from, to);

  useLayoutEffect(() => {
    if (expanded || !listRef.current) return;
    const cut = [...listRef.current.querySelectorAll<HTMLElement>('[data-clamped]')].some((bubble) => bubble.scrollHeight > bubble.clientHeight + 1);
    setClipped(cut);
  }, [expanded, context]);

  const collapsible = hidden > 0 || clipped;
  const toggle = () => {
    const next = !expanded;
    flushSync(() => setExpanded(next));
    // 접기 at the foot of a long transcript: the button moves up with the text it hid; keep it in sight.
    if (!next && typeof toggleRef.current?.scrollIntoView === 'function') toggleRef.current.scrollIntoView({ block: 'nearest' });
  };

  return (
    <>
      <ol ref={listRef} id={listId} className={styles.transcript} aria-label="신고된 메시지 앞뒤 대화">
        {lines.map((line, i) => {
          const before = lines[i - 1];
          const side = line.senderMemberId === report.reporter.memberId ? 'reporter' : 'target';
          const role = side === 'reporter' ? '신고자' : line.senderMemberId === report.target.memberId ? '신고 대상' : '';
          const sent = seoulParts(Date.parse(line.sentAt));
          const newDay = !before || !sameDay(seoulParts(Date.parse(before.sentAt)), sent);
          const speakerChanged = newDay || before.senderMemberId !== line.senderMemberId;
          // Collapsed, only the neighbours are cut: the reported line is the evidence, always whole.
          const clamp = !expanded && !line.reported;
          const bubble = [styles.bubble[side], line.reported ? styles.reported : '', clamp ? styles.clamped : ''].filter(Boolean).join(' ');
          return (
            <li key={line.messageId} className={styles.line[side]}>
              {newDay ? <span className={styles.day}>{dayLabel(sent)}</span> : null}
              <span className={speakerChanged ? styles.who : visuallyHidden}>
                {line.senderName ?? '(이름 없음)'}
                {role ? ` · ${role}` : ''}
              </span>
              {line.reported ? <span className={styles.reportedBadge}>신고된 메시지</span> : null}
              <div className={styles.row[side]}>
                <p className={bubble} data-clamped={clamp || undefined}>
                  {line.message}
                </p>
                <time className={styles.time} dateTime={line.sentAt}>
                  {clock(sent)}
                </time>
              </div>
            </li>
          );
        })}
      </ol>
      {collapsible ? (
        <button ref={toggleRef} type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={listId} onClick={toggle}>
          {expanded ? '대화 접기' : `대화 전체 보기 (메시지 ${context.length}개)`}
        </button>
      ) : null}
    </>
  );
}
