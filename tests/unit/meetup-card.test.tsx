import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import type { Meetup } from '../../contract/meetups';
import { describe, expect, it } from 'vitest';
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
