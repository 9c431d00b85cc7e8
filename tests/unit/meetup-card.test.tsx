import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import type { Meetup } from '../../contract/meetups';
import { formatMeetupRange } from '../../contract/meetups-values';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/components/ui/toast';
import { registerMeetupMutations } from '../../src/entities/meetup';
import { MeetupCard } from '../../src/features/meetups';
import { setAccessToken } from '../../src/lib/auth';
import { makeJwt, ok, renderWithQuery } from './support/helpers';
import { server } from './support/msw-server';

const HOUR = 3_600_000;
const base = (over: Partial<Meetup>): Meetup => ({
  meetupId: 1,
  matchId: 1,
  proposerId: 10,
  partnerId: 20,
  startsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  endsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
  place: '학생식당',
  status: 'PROPOSED',
  createdAt: new Date().toISOString(),
  myCheckin: null,
  partner: { id: 10, memberName: '김제안' },
  chatRoomId: 3,
  ...over,
});

const buttons = () =>
  within(screen.getByRole('article'))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('MeetupCard: what each member may do (contract section 14)', () => {
  it('the partner of a proposal may accept or decline, and nothing goes to a calendar yet; 취소 is the proposer’s', () => {
    renderWithQuery(<MeetupCard meetup={base({})} />);
    expect(screen.getByRole('article', { name: '김제안님과의 약속' })).toHaveTextContent('약속 제안');
    // Not 거절 and 취소 side by side: declining is how the partner says no. A proposal is not a
    // meetup yet: a calendar entry would stay after a decline.
    expect(buttons()).toEqual(['수락', '거절']);
    expect(screen.queryByRole('link', { name: 'Google 캘린더' })).toBeNull();
  });

  it('the proposer waits: no accept or decline, no calendar until accepted', () => {
    // The caller proposed: the other member (partner) is the meetup's partner column.
    renderWithQuery(<MeetupCard meetup={base({ partner: { id: 20, memberName: '이수락' } })} />);
    expect(buttons()).toEqual(['취소']);
    expect(screen.queryByRole('link', { name: 'Google 캘린더' })).toBeNull();
    expect(screen.getByRole('article')).toHaveTextContent('이수락님의 답을 기다리고 있어요');
  });

  it('a confirmed meetup may be cancelled by either member before the start, and added to a calendar', () => {
    const { unmount } = renderWithQuery(<MeetupCard meetup={base({ status: 'CONFIRMED' })} />);
    expect(buttons()).toEqual(['캘린더에 추가', '취소']);
    expect(screen.getByRole('link', { name: 'Google 캘린더' })).toHaveAttribute('href', expect.stringContaining('calendar.google.com'));
    // Whom it is with, as a sentence: "학생식당 · 김제안님과", not a bare name.
    expect(screen.getByRole('article')).toHaveTextContent('학생식당 · 김제안님과');
    unmount();
    renderWithQuery(<MeetupCard meetup={base({ status: 'CONFIRMED', partner: { id: 20, memberName: '이수락' } })} />);
    expect(buttons()).toEqual(['캘린더에 추가', '취소']);
  });

  it('after the end a confirmed meetup asks "만났나요?" until answered; a cancelled one offers nothing', () => {
    const ended = { startsAt: new Date(Date.now() - 2 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() };
    const { unmount } = renderWithQuery(<MeetupCard meetup={base({ ...ended, status: 'CONFIRMED' })} past />);
    expect(buttons()).toEqual(['만났나요?']);
    unmount();
    const answered = renderWithQuery(<MeetupCard meetup={base({ ...ended, status: 'CONFIRMED', myCheckin: { met: true, compliments: ['KIND'] } })} past />);
    expect(buttons()).toEqual([]);
    expect(screen.getByRole('article')).toHaveTextContent('만났다고 답했어요');
    answered.unmount();
    renderWithQuery(<MeetupCard meetup={base({ status: 'CANCELLED' })} past />);
    expect(buttons()).toEqual([]);
    expect(screen.getByRole('article')).toHaveTextContent('취소됨');
  });

  it('under 지난 약속 the badge says what is true, never 확정 or 수락 대기 for what is over', () => {
    const ended = { startsAt: new Date(Date.now() - 2 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() };
    // The badge is the card's one text of its own (the exact text, not a part of a line).
    const badge = (label: string) => expect(within(screen.getByRole('article')).getByText(label)).toBeInTheDocument();
    // Not answered yet: it is over, and the card asks.
    const waiting = renderWithQuery(<MeetupCard meetup={base({ ...ended, status: 'CONFIRMED' })} past />);
    badge('지난 약속');
    waiting.unmount();
    // Answered, and still not DONE (the two answered differently, or the partner has not yet).
    const differed = renderWithQuery(<MeetupCard meetup={base({ ...ended, status: 'CONFIRMED', myCheckin: { met: true, compliments: [] } })} past />);
    badge('만남 확인 안 됨');
    expect(screen.getByRole('article')).not.toHaveTextContent('확정');
    differed.unmount();
    const both = renderWithQuery(<MeetupCard meetup={base({ ...ended, status: 'DONE', myCheckin: { met: true, compliments: [] } })} past />);
    badge('만남 완료');
    both.unmount();
    // A proposal nobody answered before its time.
    renderWithQuery(<MeetupCard meetup={base({ ...ended })} past />);
    badge('응답 없음');
    expect(screen.getByRole('article')).not.toHaveTextContent('수락 대기');
    expect(buttons()).toEqual([]);
  });
});

describe('MeetupCard: 취소 asks first, then says it is done', () => {
  function renderCard(meetup: Meetup) {
    setAccessToken(makeJwt(3600));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    registerMeetupMutations(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <MeetupCard meetup={meetup} />
        <Toaster />
      </QueryClientProvider>,
    );
  }

  it('a confirmed meetup: 취소 opens the dialog, 닫기 sends nothing, 약속 취소 cancels it and a toast says so', async () => {
    const cancels: string[] = [];
    server.use(
      mswHttp.patch(`${window.location.origin}/api/meetups/1/cancel`, ({ request }) => {
        cancels.push(request.url);
        return HttpResponse.json(ok(base({ status: 'CANCELLED' })));
      }),
    );
    renderCard(base({ status: 'CONFIRMED' }));
    const card = screen.getByRole('article', { name: '김제안님과의 약속' });
    fireEvent.click(within(card).getByRole('button', { name: '취소' }));
    let dialog = await screen.findByRole('dialog', { name: '약속을 취소할까요?' });
    expect(dialog).toHaveTextContent('상대에게 알림이 가요.');
    fireEvent.click(within(dialog).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '약속을 취소할까요?' })).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(cancels).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: '취소' }));
    dialog = await screen.findByRole('dialog', { name: '약속을 취소할까요?' });
    fireEvent.click(within(dialog).getByRole('button', { name: '약속 취소' }));
    expect((await screen.findByText('약속을 취소했어요')).closest('[data-testid="toast"]')).toHaveTextContent('김제안님에게 알렸어요.');
    expect(cancels).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: '약속을 취소할까요?' })).toBeNull();
  });

  it('a cancel made offline waits, and says so with the right particle (취소를, 수락을)', async () => {
    onlineManager.setOnline(false);
    try {
      renderCard(base({ status: 'CONFIRMED' }));
      const card = screen.getByRole('article', { name: '김제안님과의 약속' });
      fireEvent.click(within(card).getByRole('button', { name: '취소' }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: '약속을 취소할까요?' })).getByRole('button', { name: '약속 취소' }));
      expect(await within(card).findByText('오프라인 — 연결되면 취소를 보낼게요')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

describe('MeetupCard: the one who answers or adds it to a calendar hears it is done', () => {
  function renderCard(meetup: Meetup) {
    setAccessToken(makeJwt(3600));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    registerMeetupMutations(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <MeetupCard meetup={meetup} />
        <Toaster />
      </QueryClientProvider>,
    );
  }
  const toastOf = async (title: string) => (await screen.findByText(title)).closest('[data-testid="toast"]');
  afterEach(() => vi.restoreAllMocks());

  it('수락: 약속이 확정됐어요 with when, where and whom (the server’s meetup)', async () => {
    const confirmed = base({ status: 'CONFIRMED', place: '중앙도서관 카페' });
    server.use(mswHttp.patch(`${window.location.origin}/api/meetups/1/confirm`, () => HttpResponse.json(ok(confirmed))));
    renderCard(base({}));
    fireEvent.click(within(screen.getByRole('article')).getByRole('button', { name: '수락' }));
    expect(await toastOf('약속이 확정됐어요')).toHaveTextContent(
      `${formatMeetupRange(confirmed.startsAt, confirmed.endsAt)}, 중앙도서관 카페에서 김제안님과 만나요.`,
    );
  });

  it('거절: 약속을 거절했어요, and the proposer was told', async () => {
    server.use(mswHttp.patch(`${window.location.origin}/api/meetups/1/decline`, () => HttpResponse.json(ok(base({ status: 'DECLINED' })))));
    renderCard(base({}));
    fireEvent.click(within(screen.getByRole('article')).getByRole('button', { name: '거절' }));
    expect(await toastOf('약속을 거절했어요')).toHaveTextContent('김제안님에게 알렸어요.');
  });

  it('a refused answer says why instead', async () => {
    server.use(
      mswHttp.patch(`${window.location.origin}/api/meetups/1/confirm`, () =>
        HttpResponse.json({ isSuccess: false, code: 'MEETUP_409', message: '이미 지난 약속이에요.' }, { status: 409 }),
      ),
    );
    renderCard(base({ partner: { id: 10, memberName: '박거절' } }));
    fireEvent.click(within(screen.getByRole('article')).getByRole('button', { name: '수락' }));
    expect(await toastOf('처리하지 못했어요')).toHaveTextContent('이미 지난 약속이에요.');
    // Toasts are app-wide (an earlier test's may still be up): none is about this meetup.
    expect(screen.queryByText(/박거절님과 만나요/)).toBeNull();
  });

  it('캘린더에 추가 downloads the .ics and says what to do with it', async () => {
    server.use(
      mswHttp.get(`${window.location.origin}/api/meetups/1/calendar.ics`, () =>
        HttpResponse.text('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'content-type': 'text/calendar' } }),
      ),
    );
    // jsdom has no object URLs and does not navigate: the download is the link's click.
    const createObjectURL = vi.fn(() => 'blob:meetup');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderCard(base({ status: 'CONFIRMED' }));
    fireEvent.click(within(screen.getByRole('article')).getByRole('button', { name: '캘린더에 추가' }));
    expect(await toastOf('캘린더 파일을 받았어요')).toHaveTextContent('열어서 일정에 추가해 주세요.');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });
});
