import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

const OPERATOR = 'ops@catholic.ac.kr';
const member = (memberId: number, memberName: string, email: string) => ({ memberId, memberName, email, status: 'ACTIVE' });
const reporter = member(11, '가나', 'gana@catholic.ac.kr');
const target = member(12, '다라', 'dara@catholic.ac.kr');

/** Seoul 2026-09-07 14:NN, one line a minute. */
const line = (n: number, sender: typeof reporter, message: string, reported = false) => ({
  messageId: String(100 + n),
  senderMemberId: sender.memberId,
  senderName: sender.memberName,
  message,
  sentAt: `2026-09-07T05:${String(n).padStart(2, '0')}:00.000Z`,
  reported,
});

const report = (reportId: number, of: typeof target, extra: Record<string, unknown> = {}) => ({
  reportId,
  status: 'OPEN',
  resolution: null,
  reason: 'HARASSMENT',
  detail: null,
  messageId: null,
  messageText: null,
  createdAt: '2026-09-07T05:10:00.000Z',
  reporter,
  target: of,
  targetReportCount: 1,
  targetUniversityId: 1,
  context: [],
  ...extra,
});

function consoleApi(reports: unknown[]) {
  return [
    mswHttp.get(`${ORIGIN}/api/admin/me`, () => HttpResponse.json(ok({ operator: true, email: OPERATOR }))),
    mswHttp.get(`${ORIGIN}/api/admin/universities`, () => HttpResponse.json(ok([{ universityId: 1, name: '가톨릭대' }]))),
    mswHttp.get(`${ORIGIN}/api/admin/members/suspended`, () => HttpResponse.json(ok([]))),
    mswHttp.get(`${ORIGIN}/api/admin/reports`, () => HttpResponse.json(ok(reports))),
  ];
}

