import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

/**
 * 정지 기간 (contract section 16, extension): both 정지 dialogs (a report's and the 회원 tab's) ask
 * 7일 · 30일 · 영구 with 7일 chosen (decision 0054), send `days` (none for 영구), and the lists
 * say until when. Before, a 정지 had no length and the lists no end.
 */
const WEEK_END = '2026-12-05T06:00:00.000Z'; // 2026-12-05 15:00 in Seoul

const row = (memberId: number, memberName: string, status = 'ACTIVE', suspendedUntil: string | null = null) => ({
  memberId,
  memberName,
  email: `${memberName}@catholic.ac.kr`,
  universityId: 1,
  department: '심리학과',
  studentNo: '23',
  status,
  openReports: 0,
  createdAt: '2026-09-01T03:00:00.000Z',
  suspendedUntil,
});

const report = {
  reportId: 41,
  status: 'OPEN',
  resolution: null,
  reason: 'NO_SHOW',
  detail: '약속에 안 나왔어요',
  messageId: null,
  messageText: null,
  createdAt: '2026-11-27T03:00:00.000Z',
  reporter: { memberId: 7, memberName: '신고자', email: 'rep@catholic.ac.kr', status: 'ACTIVE' },
  target: { memberId: 8, memberName: '노쇼왕', email: 'noshow@catholic.ac.kr', status: 'ACTIVE' },
  targetReportCount: 1,
  targetUniversityId: 1,
  context: [],
};

const common = [
  mswHttp.get(`${ORIGIN}/api/admin/me`, () => HttpResponse.json(ok({ operator: true, email: 'ops@catholic.ac.kr' }))),
  mswHttp.get(`${ORIGIN}/api/admin/universities`, () => HttpResponse.json(ok([{ universityId: 1, name: '가톨릭대' }]))),
];

describe('operator console: 정지 기간', () => {
  it('회원 tab: the dialog offers 7일 · 30일 · 영구 with 7일 chosen; 30일 sends days 30, 영구 sends none; the table shows each end', async () => {
    const bodies: unknown[] = [];
    renderSignedIn('/admin?tab=members', [
      ...common,
      mswHttp.get(`${ORIGIN}/api/admin/members`, () =>
        HttpResponse.json(
          ok({
            entries: [row(2, '김민지'), row(3, '이서준'), row(4, '박기간', 'DISABLED', WEEK_END), row(5, '최영구', 'DISABLED', null)],
            hasNext: false,
          }),
        ),
      ),
      mswHttp.post(`${ORIGIN}/api/admin/members/:id/suspend`, async ({ request, params }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ memberId: Number(params.id), closedReports: 0, suspendedUntil: params.id === '2' ? WEEK_END : null }));
      }),
    ]);
    const user = userEvent.setup();

    // The list says until when a suspension lasts.
    expect(within(await screen.findByRole('row', { name: /박기간/ })).getByText('2026-12-05 15:00까지')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /최영구/ })).getByText('영구')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '김민지님 정지' }));
    const dialog = await screen.findByRole('dialog');
    const length = within(dialog).getByRole('group', { name: '정지 기간' });
    expect(
      within(length)
        .getAllByRole('radio')
        .map((r) => [r.closest('label')?.textContent, (r as HTMLInputElement).checked]),
    ).toEqual([
      ['7일', true],
      ['30일', false],
      ['영구', false],
    ]);
    expect(within(dialog).getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d쯤 자동으로 해제돼요\.$/)).toBeTruthy();
    await user.click(within(length).getByRole('radio', { name: '30일' }));
    await user.type(within(dialog).getByRole('textbox', { name: /정지 사유/ }), '노쇼 두 번');
    await user.click(within(dialog).getByRole('button', { name: '정지' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: '노쇼 두 번', days: 30 }]));
    expect(await screen.findByText('김민지님을 정지했어요 (2026-12-05 15:00까지). 바로 로그아웃돼요.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '이서준님 정지' }));
    const second = await screen.findByRole('dialog');
    await user.click(within(second).getByRole('radio', { name: '영구' }));
    expect(within(second).getByText('운영자가 정지를 해제할 때까지 계속돼요.')).toBeTruthy();
    await user.type(within(second).getByRole('textbox', { name: /정지 사유/ }), '욕설');
    await user.click(within(second).getByRole('button', { name: '정지' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: '노쇼 두 번', days: 30 }, { reason: '욕설' }]));
    expect(await screen.findByText('이서준님을 정지했어요 (영구). 바로 로그아웃돼요.')).toBeTruthy();
  });

  it('신고 tab: 정지 asks the length too (7일 chosen) and sends it with the decision; the suspended list shows each end', async () => {
    const bodies: unknown[] = [];
    renderSignedIn('/admin?tab=reports', [
      ...common,
      mswHttp.get(`${ORIGIN}/api/admin/reports`, () => HttpResponse.json(ok([report]))),
      mswHttp.get(`${ORIGIN}/api/admin/members/suspended`, () =>
        HttpResponse.json(
          ok([
            {
              memberId: 4,
              memberName: '박기간',
              email: 'p@catholic.ac.kr',
              universityId: 1,
              suspendedAt: '2026-11-28T06:00:00.000Z',
              suspendedUntil: WEEK_END,
            },
            { memberId: 5, memberName: '최영구', email: 'c@catholic.ac.kr', universityId: 1, suspendedAt: '2026-11-20T06:00:00.000Z', suspendedUntil: null },
          ]),
        ),
      ),
      mswHttp.patch(`${ORIGIN}/api/admin/reports/:id`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ reportId: 41, action: 'SUSPEND', targetMemberId: 8, closedReports: 1, suspendedUntil: WEEK_END }));
      }),
    ]);
    const user = userEvent.setup();

    const suspended = await screen.findByRole('region', { name: '정지된 회원' });
    expect(within(within(suspended).getByRole('row', { name: /박기간/ })).getByText('2026-12-05 15:00까지')).toBeTruthy();
    expect(within(within(suspended).getByRole('row', { name: /최영구/ })).getByText('영구')).toBeTruthy();

    const card = await screen.findByRole('article', { name: '노쇼왕에 대한 신고' });
    await user.click(within(card).getByRole('button', { name: '정지' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('radio', { name: '7일' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: '정지' }));
    await waitFor(() => expect(bodies).toEqual([{ action: 'SUSPEND', days: 7 }]));
    expect(await screen.findByText('노쇼왕님을 정지했어요 (2026-12-05 15:00까지). 바로 로그아웃돼요.')).toBeTruthy();
  });
});
