import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse, ws } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { oneRoomPage, ORIGIN, quietRest, renderApp, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

/** A room opened from a link or a push (no router state) names the friend as its header does. */

const ROOM_ID = 9;
const FRIEND_ID = 42;

const friendMessage = {
  id: { value: '101', timestamp: 1_767_225_600_000, date: '2026-01-01T00:00:00.000Z' },
  roomId: ROOM_ID,
  senderId: FRIEND_ID,
  content: '내일 몇 시에 볼까요?',
  createdAt: '2026-01-01T09:00:00',
  unreadCount: 0,
};

const rooms = oneRoomPage(ROOM_ID, FRIEND_ID, friendMessage.content);

describe('the report sheet in a chat room opened at its URL', () => {
  beforeEach(() => {
    stubBrowser();
    server.use(...quietRest);
    // The app's STOMP socket connects and stays silent: the room's history comes over HTTP.
    server.use(ws.link(`${ORIGIN.replace(/^http/, 'ws')}/ws`).addEventListener('connection', () => undefined));
    server.use(
      mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(ok(rooms))),
      mswHttp.get(`${ORIGIN}/api/chatrooms/${ROOM_ID}/messages`, () =>
        HttpResponse.json(ok({ userId: 1, friendId: FRIEND_ID, data: [friendMessage], meta: { pageSize: 20, hasNext: false, nextCursor: null } })),
      ),
    );
  });

  it('a long-pressed message is reported under the name the header shows, not 상대', async () => {
    renderApp(`/chatting/${ROOM_ID}`);
    expect(await screen.findByRole('button', { name: '장채원 프로필 보기' })).toBeInTheDocument();
    fireEvent.contextMenu(await screen.findByText(friendMessage.content));
    fireEvent.click(within(await screen.findByRole('menu', { name: '메시지 메뉴' })).getByRole('menuitem', { name: '신고하기' }));
    const sheet = await screen.findByRole('dialog', { name: '신고하기' });
    expect(within(sheet).getByText(/님을 신고하는 이유를 알려 주세요/)).toHaveTextContent('장채원님을 신고하는 이유를 알려 주세요');
  });
});
