import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Meetup } from '../../contract/meetups';
import { Toaster } from '../../src/components/ui/toast';
import { meetupKeys, registerMeetupMutations } from '../../src/entities/meetup';
import { ProfilePlanMeetup, RoomMeetup } from '../../src/features/meetups';
import { setAccessToken } from '../../src/lib/auth';
import { fail, makeJwt, ok } from './support/helpers';
import { meetupLists } from './support/member-fixtures';
import { server } from './support/msw-server';

/**
 * The chat room's meetup strip (contract section 14) when the pair's open meetup appears under the
 * 약속 잡기 sheet: every meetup write refetches the upcoming list (and the app refetches it live
 * when a meetup notification arrives), and the pair's open meetup takes the 약속 잡기 button's
 * place. The sheet must not vanish with the button: it says why no proposal can go.
 */
const ORIGIN = window.location.origin;
const HOUR = 3_600_000;
const ME = 1;
const FRIEND = 42;
const MATCH = 7;
const PARTNER_FIRST = '상대가 먼저 약속을 제안했어요. 제안을 확인해 주세요.';
const slot = { startsAt: new Date(Date.now() + 24 * HOUR).toISOString(), endsAt: new Date(Date.now() + 25 * HOUR).toISOString(), place: '학생식당' };

const meetup = (proposerId: number): Meetup => ({
  meetupId: 5,
  matchId: MATCH,
  proposerId,
  partnerId: proposerId === ME ? FRIEND : ME,
  ...slot,
  status: 'PROPOSED',
  createdAt: new Date().toISOString(),
  myCheckin: null,
  partner: { id: FRIEND, memberName: '이하늘' },
  chatRoomId: 9,
});

