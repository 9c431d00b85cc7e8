import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { ORIGIN, quietRest, renderApp, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

/** 차단 해제 offline behaves like a block made offline: it says it will go, and goes once when back. */
describe('차단 목록 offline', () => {
  beforeEach(() => {
    stubBrowser();
    server.use(...quietRest);
  });
  afterEach(() => onlineManager.setOnline(true));

  it('차단 해제 says it will unblock once connected, and is sent once the network is back', async () => {
    const deletes: string[] = [];
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/blocks`, () =>
        HttpResponse.json(ok(deletes.length ? [] : [{ memberId: 42, memberName: '이하늘', blockedAt: '2026-03-07T03:00:00.000Z' }])),
      ),
      mswHttp.delete(`${ORIGIN}/api/members/42/block`, ({ request }) => {
        deletes.push(new URL(request.url).pathname);
        return HttpResponse.json(ok('UNBLOCK_SUCCESS'));
      }),
    );
    renderApp('/my/blocks');
    const row = (await screen.findByText('이하늘')).closest('li')!;
    act(() => onlineManager.setOnline(false));
    fireEvent.click(within(row).getByRole('button', { name: '이하늘 차단 해제' }));
    expect(await screen.findByText('연결되면 이하늘님의 차단을 해제할게요.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(deletes).toEqual([]);
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(deletes).toEqual(['/api/members/42/block']));
    await waitFor(() => expect(screen.queryByText('이하늘')).toBeNull());
    expect(deletes).toHaveLength(1);
  });
});