/** 신고 (contract section 16, extension): a report card as an operator deciding 정지 or 무시 reads it. */
describe('operator console 신고: a report card', () => {
  it('shows the conversation around the reported message in order, each line saying whose it is, the reported one marked', async () => {
    const context = [
      line(1, reporter, '오늘 점심 어때요?'),
      line(2, target, '싫어요'),
      line(3, target, '연락하지 마 ○○아', true),
      line(4, reporter, '무슨 말이에요?'),
    ];
    renderSignedIn('/admin?tab=reports', consoleApi([report(1, target, { messageId: '103', messageText: '연락하지 마 ○○아', context })]));

    const card = await waitFor(() => screen.getByRole('article', { name: '다라에 대한 신고' }));
    const transcript = within(card).getByRole('list', { name: '신고된 메시지 앞뒤 대화' });
    const lines = within(transcript).getAllByRole('listitem');
    expect(lines.map((li) => within(li).getByText(/오늘 점심|싫어요|연락하지|무슨 말/).textContent)).toEqual([
      '오늘 점심 어때요?',
      '싫어요',
      '연락하지 마 ○○아',
      '무슨 말이에요?',
    ]);
    // Whose line it is, in words (also for a screen reader), and in how it is drawn.
    expect(lines.map((li) => (li.textContent!.includes('가나 · 신고자') ? 'reporter' : li.textContent!.includes('다라 · 신고 대상') ? 'target' : '?'))).toEqual(
      ['reporter', 'target', 'target', 'reporter'],
    );
    expect(lines[0]!.className).toBe(lines[3]!.className);
    expect(lines[1]!.className).not.toBe(lines[0]!.className);
    // Only the reported line is marked, and it is not quoted a second time.
    expect(lines.map((li) => within(li).queryByText('신고된 메시지') !== null)).toEqual([false, false, true, false]);
    expect(within(card).getAllByText('연락하지 마 ○○아')).toHaveLength(1);
    expect(within(lines[0]!).getByText('오후 2:01')).toBeTruthy();
  });

  it('a long conversation is collapsed to the reported line and two either side, and 대화 전체 보기 opens and closes it from the keyboard', async () => {
    // As the server sends it: five lines before the reported one and five after, some of them long.
    const long = '점심 얘기를 길게 늘어놓는 메시지예요. '.repeat(12);
    const context = Array.from({ length: 11 }, (_, n) =>
      n === 5 ? line(n, target, '연락하지 마 ○○아', true) : line(n, n % 2 === 0 ? reporter : target, `${n}번째 줄 ${n % 3 === 0 ? long : ''}`),
    );
    renderSignedIn('/admin?tab=reports', consoleApi([report(1, target, { messageId: '105', messageText: '연락하지 마 ○○아', context })]));

    const card = await waitFor(() => screen.getByRole('article', { name: '다라에 대한 신고' }));
    const transcript = within(card).getByRole('list', { name: '신고된 메시지 앞뒤 대화' });
    const shown = () =>
      within(transcript)
        .getAllByRole('listitem')
        .map((li) => (li.textContent!.match(/(\d+)번째 줄/) ?? ['', '신고'])[1]);
    // Collapsed: lines 3 and 4, the reported line (whole, marked), 6 and 7.
    expect(shown()).toEqual(['3', '4', '신고', '6', '7']);
    expect(within(transcript).getByText('신고된 메시지')).toBeTruthy();
    expect(within(transcript).getByText('연락하지 마 ○○아')).toBeTruthy();
    // The first line shown still says who wrote it and on which day.
    expect(within(transcript).getAllByRole('listitem')[0]).toHaveTextContent('다라 · 신고 대상');
    expect(within(transcript).getAllByRole('listitem')[0]).toHaveTextContent('9월 7일 (월)');

    const toggle = within(card).getByRole('button', { name: '대화 전체 보기 (메시지 11개)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', transcript.id);

    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(shown()).toEqual(['0', '1', '2', '3', '4', '신고', '6', '7', '8', '9', '10']);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('대화 접기');
    expect(toggle).toHaveFocus();

    await user.keyboard(' ');
    expect(shown()).toEqual(['3', '4', '신고', '6', '7']);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('a conversation as short as the collapsed view has no toggle', async () => {
    const context = [line(1, reporter, '안녕하세요'), line(2, target, '연락하지 마', true), line(3, reporter, '네?')];
    renderSignedIn('/admin?tab=reports', consoleApi([report(1, target, { messageId: '102', messageText: '연락하지 마', context })]));
    const card = await waitFor(() => screen.getByRole('article', { name: '다라에 대한 신고' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    expect(within(card).queryByRole('button', { name: /대화/ })).toBeNull();
  });

  it('without a conversation (a profile report, or the room deleted since) quotes the copied message as before', async () => {
    renderSignedIn(
      '/admin?tab=reports',
      consoleApi([report(1, target, { messageId: '103', messageText: '지워진 방의 말' }), report(2, member(13, '마바', 'maba@catholic.ac.kr'))]),
    );
    const card = await waitFor(() => screen.getByRole('article', { name: '다라에 대한 신고' }));
    expect(within(card).getByText('지워진 방의 말')).toBeTruthy();
    expect(within(card).queryByRole('list', { name: '신고된 메시지 앞뒤 대화' })).toBeNull();
    expect(within(screen.getByRole('article', { name: '마바에 대한 신고' })).queryByRole('list')).toBeNull();
  });

  it('offers no 정지 on a report against the operator themself (GET /api/admin/me’s e-mail, in any case) and says why; 무시 stays', async () => {
    renderSignedIn('/admin?tab=reports', consoleApi([report(1, member(1, '운영자', 'Ops@Catholic.ac.kr')), report(2, target)]));

    const own = await waitFor(() => screen.getByRole('article', { name: '운영자에 대한 신고' }));
    expect(within(own).queryByRole('button', { name: '정지' })).toBeNull();
    expect(within(own).getByText('본인 계정은 정지할 수 없어요.')).toBeTruthy();
    expect(within(own).getByRole('button', { name: '무시' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: '다라에 대한 신고' })).getByRole('button', { name: '정지' })).toBeTruthy();
  });
});
