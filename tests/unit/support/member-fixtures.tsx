import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { configure, render } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { Meetup } from '../../../contract/meetups';
import { setAccessToken } from '../../../src/lib/auth';
import { registerMatchMutations } from '../../../src/entities/match';
import { createQueryClient } from '../../../src/lib/query-client';
import { createAppRouter } from '../../../src/router';
import { fail, makeJwt, ok } from './helpers';

export const ORIGIN = window.location.origin;

// The first render of the whole app (route chunks, vanilla-extract) can take over a second on a
// busy machine; files importing this module (each runs isolated) wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

/** jsdom lacks what embla and the infinite lists use. */
export function stubBrowser(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        // Everything is "visible" at once: the sentinel asks for the next page straight away.
        this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
}

export function renderApp(path: string, state?: Record<string, unknown>) {
  setAccessToken(makeJwt(3600));
  const queryClient = createQueryClient();
  registerMatchMutations(queryClient);
  const history = createMemoryHistory({ initialEntries: [path] });
  if (state) history.replace(path, state);
  const router = createAppRouter(queryClient, history);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export function card(memberId: number, memberName: string, extra: Record<string, unknown> = {}) {
  return {
    memberId,
    memberName,
    profileImageUrl: null,
    department: '컴퓨터정보공학부',
    studentNo: '23',
    userInterests: ['STARTUP', 'UNKNOWN_CODE'],
    userKeywords: [
      { id: 1, type: 'EXPRESS', title: '열정', description: '' },
      { id: 2, type: 'GOAL', title: '학점', description: '' },
    ],
    ...extra,
  };
}

/** Member 42 as GET /api/members/42 answers: the profile the match, report and offline tests open. */
export function memberDetail(extra: Record<string, unknown> = {}) {
  return {
    id: 42,
    memberName: '이하늘',
    studentNo: '23',
    university: '가톨릭대학교',
    college: '공과대학',
    department: '컴퓨터정보공학부',
    profileImageUrl: null,
    userKeywords: [],
    userInterests: ['STARTUP'],
    timeTables: [],
    matchStatus: 'NONE',
    ...extra,
  };
}

/** GET /api/chatrooms with one room, 장채원's, as the chat room tests open it. */
export function oneRoomPage(roomId: number, friendId: number, lastMessage: string | null) {
  return {
    data: [
      {
        roomId,
        friendId,
        friendName: '장채원',
        friendDepartment: '컴퓨터정보공학부',
        friendImageUrl: null,
        lastMessage,
        lastMessageSentAt: lastMessage === null ? null : '09:00',
        unreadCount: 0,
      },
    ],
    meta: { currentPage: 0, pageSize: 10, totalItems: 1, totalPages: 1, hasNext: false },
  };
}

/**
 * A lunch with 이준호 (member 12, room 5) that ended an hour ago, CONFIRMED and not checked in
 * yet: home's "이준호님과 만났나요?".
 */
export function endedMeetup(extra: Partial<Meetup> = {}): Meetup {
  const hour = 3_600_000;
  return {
    meetupId: 31,
    matchId: 4,
    proposerId: 1,
    partnerId: 12,
    startsAt: new Date(Date.now() - 3 * hour).toISOString(),
    endsAt: new Date(Date.now() - 2 * hour).toISOString(),
    place: '학생식당',
    status: 'CONFIRMED',
    createdAt: new Date(Date.now() - 48 * hour).toISOString(),
    myCheckin: null,
    partner: { id: 12, memberName: '이준호' },
    chatRoomId: 5,
    ...extra,
  };
}

/**
 * GET /api/meetups as the server answers it for a member whose meetups are `upcoming` (ahead,
 * soonest first) and `past` (the rest, newest first), read on every request: each meetup says
 * whether its check-in is due (`myCheckinDue`: a past one CONFIRMED or DONE without the member's
 * check-in); `scope=past` is `past`; `scope=upcoming` is `upcoming`, followed with
 * `withPendingCheckins=true` by the past ones whose check-in is due (decision 0061).
 */
export function meetupLists(lists: () => { upcoming?: Meetup[]; past?: Meetup[] }) {
  return mswHttp.get(`${ORIGIN}/api/meetups`, ({ request }) => {
    const { searchParams } = new URL(request.url);
    const { upcoming = [], past = [] } = lists();
    const ahead = upcoming.map((m) => ({ ...m, myCheckinDue: false }));
    const over = past.map((m) => ({ ...m, myCheckinDue: (m.status === 'CONFIRMED' || m.status === 'DONE') && m.myCheckin === null }));
    if (searchParams.get('scope') === 'past') return HttpResponse.json(ok(over));
    return HttpResponse.json(ok(searchParams.get('withPendingCheckins') === 'true' ? [...ahead, ...over.filter((m) => m.myCheckinDue)] : ahead));
  });
}

/** A refused request (4xx): React Query does not retry it, so the failure shows at once. */
export const serverError = () => HttpResponse.json(fail('COMMON400', '요청 값이 올바르지 않아요.'), { status: 400 });

/** Calls other screens' shell parts may make (unread counts, push, …) answered quietly. */
export const quietRest = [
  mswHttp.get(`${ORIGIN}/auth/uniName`, () => HttpResponse.text('가톨릭대')),
  mswHttp.all(`${ORIGIN}/*`, () => HttpResponse.json(ok(null))),
];
