import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MENTOR_CONFIGS } from '../../contract/mentor';
import { registerMeetupMutations } from '../../src/entities/meetup';
import { PlanMeetupButton } from '../../src/features/meetups';
import { setAccessToken } from '../../src/lib/auth';
import { createQueryClient } from '../../src/lib/query-client';
import { fail, makeJwt, ok } from './support/helpers';
import { quietRest, renderApp, stubBrowser, memberDetail } from './support/member-fixtures';
import { server } from './support/msw-server';
import { ORIGIN, renderSignedIn } from './support/render-app';

/**
 * A refused form takes the user to the first field to fix: focus moves there (which scrolls it into
 * view) and the message is the field's description, for a check before sending and for the
 * server's field errors alike. Before this, the operator's 저장하기 left focus on the button with
 * 멘토 이름을 입력해 주세요. above the viewport, and the report sheet greyed 신고하기 out.
 */

/** The element's description as a screen reader reads it: the texts of its aria-describedby ids. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const MONTH = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7);
// A session date of this month, so the check before sending lets it through (the weekday is added).
const schedule = { ...MENTOR_CONFIGS.catholic.schedule, date: `${Number(MONTH.slice(5))}월 20일` };
const config = { ...MENTOR_CONFIGS.catholic, schedule, universityId: 1, month: MONTH, stored: true, updatedAt: null };

function renderAdmin(put = mswHttp.put(`${ORIGIN}/api/admin/universities/1/mentor`, () => HttpResponse.json(ok({ ...config })))) {
  renderSignedIn('/admin', [
    mswHttp.get(`${ORIGIN}/api/admin/me`, () => HttpResponse.json(ok({ operator: true, email: 'ops@catholic.ac.kr' }))),
    mswHttp.get(`${ORIGIN}/api/admin/universities`, () => HttpResponse.json(ok([{ universityId: 1, name: '가톨릭대' }]))),
    mswHttp.get(`${ORIGIN}/api/admin/universities/1/mentor`, () => HttpResponse.json(ok(config))),
    put,
  ]);
}

describe('the operator’s mentor editor', () => {
  it('an empty 멘토 이름 refused before sending takes focus there, the message describing the field', async () => {
    renderAdmin();
    const form = await screen.findByRole('form', { name: '멘토 정보 편집' });
    const name = await within(form).findByLabelText('멘토 이름');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: '저장하기' }));
    await waitFor(() => expect(name).toHaveFocus(), { timeout: 2000 });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(description(name)).toBe('멘토 이름을 입력해 주세요.');
  });

  it('a field the server refuses (400 with field errors) takes focus, the first one in the form', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAdmin(
      mswHttp.put(`${ORIGIN}/api/admin/universities/1/mentor`, () =>
        HttpResponse.json(
          fail('COMMON400', '입력값을 확인해 주세요.', { 'schedule.place': '장소를 다시 확인해 주세요.', mentorSub: '부제를 다시 확인해 주세요.' }),
          {
            status: 400,
          },
        ),
      ),
    );
    const form = await screen.findByRole('form', { name: '멘토 정보 편집' });
    await within(form).findByLabelText('부제');
    fireEvent.click(within(form).getByRole('button', { name: '저장하기' }));
    const sub = within(form).getByLabelText('부제');
    await waitFor(() => expect(sub).toHaveFocus(), { timeout: 2000 });
    expect(description(sub)).toBe('부제를 다시 확인해 주세요.');
    expect(description(within(form).getByLabelText('장소'))).toBe('장소를 다시 확인해 주세요.');
    log.mockRestore();
  });
});

const mentor = { ...MENTOR_CONFIGS.catholic, month: '2026-11', applied: false, applicants: 1, configured: true };

describe('the mentor application form', () => {
  it('a phone number the server refuses (400) is said at the field, which takes focus', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSignedIn('/monthly-mentor', [
      mswHttp.get(`${ORIGIN}/api/mentor`, () => HttpResponse.json(ok(mentor))),
      mswHttp.post(`${ORIGIN}/api/mentor/monthlyM`, () =>
        HttpResponse.json(fail('COMMON400', '입력값을 확인해 주세요.', { phone: '휴대폰 번호를 다시 확인해 주세요.' }), { status: 400 }),
      ),
    ]);
    const phone = await screen.findByLabelText('휴대폰 번호');
    fireEvent.change(phone, { target: { value: '01012345678' } });
    fireEvent.change(screen.getByLabelText('멘토에게 묻고 싶은 질문'), { target: { value: '하루가 궁금해요' } });
    fireEvent.click(screen.getByRole('button', { name: '신청하기' }));
    await waitFor(() => expect(phone).toHaveFocus(), { timeout: 2000 });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(description(phone)).toBe('휴대폰 번호를 다시 확인해 주세요.');
    log.mockRestore();
  });
});

const detail = memberDetail();

async function openReportSheet() {
  stubBrowser();
  let body: unknown;
  server.use(...quietRest);
  server.use(
    mswHttp.get(`${ORIGIN}/api/members/42`, () => HttpResponse.json(ok(detail))),
    mswHttp.post(`${ORIGIN}/api/reports`, async ({ request }) => {
      body = await request.json();
      return HttpResponse.json(ok({ reportId: 7 }));
    }),
  );
  renderApp('/profile/42');
  fireEvent.click(await screen.findByRole('button', { name: '신고하기' }));
  const sheet = await screen.findByRole('dialog', { name: '신고하기' });
  return { sheet, sent: () => body };
}

describe('the report sheet', () => {
  it('신고하기 without a reason takes focus to the reasons, the message describing them', async () => {
    const { sheet, sent } = await openReportSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: '신고하기' }));
    const first = within(sheet).getByRole('radio', { name: '괴롭힘' });
    await waitFor(() => expect(first).toHaveFocus(), { timeout: 2000 });
    expect(description(first)).toBe('신고 사유를 선택해 주세요.');
    expect(sent()).toBeUndefined();
  });

  it('over 500 characters: the text is kept, the count sits above the field, and a tap on 신고하기 says why at the field', async () => {
    const { sheet, sent } = await openReportSheet();
    fireEvent.click(within(sheet).getByRole('radio', { name: '노쇼' }));
    const field = within(sheet).getByLabelText('자세한 내용 (선택)');
    fireEvent.change(field, { target: { value: '가'.repeat(600) } });
    expect(field).toHaveValue('가'.repeat(600));
    expect(field).not.toHaveAttribute('maxLength');
    // The count comes before the field in reading order (in its label row), so it is on screen while typing.
    const count = within(sheet).getByText('600/500');
    expect(count.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(description(field)).toContain('자세한 내용은 500자 이하로 적어 주세요.');
    const button = within(sheet).getByRole('button', { name: '신고하기' });
    expect(button).toBeEnabled();
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(field).toHaveFocus(), { timeout: 2000 });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toBeUndefined();
    fireEvent.change(field, { target: { value: '약속에 안 나왔어요' } });
    expect(within(sheet).queryByText('자세한 내용은 500자 이하로 적어 주세요.')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: '신고하기' }));
    await waitFor(() => expect(sent()).toEqual({ targetMemberId: 42, reason: 'NO_SHOW', detail: '약속에 안 나왔어요' }));
  });
});

const MATCH = 7;
const SLOT = { startsAt: '2030-03-04T03:00:00.000Z', endsAt: '2030-03-04T04:00:00.000Z', place: '학생식당' };

/** 약속 잡기 over the app's own query client (its mutations registered), the server answering `propose`. */
async function openMeetupSheet(propose: () => Response = () => HttpResponse.json(ok({}))) {
  setAccessToken(makeJwt(3600));
  const sent: unknown[] = [];
  server.use(
    mswHttp.get(`${ORIGIN}/api/meetups`, () => HttpResponse.json(ok([]))),
    mswHttp.get(`${ORIGIN}/api/matches/${MATCH}/meetup-suggestions`, () => HttpResponse.json(ok([SLOT]))),
    mswHttp.post(`${ORIGIN}/api/matches/${MATCH}/meetups`, async ({ request }) => {
      sent.push(await request.json());
      return propose();
    }),
  );
  const queryClient = createQueryClient();
  registerMeetupMutations(queryClient);
  render(
    <QueryClientProvider client={queryClient}>
      <PlanMeetupButton matchId={MATCH} partnerName="이하늘" />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: '약속 잡기' }));
  const sheet = await screen.findByRole('dialog', { name: '이하늘님과 약속 잡기' });
  await within(sheet).findByRole('button', { name: /학생식당/ });
  return { sheet, sent };
}

