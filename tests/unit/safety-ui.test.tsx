import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../contract/envelope';
import { notificationContent } from '../../contract/notifications';
import { useBlockMember, withoutMember } from '../../src/entities/block';
import { useMeetups } from '../../src/entities/meetup';
import { setAccessToken } from '../../src/lib/auth';
import { notificationTab } from '../../src/features/notifications';
import { fail, makeJwt, ok, renderWithQuery } from './support/helpers';
import { ORIGIN, quietRest, renderApp, stubBrowser, memberDetail } from './support/member-fixtures';
import { server } from './support/msw-server';

/** Contract section 15 as the student sees it: the quota message, expiry, the report sheet, blocks. */

const detail = memberDetail();

describe('safety in the PWA', () => {
  beforeEach(() => {
    stubBrowser();
    server.use(...quietRest);
    server.use(mswHttp.get(`${ORIGIN}/api/members/42`, () => HttpResponse.json(ok(detail))));
  });

  it('the pending quota refusal (429 MATCH_429_PENDING) is shown in Korean, word for word', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server.use(
      mswHttp.post(`${ORIGIN}/api/matches`, () => HttpResponse.json(fail('MATCH_429_PENDING', ERROR_CODES.MATCH_429_PENDING.message), { status: 429 })),
    );
    renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '런치챗 보내기' }));
    expect(await screen.findByText(ERROR_CODES.MATCH_429_PENDING.message)).toBeInTheDocument();
    expect(ERROR_CODES.MATCH_429_PENDING.message).toMatch(/요청/);
    expect(await screen.findByRole('button', { name: '런치챗 보내기' })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('a report from the profile sends the chosen reason and text, and needs a reason first', async () => {
    let body: unknown;
    server.use(
      mswHttp.post(`${ORIGIN}/api/reports`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ok({ reportId: 7 }));
      }),
    );
    renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '신고하기' }));
    const sheet = await screen.findByRole('dialog', { name: '신고하기' });
    fireEvent.click(within(sheet).getByRole('button', { name: '신고하기' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('신고 사유를 선택해 주세요.');
    expect(body).toBeUndefined();
    fireEvent.click(within(sheet).getByRole('radio', { name: '노쇼' }));
    expect(within(sheet).queryByRole('alert')).toBeNull();
    fireEvent.change(within(sheet).getByLabelText('자세한 내용 (선택)'), { target: { value: '  약속에 안 나왔어요  ' } });
    // Over 500 characters it says why; the button stays tappable and a tap sends nothing (form-errors-focus.test.tsx).
    fireEvent.change(within(sheet).getByLabelText('자세한 내용 (선택)'), { target: { value: '가'.repeat(501) } });
    expect(within(sheet).getByRole('alert')).toHaveTextContent('500자 이하');
    fireEvent.click(within(sheet).getByRole('button', { name: '신고하기' }));
    expect(body).toBeUndefined();
    fireEvent.change(within(sheet).getByLabelText('자세한 내용 (선택)'), { target: { value: '  약속에 안 나왔어요  ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '신고하기' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '신고하기' })).toBeNull());
    expect(body).toEqual({ targetMemberId: 42, reason: 'NO_SHOW', detail: '약속에 안 나왔어요' });
    expect(await screen.findByText('신고가 접수되었어요')).toBeInTheDocument();
  });

  it('a report the student already made is said to be under review, not received again', async () => {
    server.use(mswHttp.post(`${ORIGIN}/api/reports`, () => HttpResponse.json(ok({ reportId: 7, alreadyReported: true }))));
    renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '신고하기' }));
    const sheet = await screen.findByRole('dialog', { name: '신고하기' });
    fireEvent.click(within(sheet).getByRole('radio', { name: '노쇼' }));
    fireEvent.click(within(sheet).getByRole('button', { name: '신고하기' }));
    expect(await screen.findByText('이미 신고했어요')).toBeInTheDocument();
    expect(screen.getByText('운영진이 확인하고 있어요. 결과는 알림으로 알려 드릴게요.')).toBeInTheDocument();
  });

  it('a block made offline waits, says so, and is sent once the network is back', async () => {
    const posts: string[] = [];
    server.use(
      mswHttp.post(`${ORIGIN}/api/members/42/block`, ({ request }) => {
        posts.push(request.url);
        return HttpResponse.json(ok('BLOCK_SUCCESS'));
      }),
    );
    renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '차단하기' }));
    const dialog = await screen.findByRole('dialog', { name: '이하늘님을 차단할까요?' });
    expect(dialog).toHaveTextContent('상대에게는 알리지 않아요');
    act(() => onlineManager.setOnline(false));
    try {
      fireEvent.click(within(dialog).getByRole('button', { name: '차단하기' }));
      expect(await screen.findByText('연결되면 이하늘님을 차단할게요.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: '이하늘님을 차단할까요?' })).toBeNull();
      await new Promise((r) => setTimeout(r, 100));
      expect(posts).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('an expired request’s notification shows its text and opens 보낸 요청', () => {
    expect(notificationContent('MATCH_EXPIRED', '이하늘')).toBe('이하늘님에게 보낸 런치챗 요청이 만료되었어요.');
    expect(notificationTab('MATCH_EXPIRED')).toBe('REQUESTED');
  });
});

describe('withoutMember', () => {
  const card = (memberId: number) => ({ memberId, memberName: `m${memberId}` });
  it('takes a member out of card arrays, pages and infinite pages, and keeps untouched data identical', () => {
    const list = [card(1), card(2), card(3)];
    expect(withoutMember(list, 2)).toEqual([card(1), card(3)]);
    expect(withoutMember(list, 9)).toBe(list);
    const paged = { data: list, meta: { totalItems: 3 } };
    expect(withoutMember(paged, 1)).toEqual({ data: [card(2), card(3)], meta: { totalItems: 3 } });
    const infinite = { pages: [paged, { data: [card(4)], meta: {} }], pageParams: [0, 1] };
    expect(withoutMember(infinite, 4)).toEqual({ pages: [paged, { data: [], meta: {} }], pageParams: [0, 1] });
    expect(withoutMember(infinite, 9)).toBe(infinite);
    expect(withoutMember(undefined, 1)).toBeUndefined();
    expect(withoutMember({ other: 1 }, 1)).toEqual({ other: 1 });
  });
});

describe('a block and the meetup lists (section 15: the server cancels the pair’s open meetups with the block)', () => {
  /** What home's 다가오는 약속 reads (the upcoming list), next to a block of member 42. */
  function UpcomingAndBlock() {
    const upcoming = useMeetups('upcoming');
    const block = useBlockMember();
    return (
      <>
        <ul aria-label="다가오는 약속">
          {upcoming.data?.map((m) => (
            <li key={m.meetupId}>{m.partner.memberName}</li>
          ))}
        </ul>
        <button type="button" onClick={() => block.mutate(42)}>
          차단
        </button>
      </>
    );
  }

  it('the blocker’s open upcoming list is refetched and drops the pair’s meetup at once', async () => {
    let blocked = false;
    const meetup = {
      meetupId: 5,
      matchId: 1,
      proposerId: 42,
      partnerId: 1,
      startsAt: new Date(Date.now() + 7_200_000).toISOString(),
      endsAt: new Date(Date.now() + 10_800_000).toISOString(),
      place: '학생식당',
      status: 'CONFIRMED',
      createdAt: new Date().toISOString(),
      myCheckin: null,
      partner: { id: 42, memberName: '이하늘' },
      chatRoomId: 9,
    };
    server.use(
      mswHttp.get(`${ORIGIN}/api/meetups`, () => HttpResponse.json(ok(blocked ? [] : [meetup]))),
      mswHttp.post(`${ORIGIN}/api/members/42/block`, () => {
        blocked = true;
        return HttpResponse.json(ok('BLOCK_SUCCESS'));
      }),
    );
    setAccessToken(makeJwt(3600));
    renderWithQuery(<UpcomingAndBlock />);
    const list = screen.getByRole('list', { name: '다가오는 약속' });
    expect(await within(list).findByText('이하늘')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '차단' }));
    await waitFor(() => expect(within(list).queryByText('이하늘')).toBeNull());
  });
});
