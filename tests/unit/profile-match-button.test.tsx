import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyNotificationEvent } from '../../src/features/chat/live/cache';
import { dismissToast, showToast } from '../../src/lib/toast';
import { fail, ok } from './support/helpers';
import { memberDetail, ORIGIN, quietRest, renderApp, serverError, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

function detail(matchStatus: string, extra: Record<string, unknown> = {}) {
  return memberDetail({
    userKeywords: [{ id: 1, type: 'EXPRESS', title: '열정', description: '무엇이든 열심히 해요' }],
    timeTables: [{ dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' }],
    matchStatus,
    ...extra,
  });
}

function withDetail(status: () => string) {
  server.use(mswHttp.get(`${ORIGIN}/api/members/42`, () => HttpResponse.json(ok(detail(status())))));
}

describe('profile of another member', () => {
  beforeEach(() => {
    stubBrowser();
    // Lowest priority: each test's own handlers are added after these.
    server.use(...quietRest);
  });
  // The toast store outlives a test (5 s): each test sees only its own toasts.
  afterEach(() => {
    const last = showToast('');
    for (let id = 1; id <= last; id += 1) dismissToast(id);
  });

  it('shows the header, the keyword questions with fallbacks and the timetable', async () => {
    withDetail(() => 'NONE');
    renderApp('/profile/42');
    expect(await screen.findByRole('heading', { name: '이하늘' })).toBeInTheDocument();
    expect(screen.getByText('23학번 · 컴퓨터정보공학부')).toBeInTheDocument();
    // In the header (keywords joined by " | ") and under its question.
    expect(screen.getAllByText('열정')).toHaveLength(2);
    expect(screen.getByText('무엇이든 열심히 해요')).toBeInTheDocument();
    expect(screen.getAllByText('아직 등록된 키워드가 없어요')).toHaveLength(2);
    expect(screen.getAllByText('등록된 설명이 없어요')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '런치챗 가능 시간' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '프로필 상세' })).toBeInTheDocument();
  });

  it('a failed load shows the error state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mswHttp.get(`${ORIGIN}/api/members/42`, serverError));
    renderApp('/profile/42');
    expect(await screen.findByText('프로필을 불러오지 못했어요')).toBeInTheDocument();
  });

  it('a member who cannot be seen (404 USER_404: left, suspended or blocked) says so, without 다시 시도', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mswHttp.get(`${ORIGIN}/api/members/42`, () => HttpResponse.json(fail('USER_404', '회원을 찾을 수 없어요.'), { status: 404 })));
    renderApp('/profile/42');
    expect(await screen.findByText('프로필을 볼 수 없어요')).toBeInTheDocument();
    expect(screen.queryByText('잠시 후 다시 시도해 주세요.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /런치챗 보내기|채팅하기/ })).not.toBeInTheDocument();
  });

  it('NONE: 런치챗 보내기 → about 1 s later 수락 대기 중 (disabled)', async () => {
    let status = 'NONE';
    let body: unknown;
    withDetail(() => status);
    server.use(
      mswHttp.post(`${ORIGIN}/api/matches`, async ({ request }) => {
        body = await request.json();
        status = 'REQUESTED';
        return HttpResponse.json(ok({ id: 1, status: 'REQUESTED', createdAt: '2026-01-01T00:00:00Z' }));
      }),
    );
    renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '런치챗 보내기' }));
    expect(screen.getByRole('button', { name: '런치챗 보내기' })).toBeDisabled();
    const waiting = await screen.findByRole('button', { name: '수락 대기 중' }, { timeout: 3000 });
    expect(waiting).toBeDisabled();
    expect(body).toEqual({ toMemberId: 42 });
  });

  it('a failed request reverts the button and says 요청 중 오류가 발생했어요 in a toast, not a native alert', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    withDetail(() => 'NONE');
    server.use(
      mswHttp.post(`${ORIGIN}/api/matches`, async () => {
        // Fails after the button already reads 수락 대기 중.
        await delay(1300);
        return serverError();
      }),
    );
    renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '런치챗 보내기' }));
    await screen.findByRole('button', { name: '수락 대기 중' }, { timeout: 3000 });
    expect(await screen.findByText('요청 중 오류가 발생했어요', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '런치챗 보내기' })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('the other member sent a request first (POST 400 MATCH_400): the profile is fetched again, shows 수락하기 and says why in a toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    // The screen was opened before 이하늘 sent theirs.
    let status = 'NONE';
    withDetail(() => status);
    server.use(
      mswHttp.post(`${ORIGIN}/api/matches`, () =>
        HttpResponse.json(fail('MATCH_400', '런치챗 요청을 처리할 수 없어요.', { toMemberId: '이미 런치챗 요청이 있어요.' }), { status: 400 }),
      ),
    );
    renderApp('/profile/42');
    const send = await screen.findByRole('button', { name: '런치챗 보내기' });
    status = 'RECEIVED';
    fireEvent.click(send);
    expect(await screen.findByText('이하늘님이 먼저 런치챗을 보냈어요. 수락해 보세요.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '수락하기' })).toBeEnabled();
    expect(screen.queryByText('요청 중 오류가 발생했어요')).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it('a request sent from this screen follows the answer live: 수락 대기 중 → 채팅하기 on event:notification MATCH_ACCEPTED', async () => {
    let status = 'NONE';
    withDetail(() => status);
    server.use(
      mswHttp.post(`${ORIGIN}/api/matches`, () => {
        status = 'REQUESTED';
        return HttpResponse.json(ok({ id: 1, status: 'REQUESTED', createdAt: '2026-01-01T00:00:00Z' }));
      }),
    );
    const { queryClient } = renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '런치챗 보내기' }));
    await screen.findByRole('button', { name: '수락 대기 중' }, { timeout: 3000 });
    // 이하늘 accepts on their phone; this app hears it on the member queue.
    status = 'ACCEPTED';
    applyNotificationEvent(queryClient, { type: 'MATCH_ACCEPTED', content: '이하늘님이 런치챗을 수락했어요!' });
    expect(await screen.findByRole('button', { name: '채팅하기' })).toBeEnabled();
  });

  it('a request arriving while the profile is open turns 런치챗 보내기 into 수락하기 (event:notification MATCH_REQUEST)', async () => {
    let status = 'NONE';
    withDetail(() => status);
    const { queryClient } = renderApp('/profile/42');
    await screen.findByRole('button', { name: '런치챗 보내기' });
    status = 'RECEIVED';
    applyNotificationEvent(queryClient, { type: 'MATCH_REQUEST', content: '이하늘님이 런치챗을 요청했어요!' });
    expect(await screen.findByRole('button', { name: '수락하기' })).toBeEnabled();
  });

  it('REQUESTED: 수락 대기 중 is disabled', async () => {
    withDetail(() => 'REQUESTED');
    renderApp('/profile/42');
    expect(await screen.findByRole('button', { name: '수락 대기 중' })).toBeDisabled();
  });

  it('RECEIVED: 수락하기 → 처리 중 → 채팅하기, which opens the room', async () => {
    let status = 'RECEIVED';
    withDetail(() => status);
    server.use(
      mswHttp.patch(`${ORIGIN}/api/matches/accept/42`, async () => {
        await delay(200);
        status = 'ACCEPTED';
        return HttpResponse.json(ok('MATCH_ACCEPT_SUCCESS'));
      }),
      mswHttp.post(`${ORIGIN}/api/chatrooms`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('friendId')).toBe('42');
        return HttpResponse.json(ok({ chatRoomId: 9, friendName: '이하늘', friendDepartment: '컴퓨터정보공학부' }));
      }),
    );
    const { router } = renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '수락하기' }));
    expect(await screen.findByRole('button', { name: '처리 중' })).toBeDisabled();
    fireEvent.click(await screen.findByRole('button', { name: '채팅하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatting/9'));
    expect(router.state.location.state).toMatchObject({ name: '이하늘', department: '컴퓨터정보공학부' });
  });

  it('a failed accept says so in a toast and keeps 수락하기', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    withDetail(() => 'RECEIVED');
    server.use(mswHttp.patch(`${ORIGIN}/api/matches/accept/42`, serverError));
    renderApp('/profile/42');
    fireEvent.click(await screen.findByRole('button', { name: '수락하기' }));
    expect(await screen.findByText('요청 중 오류가 발생했어요')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '수락하기' })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('own profile', () => {
  beforeEach(() => {
    stubBrowser();
    // Lowest priority: each test's own handlers are added after these.
    server.use(...quietRest);
  });

  it('shows edit links, the photo button and 수정 완료 → /my', async () => {
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/me`, () => {
        const { id: _id, matchStatus: _status, university: _u, college: _c, ...me } = detail('NONE', { userKeywords: [] });
        return HttpResponse.json(ok(me));
      }),
    );
    const { router } = renderApp('/my/profile');
    expect(await screen.findByRole('heading', { name: '이하늘' })).toBeInTheDocument();
    expect(screen.getAllByText('아직 등록된 키워드가 없어요')).toHaveLength(3);
    expect(screen.getByRole('button', { name: '프로필 사진 바꾸기' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-image-input')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(screen.getByRole('link', { name: /키워드 수정/ })).toHaveAttribute('href', '/my/edit-keyword');
    fireEvent.click(screen.getByRole('button', { name: '수정 완료' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
  });

  it('uploads a new photo: presigned URL, PUT with the content type, then the profile-image PATCH', async () => {
    const calls: string[] = [];
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/me`, () => {
        const { id: _id, matchStatus: _status, university: _u, college: _c, ...me } = detail('NONE');
        return HttpResponse.json(ok(me));
      }),
      mswHttp.post(`${ORIGIN}/api/aws/presigned-url`, async ({ request }) => {
        calls.push(`presign ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(ok({ presignedUrl: `${ORIGIN}/files/upload/profile/a.png?sig=1`, s3Url: `${ORIGIN}/files/profile/a.png` }));
      }),
      mswHttp.put(`${ORIGIN}/files/upload/profile/a.png`, ({ request }) => {
        calls.push(`put ${request.headers.get('content-type')}`);
        return new HttpResponse(null, { status: 200 });
      }),
      mswHttp.patch(`${ORIGIN}/api/members/profile-image`, async ({ request }) => {
        calls.push(`patch ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(ok('PROFILE_IMAGE_UPDATE_SUCCESS'));
      }),
    );
    renderApp('/my/profile');
    const input = await screen.findByTestId('profile-image-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual(['presign {"fileName":"a.png"}', 'put image/png', `patch {"profileImageUrl":"${ORIGIN}/files/profile/a.png"}`]);
  });
});