function renderRoomStrip() {
  setAccessToken(makeJwt(3600, String(ME)));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  registerMeetupMutations(queryClient);
  render(
    <QueryClientProvider client={queryClient}>
      <RoomMeetup friendId={FRIEND} friendName="이하늘" />
      <Toaster />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** 약속 잡기 → the first suggestion; returns the sheet. */
async function pickFirstSuggestion() {
  fireEvent.click(await screen.findByRole('button', { name: '약속 잡기' }));
  const sheet = await screen.findByRole('dialog', { name: '이하늘님과 약속 잡기' });
  fireEvent.click(await within(sheet).findByRole('button', { name: /학생식당/ }));
  return sheet;
}

/** The sheet is still up, says the partner proposed first, keeps the pick, and sends nothing more. */
async function expectPartnerFirst(sheet: HTMLElement) {
  expect(await within(sheet).findByRole('alert')).toHaveTextContent(PARTNER_FIRST);
  expect(screen.getByRole('dialog', { name: '이하늘님과 약속 잡기' })).toBe(sheet);
  expect(within(sheet).getByRole('button', { name: /학생식당/ })).toHaveAttribute('aria-pressed', 'true');
  expect(within(sheet).getByRole('button', { name: '약속 제안하기' })).toBeDisabled();
  // Closed, the partner's proposal is there to answer.
  fireEvent.click(within(sheet).getByRole('button', { name: '닫기' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '이하늘님과 약속 잡기' })).toBeNull());
  const card = screen.getByRole('article', { name: '이하늘님과의 약속' });
  expect(card).toHaveTextContent('이하늘님이 제안했어요');
  expect(within(card).getByRole('button', { name: '수락' })).toBeInTheDocument();
}

describe('RoomMeetup: the partner’s proposal arriving under the 약속 잡기 sheet', () => {
  let upcoming: Meetup[];
  let proposals: number;
  beforeEach(() => {
    upcoming = [];
    proposals = 0;
    server.use(
      mswHttp.get(`${ORIGIN}/api/matches`, () =>
        HttpResponse.json(
          ok({
            data: [{ id: MATCH, matchedUser: { id: FRIEND } }],
            meta: { currentPage: 0, pageSize: 50, totalItems: 1, totalPages: 1, hasNext: false },
          }),
        ),
      ),
      mswHttp.get(`${ORIGIN}/api/matches/${MATCH}/meetup-suggestions`, () => HttpResponse.json(ok([slot]))),
      mswHttp.get(`${ORIGIN}/api/meetups`, () => HttpResponse.json(ok(upcoming))),
      mswHttp.post(`${ORIGIN}/api/matches/${MATCH}/meetups`, () => {
        proposals++;
        // The partner's proposal committed a moment before this one: the server refuses it.
        upcoming = [meetup(FRIEND)];
        return HttpResponse.json(fail('MEETUP_409', PARTNER_FIRST, { _: PARTNER_FIRST }), { status: 409 });
      }),
    );
  });

  it('sent at the same time (409): the sheet stays and says so, over the partner’s card that replaced the button', async () => {
    renderRoomStrip();
    const sheet = await pickFirstSuggestion();
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    await expectPartnerFirst(sheet);
    expect(proposals).toBe(1);
  });

  it('arriving while the student picks (the list refetched live): the sheet says so before anything is sent', async () => {
    const queryClient = renderRoomStrip();
    const sheet = await pickFirstSuggestion();
    upcoming = [meetup(FRIEND)];
    await act(() => queryClient.invalidateQueries({ queryKey: meetupKeys.all }));
    await expectPartnerFirst(sheet);
    expect(proposals).toBe(0);
  });

  it('a proposal that goes through closes the sheet and says it was sent', async () => {
    server.use(
      mswHttp.post(`${ORIGIN}/api/matches/${MATCH}/meetups`, () => {
        upcoming = [meetup(ME)];
        return HttpResponse.json(ok(meetup(ME)));
      }),
    );
    renderRoomStrip();
    const sheet = await pickFirstSuggestion();
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    expect((await screen.findByText('약속을 제안했어요')).closest('[data-testid="toast"]')).toHaveTextContent('이하늘님이 수락하면 확정돼요.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '이하늘님과 약속 잡기' })).toBeNull());
    expect(screen.getByRole('article', { name: '이하늘님과의 약속' })).toHaveTextContent('이하늘님의 답을 기다리고 있어요');
  });
});

describe('RoomMeetup: the 약속 잡기 sheet’s errors', () => {
  let accepted: { id: number; matchedUser: { id: number } }[];
  beforeEach(() => {
    accepted = [{ id: MATCH, matchedUser: { id: FRIEND } }];
    server.use(
      mswHttp.get(`${ORIGIN}/api/matches`, () =>
        HttpResponse.json(ok({ data: accepted, meta: { currentPage: 0, pageSize: 50, totalItems: accepted.length, totalPages: 1, hasNext: false } })),
      ),
      mswHttp.get(`${ORIGIN}/api/matches/${MATCH}/meetup-suggestions`, () => HttpResponse.json(ok([slot]))),
      mswHttp.get(`${ORIGIN}/api/meetups`, () => HttpResponse.json(ok([]))),
    );
  });

  it('"시간을 골라 주세요." goes away once a time is picked', async () => {
    renderRoomStrip();
    fireEvent.click(await screen.findByRole('button', { name: '약속 잡기' }));
    const sheet = await screen.findByRole('dialog', { name: '이하늘님과 약속 잡기' });
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('시간을 골라 주세요.');
    fireEvent.click(await within(sheet).findByRole('button', { name: /학생식당/ }));
    expect(within(sheet).queryByRole('alert')).toBeNull();
  });

  it('a proposal refused with 404 (blocked meanwhile: the match is gone) keeps the sheet and what was typed, and says why', async () => {
    server.use(
      mswHttp.post(`${ORIGIN}/api/matches/${MATCH}/meetups`, () => {
        // The partner blocked the student a moment before: the pair's match and meetups answer as gone.
        accepted = [];
        return HttpResponse.json(fail('MEETUP_404', '약속을 찾을 수 없어요.'), { status: 404 });
      }),
    );
    renderRoomStrip();
    const sheet = await pickFirstSuggestion();
    fireEvent.change(within(sheet).getByRole('textbox', { name: /장소/ }), { target: { value: '정문 앞 카페' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('약속을 찾을 수 없어요.');
    // Still up after the refetches the refusal set off (the accepted match is gone by then).
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByRole('dialog', { name: '이하늘님과 약속 잡기' })).toBe(sheet);
    expect(within(sheet).getByRole('alert')).toHaveTextContent('약속을 찾을 수 없어요.');
    expect(within(sheet).getByRole('textbox', { name: /장소/ })).toHaveValue('정문 앞 카페');
    fireEvent.click(within(sheet).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '이하늘님과 약속 잡기' })).toBeNull());
  });

  it('on the profile too, the 404 keeps the sheet up and says why', async () => {
    server.use(
      mswHttp.post(`${ORIGIN}/api/matches/${MATCH}/meetups`, () => {
        accepted = [];
        return HttpResponse.json(fail('MEETUP_404', '약속을 찾을 수 없어요.'), { status: 404 });
      }),
    );
    setAccessToken(makeJwt(3600, String(ME)));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    registerMeetupMutations(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <ProfilePlanMeetup memberId={FRIEND} memberName="이하늘" />
      </QueryClientProvider>,
    );
    const sheet = await pickFirstSuggestion();
    fireEvent.click(within(sheet).getByRole('button', { name: '약속 제안하기' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('약속을 찾을 수 없어요.');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByRole('dialog', { name: '이하늘님과 약속 잡기' })).toBe(sheet);
    expect(within(sheet).getByRole('button', { name: /학생식당/ })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('RoomMeetup: a lunch with this friend that is over and unanswered', () => {
  const ended: Meetup = {
    ...meetup(ME),
    startsAt: new Date(Date.now() - 3 * HOUR).toISOString(),
    endsAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    status: 'CONFIRMED',
  };
  let past: Meetup[];
  let checkins: unknown[];
  beforeEach(() => {
    past = [ended];
    checkins = [];
    server.use(
      mswHttp.get(`${ORIGIN}/api/matches`, () =>
        HttpResponse.json(
          ok({ data: [{ id: MATCH, matchedUser: { id: FRIEND } }], meta: { currentPage: 0, pageSize: 50, totalItems: 1, totalPages: 1, hasNext: false } }),
        ),
      ),
      meetupLists(() => ({ past })),
      mswHttp.post(`${ORIGIN}/api/meetups/${ended.meetupId}/checkin`, async ({ request }) => {
        checkins.push(await request.json());
        past = [{ ...ended, myCheckin: { met: true, compliments: [] } }];
        return HttpResponse.json(ok(past[0]));
      }),
    );
  });

  it('the strip asks "이하늘님과 만났나요?" instead of 약속 잡기; once answered, 약속 잡기 is back', async () => {
    renderRoomStrip();
    const ask = await screen.findByRole('button', { name: /이하늘님과 만났나요\?/ });
    expect(screen.queryByRole('button', { name: '약속 잡기' })).toBeNull();
    fireEvent.click(ask);
    const sheet = await screen.findByRole('dialog', { name: '만났나요?' });
    fireEvent.click(within(sheet).getByRole('button', { name: '네, 만났어요' }));
    fireEvent.click(within(sheet).getByRole('button', { name: '보내기' }));
    expect(await screen.findByRole('button', { name: '약속 잡기' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /만났나요\?/ })).toBeNull();
    expect(checkins).toEqual([{ met: true, compliments: [] }]);
    // It says the answer was received (the strip alone changed silently).
    expect(await toastOf('체크인했어요')).toHaveTextContent('이하늘님과 만난 약속으로 남겼어요.');
  });

  const toastOf = async (title: string) => (await screen.findByText(title)).closest('[data-testid="toast"]');

  /** 만났나요? → the answer (and compliments) → 보내기. */
  async function answer(met: '네, 만났어요' | '아니요', compliments: string[] = [], { offline = false } = {}) {
    const ask = await screen.findByRole('button', { name: /이하늘님과 만났나요\?/ });
    // Toasts are app-wide and last 5 s: none of a test before may answer for this one.
    for (const toast of screen.queryAllByTestId('toast')) fireEvent.click(within(toast).getByRole('button', { name: '알림 닫기' }));
    if (offline) act(() => onlineManager.setOnline(false));
    fireEvent.click(ask);
    const sheet = await screen.findByRole('dialog', { name: '만났나요?' });
    fireEvent.click(within(sheet).getByRole('button', { name: met }));
    for (const label of compliments) fireEvent.click(within(sheet).getByRole('button', { name: label }));
    fireEvent.click(within(sheet).getByRole('button', { name: '보내기' }));
  }

  it('만났어요 with a compliment: 체크인했어요, and the compliment is left for 이하늘', async () => {
    renderRoomStrip();
    await answer('네, 만났어요', ['친절해요']);
    expect(await toastOf('체크인했어요')).toHaveTextContent('이하늘님에게 칭찬을 남겼어요.');
    expect(checkins).toEqual([{ met: true, compliments: ['KIND'] }]);
  });

  it('아니요: 체크인했어요, recorded as not met', async () => {
    renderRoomStrip();
    await answer('아니요');
    expect(await toastOf('체크인했어요')).toHaveTextContent('만나지 못한 약속으로 남겼어요.');
    expect(checkins).toEqual([{ met: false, compliments: [] }]);
  });

  it('offline: says it is sent once connected, and 체크인했어요 only once it is', async () => {
    try {
      renderRoomStrip();
      await answer('네, 만났어요', [], { offline: true });
      expect(await toastOf('오프라인이에요')).toHaveTextContent('연결되면 체크인을 보낼게요.');
      expect(screen.queryByText('체크인했어요')).toBeNull();
      expect(await screen.findByText('오프라인 — 연결되면 체크인을 보낼게요')).toBeInTheDocument();
      expect(checkins).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await toastOf('체크인했어요')).toHaveTextContent('이하늘님과 만난 약속으로 남겼어요.');
    expect(checkins).toEqual([{ met: true, compliments: [] }]);
  });

  it('a refused check-in (409) says why instead', async () => {
    server.use(
      mswHttp.post(`${ORIGIN}/api/meetups/${ended.meetupId}/checkin`, () => HttpResponse.json(fail('MEETUP_409', '이미 체크인했어요.'), { status: 409 })),
    );
    renderRoomStrip();
    await answer('아니요');
    expect(await toastOf('체크인하지 못했어요')).toHaveTextContent('이미 체크인했어요.');
    expect(screen.queryByText('체크인했어요')).toBeNull();
  });
});
