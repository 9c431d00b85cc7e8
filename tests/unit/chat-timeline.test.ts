import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/stomp';
import { buildRows, mergeTimeline, type LocalMessage, type TimelineRow } from '../../src/features/chat/model/timeline';
import { formatDateHeading, formatListTime, formatMessageTime } from '../../src/features/chat/model/time';

const ME = 1;
const FRIEND = 2;
let serial = 0;

function msg(senderId: number, iso: string, content = `m${++serial}`, clientMessageId?: string): ChatMessage {
  const ms = Date.parse(iso);
  return {
    id: { value: `id-${++serial}`, timestamp: Math.floor(ms / 1000), date: new Date(ms).toISOString() },
    roomId: 7,
    senderId,
    content,
    createdAt: iso,
    unreadCount: 0,
    ...(clientMessageId ? { clientMessageId } : {}),
  };
}

const messageRows = (rows: TimelineRow[]) => rows.filter((row) => row.kind === 'message');

describe('time formats (Asia/Seoul)', () => {
  it('formats 12-hour times with 오전/오후', () => {
    expect(formatListTime('09:05')).toBe('오전 9:05');
    expect(formatListTime('00:00')).toBe('오전 12:00');
    expect(formatListTime('12:30')).toBe('오후 12:30');
    expect(formatListTime('23:59')).toBe('오후 11:59');
    expect(formatListTime(null)).toBe('');
    expect(formatListTime('2025-03-07T06:10:00Z')).toBe('오후 3:10');
  });

  it('formats date headings with Korean weekday names in Seoul time', () => {
    // 2025-03-07 15:00 UTC is already Saturday 00:00 in Seoul.
    expect(formatDateHeading(Date.parse('2025-03-07T15:00:00Z'))).toBe('2025년 03월 08일 (토요일)');
    expect(formatDateHeading(Date.parse('2025-03-07T14:59:00Z'))).toBe('2025년 03월 07일 (금요일)');
    expect(formatMessageTime(Date.parse('2025-03-07T14:59:00Z'))).toBe('오후 11:59');
  });
});

describe('grouping', () => {
  it('inserts one heading per Seoul day, in order', () => {
    const timeline = mergeTimeline(
      [msg(FRIEND, '2025-03-07T14:58:00+00:00'), msg(ME, '2025-03-07T15:01:00+00:00'), msg(FRIEND, '2025-03-06T01:00:00+00:00')],
      [],
      ME,
    );
    const headings = buildRows(timeline)
      .filter((row) => row.kind === 'date')
      .map((row) => (row.kind === 'date' ? row.label : ''));
    expect(headings).toEqual(['2025년 03월 06일 (목요일)', '2025년 03월 07일 (금요일)', '2025년 03월 08일 (토요일)']);
  });

  it('hides the time when the next message is the same sender in the same minute', () => {
    const rows = messageRows(
      buildRows(
        mergeTimeline(
          [
            msg(FRIEND, '2025-03-07T03:00:05Z', 'a'),
            msg(FRIEND, '2025-03-07T03:00:40Z', 'b'),
            msg(ME, '2025-03-07T03:00:50Z', 'c'),
            msg(ME, '2025-03-07T03:01:10Z', 'd'),
            msg(FRIEND, '2025-03-07T03:01:20Z', 'e'),
          ],
          [],
          ME,
        ),
      ),
    );
    const view = rows.map((row) => (row.kind === 'message' ? [row.message.content, row.showTime, row.runStart, row.message.mine] : []));
    expect(view).toEqual([
      ['a', false, true, false],
      ['b', true, false, false],
      ['c', true, true, true],
      ['d', true, false, true],
      ['e', true, true, false],
    ]);
  });

  it('keeps the time on a sent message followed by a pending one in the same minute', () => {
    const rows = messageRows(
      buildRows(
        mergeTimeline(
          [msg(ME, '2025-03-07T03:00:05Z', 'sent')],
          [{ clientMessageId: 'p1', content: 'pending', createdAt: '2025-03-07T03:00:20Z', status: 'pending' }],
          ME,
        ),
      ),
    );
    expect(rows.map((row) => row.kind === 'message' && [row.message.content, row.showTime])).toEqual([
      ['sent', true],
      ['pending', true],
    ]);
  });

  it('starts a new run (avatar and name) after a date heading', () => {
    const rows = messageRows(buildRows(mergeTimeline([msg(FRIEND, '2025-03-07T14:59:00Z'), msg(FRIEND, '2025-03-07T15:00:00Z')], [], ME)));
    expect(rows.map((row) => row.kind === 'message' && row.runStart)).toEqual([true, true]);
  });
});

describe('mergeTimeline', () => {
  it('shows a message once when its echo arrives while it is still in the outbox', () => {
    const local: LocalMessage[] = [
      { clientMessageId: 'c1', content: 'hello', createdAt: '2025-03-07T03:00:00Z', status: 'pending' },
      { clientMessageId: 'c2', content: 'again', createdAt: '2025-03-07T03:00:01Z', status: 'pending' },
    ];
    const echo = msg(ME, '2025-03-07T03:00:02Z', 'hello', 'c1');
    const timeline = mergeTimeline([echo, echo], local, ME);
    expect(timeline.map((m) => [m.content, m.status])).toEqual([
      ['hello', 'sent'],
      ['again', 'pending'],
    ]);
  });

  it('dedupes messages delivered both live and by a page fetch', () => {
    const one = msg(FRIEND, '2025-03-07T03:00:00Z');
    expect(mergeTimeline([one, { ...one }], [], ME)).toHaveLength(1);
  });
});

describe('read markers (contract section 17)', () => {
  it('marks only my messages the friend has not read, and my sent-but-not-echoed ones', () => {
    const mineUnread = { ...msg(ME, '2025-03-07T03:00:00+00:00', '안 읽음'), unreadCount: 1 };
    const mineRead = { ...msg(ME, '2025-03-07T03:01:00+00:00', '읽음'), unreadCount: 0 };
    const friends = { ...msg(FRIEND, '2025-03-07T03:02:00+00:00', '친구'), unreadCount: 1 };
    const timeline = mergeTimeline(
      [mineUnread, mineRead, friends],
      [
        { clientMessageId: 'sent-1', content: '보냄', createdAt: '2025-03-07T03:03:00.000Z', status: 'sent' },
        { clientMessageId: 'pending-1', content: '대기', createdAt: '2025-03-07T03:04:00.000Z', status: 'pending' },
      ],
      ME,
    );
    expect(timeline.map((m) => [m.content, m.unread])).toEqual([
      ['안 읽음', true],
      ['읽음', false],
      ['친구', false],
      ['보냄', true],
      ['대기', false],
    ]);
  });
});