describe('the meetup sheet (약속 잡기)', () => {
  it('an empty 장소 with a time of one’s own takes focus to 장소, the message describing it; nothing is sent', async () => {
    const { sheet, sent } = await openMeetupSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: '다른 날짜·시간 직접 정하기' }));
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    const place = within(sheet).getByRole('textbox', { name: /장소/ });
    await waitFor(() => expect(place).toHaveFocus(), { timeout: 2000 });
    expect(place).toHaveAttribute('aria-invalid', 'true');
    expect(description(place)).toBe('장소를 입력해 주세요.');
    expect(within(sheet).getByLabelText('날짜')).not.toHaveAttribute('aria-invalid');
    // Typing a place answers the message.
    fireEvent.change(place, { target: { value: '학생식당' } });
    expect(place).not.toHaveAttribute('aria-invalid');
    expect(within(sheet).queryByText('장소를 입력해 주세요.')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('a cleared 날짜 is marked and takes focus before 장소, each described by its message', async () => {
    const { sheet, sent } = await openMeetupSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: '다른 날짜·시간 직접 정하기' }));
    const date = within(sheet).getByLabelText('날짜');
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    await waitFor(() => expect(date).toHaveFocus(), { timeout: 2000 });
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(description(date)).toBe('날짜와 시간을 골라 주세요.');
    expect(within(sheet).getByLabelText('시간')).not.toHaveAttribute('aria-invalid');
    expect(description(within(sheet).getByRole('textbox', { name: /장소/ }))).toBe('장소를 입력해 주세요.');
    expect(sent).toEqual([]);
  });

  it('no time picked: focus goes to the first choice, described by 시간을 골라 주세요.', async () => {
    const { sheet, sent } = await openMeetupSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    const first = within(sheet).getByRole('button', { name: /학생식당/ });
    await waitFor(() => expect(first).toHaveFocus(), { timeout: 2000 });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(description(first)).toBe('시간을 골라 주세요.');
    expect(sent).toEqual([]);
  });

  it('a time the server refuses (400 on startsAt) is said at 날짜 and 시간, and 날짜 takes focus', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sheet, sent } = await openMeetupSheet(() =>
      HttpResponse.json(fail('COMMON400', '입력값을 확인해 주세요.', { startsAt: '지난 시간으로는 약속을 잡을 수 없어요.' }), { status: 400 }),
    );
    fireEvent.click(within(sheet).getByRole('button', { name: '다른 날짜·시간 직접 정하기' }));
    fireEvent.change(within(sheet).getByRole('textbox', { name: /장소/ }), { target: { value: '학생식당' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    const date = within(sheet).getByLabelText('날짜');
    await waitFor(() => expect(date).toHaveFocus(), { timeout: 2000 });
    expect(sent).toHaveLength(1);
    expect(description(date)).toBe('지난 시간으로는 약속을 잡을 수 없어요.');
    expect(description(within(sheet).getByLabelText('시간'))).toBe('지난 시간으로는 약속을 잡을 수 없어요.');
    log.mockRestore();
  });
});
