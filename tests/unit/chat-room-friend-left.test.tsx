import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse, ws } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { oneRoomPage, ORIGIN, quietRest, renderApp, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

/** Decision 0060: KakaoTalk's "○○님이 나갔습니다", and no writing into the void. */

const ROOM_ID = 9;
const FRIEND_ID = 42;
const ME = 1;

const friendMessage = {
  id: { value: '101', timestamp: 1_767_225_600, date: '2026-01-01T09:00:00.000+09:00' },
  roomId: ROOM_ID,
  senderId: FRIEND_ID,
  content: '그럼 다음에 봐요',
  createdAt: '2026-01-01T09:00:00.000+09:00',
  unreadCount: 0,
};

/** What the room's history says of the friend; the test changes it as the server would. */
let friendLeft: boolean | undefined;
/** Sends a STOMP MESSAGE on the room's topic subscription (once the client subscribed). */
let roomFrame: ((headers: Record<string, string>, body: string) => void) | undefined;
let queueFrame: ((headers: Record<string, string>, body: string) => void) | undefined;

const frame = (command: string, headers: Record<string, string>, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n${body}\0`;

/** Just enough of the server's STOMP for the app's connection: CONNECTED, RECEIPTs, and pushed MESSAGEs. */
function stompServer() {
  return ws.link(`${ORIGIN.replace(/^http/, 'ws')}/ws`).addEventListener('connection', ({ client }) => {
    let seq = 0;
    client.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      for (const raw of event.data.split('\0')) {
        const text = raw.replace(/^\n+/, '');
        if (text === '') continue;
        const [head = ''] = text.split('\n\n');
        const [command, ...lines] = head.split('\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]));
        if (command === 'CONNECT' || command === 'STOMP') client.send(frame('CONNECTED', { version: '1.2', 'heart-beat': '0,0' }));
        if (command === 'SUBSCRIBE') {
          const push = (extra: Record<string, string>, body: string) =>
            client.send(
              frame(
                'MESSAGE',
                { destination: headers.destination!, subscription: headers.id!, 'message-id': `m-${++seq}`, 'content-type': 'application/json', ...extra },
                body,
              ),
            );
          if (headers.destination === `/sub/rooms/${ROOM_ID}`) roomFrame = push;
          else queueFrame = push;
        }
        if (headers.receipt) client.send(frame('RECEIPT', { 'receipt-id': headers.receipt }));
      }
    });
  });
}

beforeEach(() => {
  stubBrowser();
  friendLeft = undefined;
  roomFrame = undefined;
  queueFrame = undefined;
  server.use(...quietRest);
  server.use(
    stompServer(),
    mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(ok(oneRoomPage(ROOM_ID, FRIEND_ID, friendMessage.content)))),
    mswHttp.get(`${ORIGIN}/api/matches`, () => HttpResponse.json(ok({ ...oneRoomPage(ROOM_ID, FRIEND_ID, null), data: [] }))),
    mswHttp.get(`${ORIGIN}/api/chatrooms/${ROOM_ID}/messages`, () =>
      HttpResponse.json(
        ok({
          userId: ME,
          friendId: FRIEND_ID,
          data: [friendMessage],
          meta: { pageSize: 20, hasNext: false, nextCursor: null },
          ...(friendLeft === undefined ? {} : { friendLeft }),
        }),
      ),
    ),
  );
});

const LINE = '장채원님이 채팅방을 나갔어요';
const NOTE = '상대방이 나가서 메시지를 보낼 수 없어요';

describe('a room whose friend has left', () => {
  it('shows the line after the last message and a notice instead of the composer', async () => {
    friendLeft = true;
    renderApp(`/chatting/${ROOM_ID}`);
    const list = await screen.findByRole('list', { name: '메시지' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent(LINE));
    expect(within(list).getByText(friendMessage.content)).toBeInTheDocument();
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '메시지' })).toBeNull();
    expect(screen.queryByRole('button', { name: '보내기' })).toBeNull();
  });

  it('an older server (no friendLeft) or a friend still there: the composer, no line', async () => {
    renderApp(`/chatting/${ROOM_ID}`);
    expect(await screen.findByRole('textbox', { name: '메시지' })).toBeInTheDocument();
    await screen.findByText(friendMessage.content);
    expect(screen.queryByText(LINE)).toBeNull();
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('live: event:left on the open room shows both at once; the room opened again (event:room) takes them away', async () => {
    friendLeft = false;
    renderApp(`/chatting/${ROOM_ID}`);
    expect(await screen.findByRole('textbox', { name: '메시지' })).toBeInTheDocument();
    await waitFor(() => expect(roomFrame).toBeDefined());
    // The history still says the friend is there: only the event can tell.
    roomFrame!({ event: 'left' }, JSON.stringify({ memberId: FRIEND_ID }));
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.getByText(LINE)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '메시지' })).toBeNull();

    // The friend opens the room again (POST /api/chatrooms): the list's event:room, the history anew.
    await waitFor(() => expect(queueFrame).toBeDefined());
    queueFrame!(
      { event: 'room' },
      JSON.stringify({ roomId: ROOM_ID, lastMessage: friendMessage.content, lastMessageSentAt: '09:00', unreadCount: 0, totalUnreadCount: 0 }),
    );
    expect(await screen.findByRole('textbox', { name: '메시지' })).toBeInTheDocument();
    expect(screen.queryByText(LINE)).toBeNull();
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
