import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationTab } from '../../src/features/notifications';
import { fail, ok } from './support/helpers';
import { ORIGIN, renderSignedIn } from './support/render-app';

const item = (id: number, type: string, content: string) => ({
  id,
  type,
  content,
  isRead: false,
  senderMembername: '박요청',
  senderProfileImageUrl: null,
  createdAt: '3/7 09:05',
});

const page = (notifications: unknown[], hasNext = false) =>
  ok({ notifications, lastNotificationId: notifications.length ? (notifications.at(-1) as { id: number }).id : null, hasNext, size: 20 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notifications', () => {
  it('routes MATCH_ACCEPTED to the completed tab and every other type to the received tab', async () => {
    renderSignedIn('/alarm', [
      mswHttp.get(`${ORIGIN}/api/notifications`, () =>
        HttpResponse.json(
          page([
            item(3, 'MATCH_ACCEPTED', '이친구님이 런치챗을 수락했어요!'),
            item(2, 'MATCH_REQUEST', '박요청님이 런치챗을 요청했어요!'),
            item(1, 'SOMETHING_NEW', '새로운 소식이 있어요'),
          ]),
        ),
      ),
    ]);
    expect(await screen.findByRole('heading', { name: '런치챗 요청 알림' })).toBeInTheDocument();
    const links = within(await screen.findByRole('list')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/matching?selectTab=ACCEPTED',
      '/matching?selectTab=RECEIVED',
      '/matching?selectTab=RECEIVED',
    ]);
    expect(links[0]).toHaveTextContent('이친구님이 런치챗을 수락했어요!');
    expect(links[0]).toHaveTextContent('3/7 09:05');
    expect(links[2]).toHaveTextContent('새로운 소식이 있어요');
    expect(notificationTab('MATCH_ACCEPTED')).toBe('ACCEPTED');
    expect(notificationTab('MATCH_REQUEST')).toBe('RECEIVED');
  });

  it('a report outcome comes from 런치챗 운영팀 and opens nothing: no sender, no link to another page', async () => {
    renderSignedIn('/alarm', [
      mswHttp.get(`${ORIGIN}/api/notifications`, () =>
        HttpResponse.json(
          page([
            { ...item(4, 'REPORT_ACTION_TAKEN', '신고하신 노쇼왕님을 검토해 이용 정지 조치를 했어요. 알려 주셔서 고마워요.'), senderMembername: null },
            item(3, 'MATCH_REQUEST', '박요청님이 런치챗을 요청했어요!'),
          ]),
        ),
      ),
    ]);
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('신고하신 노쇼왕님을 검토해 이용 정지 조치를 했어요.');
    expect(rows[0]).toHaveTextContent('런치챗 운영팀');
    expect(rows[0]).not.toHaveTextContent('알 수 없는 사용자');
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/matching?selectTab=RECEIVED');
  });

  it('"만났나요?" opens the check-in sheet of the meetup awaiting it, as its push does', async () => {
    const HOUR = 3_600_000;
    const meetup = (meetupId: number, endsAgo: number, answered: boolean) => ({
      meetupId,
      matchId: 1,
      proposerId: 10,
      partnerId: 20,
      startsAt: new Date(Date.now() - endsAgo - HOUR).toISOString(),
      endsAt: new Date(Date.now() - endsAgo).toISOString(),
      place: '학생식당',
      status: 'CONFIRMED',
      createdAt: new Date(Date.now() - 48 * HOUR).toISOString(),
      myCheckin: answered ? { met: true, compliments: [] } : null,
      partner: { id: 10, memberName: '김만남' },
      chatRoomId: 3,
    });
    renderSignedIn('/alarm', [
      mswHttp.get(`${ORIGIN}/api/notifications`, () => HttpResponse.json(page([item(5, 'MEETUP_CHECKIN', '김만남님과 만났나요?')]))),
      mswHttp.get(`${ORIGIN}/api/meetups`, ({ request }) =>
        HttpResponse.json(ok(new URL(request.url).searchParams.get('scope') === 'past' ? [meetup(8, HOUR, true), meetup(7, 2 * HOUR, false)] : [])),
      ),
    ]);
    const link = within(await screen.findByRole('list')).getByRole('link');
    expect(link).toHaveAttribute('href', '/meetups?checkin=next');
    fireEvent.click(link);
    const sheet = await screen.findByRole('dialog', { name: '만났나요?' });
    expect(sheet).toBeInTheDocument();
    // The sheet is the unanswered meetup's (7), not the newest one (8), which was answered.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('loads the next page with the cursor when the sentinel shows', async () => {
    // jsdom has no layout: every observed element counts as visible.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe() {
          this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        disconnect() {}
      },
    );
    const cursors: (string | null)[] = [];
    renderSignedIn('/alarm', [
      mswHttp.get(`${ORIGIN}/api/notifications`, ({ request }) => {
        const url = new URL(request.url);
        // The header bell's own question (the newest one alone) is not the list's paging.
        if (url.searchParams.get('size') === '1') return HttpResponse.json(page([]));
        cursors.push(url.searchParams.get('lastNotificationId'));
        expect(url.searchParams.get('size')).toBe('20');
        return HttpResponse.json(
          url.searchParams.get('lastNotificationId') ? page([item(5, 'MATCH_REQUEST', '두 번째 쪽')]) : page([item(9, 'MATCH_REQUEST', '첫 쪽')], true),
        );
      }),
    ]);
    expect(await screen.findByText('두 번째 쪽')).toBeInTheDocument();
    expect(screen.getByText('첫 쪽')).toBeInTheDocument();
    expect(cursors).toEqual([null, '9']);
  });

  it('an empty list says 알림이 없어요', async () => {
    renderSignedIn('/alarm', [mswHttp.get(`${ORIGIN}/api/notifications`, () => HttpResponse.json(page([])))]);
    expect(await screen.findByText('알림이 없어요')).toBeInTheDocument();
  });

  it('a failed load shows a Korean error text and logs', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignedIn('/alarm', [mswHttp.get(`${ORIGIN}/api/notifications`, () => HttpResponse.json(fail('COMMON400', '잘못된 요청이에요.'), { status: 400 }))]);
    expect(await screen.findByRole('alert')).toHaveTextContent('알림을 불러오지 못했어요');
    await waitFor(() => expect(log).toHaveBeenCalledWith('failed to load notifications', expect.anything()));
    log.mockRestore();
  });

  it('seen means read: the newest unread id shown is reported once; the highlight stays for this visit', async () => {
    const reads: unknown[] = [];
    renderSignedIn('/alarm', [
      mswHttp.get(`${ORIGIN}/api/notifications`, () =>
        HttpResponse.json(
          page([item(7, 'MATCH_REQUEST', '새 요청'), item(6, 'MATCH_ACCEPTED', '새 수락'), { ...item(4, 'MATCH_REQUEST', '읽은 요청'), isRead: true }]),
        ),
      ),
      mswHttp.post(`${ORIGIN}/api/notifications/read`, async ({ request }) => {
        reads.push(await request.json());
        return HttpResponse.json(ok('NOTIFICATIONS_READ'));
      }),
    ]);
    const links = within(await screen.findByRole('list')).getAllByRole('link');
    await waitFor(() => expect(reads).toEqual([{ lastNotificationId: 7 }]));
    expect(links[0]).toHaveAccessibleName(/^새 알림,\s*새 요청/);
    expect(links[2]).not.toHaveAccessibleName(/새 알림/);
    expect(links[0]).toHaveAttribute('data-unread', 'true');
  });

  it('nothing unread: nothing reported', async () => {
    let reads = 0;
    renderSignedIn('/alarm', [
      mswHttp.get(`${ORIGIN}/api/notifications`, () => HttpResponse.json(page([{ ...item(4, 'MATCH_REQUEST', '읽은 요청'), isRead: true }]))),
      mswHttp.post(`${ORIGIN}/api/notifications/read`, () => {
        reads++;
        return HttpResponse.json(ok('NOTIFICATIONS_READ'));
      }),
    ]);
    expect(await screen.findByText('읽은 요청')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(0);
  });

  it('the header bell has a dot while the newest notification is unread, and loses it once the list has been seen', async () => {
    let read = false;
    let posted = false;
    const { router } = renderSignedIn('/', [
      mswHttp.get(`${ORIGIN}/api/notifications`, () => HttpResponse.json(page([{ ...item(8, 'MATCH_REQUEST', '새 요청'), isRead: read }]))),
      mswHttp.post(`${ORIGIN}/api/notifications/read`, async () => {
        posted = true;
        // A slow network: the dot must not wait for the answer.
        await delay(3000);
        read = true;
        return HttpResponse.json(ok('NOTIFICATIONS_READ'));
      }),
    ]);
    expect(await screen.findByRole('link', { name: '알림, 새 알림 있음' }, { timeout: 5000 })).toHaveAttribute('href', '/alarm');
    await router.navigate({ to: '/alarm' });
    expect(await screen.findByText('새 요청')).toBeInTheDocument();
    await waitFor(() => expect(posted).toBe(true));
    // Back home at once: the bell without its dot, before the read's answer.
    await router.navigate({ to: '/' });
    expect(await screen.findByRole('link', { name: '알림' }, { timeout: 2000 })).toHaveAttribute('href', '/alarm');
    expect(read).toBe(false);
  }, 15_000);
});
