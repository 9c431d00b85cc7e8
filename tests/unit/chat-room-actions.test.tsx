import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse, ws } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from './support/helpers';
import { oneRoomPage, ORIGIN, quietRest, renderApp, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

/** The chat room as KakaoTalk users expect it: the keyboard's key, a message's menu, leaving. */

const ROOM_ID = 9;
const FRIEND_ID = 42;
const ME = 1;

const message = (id: string, senderId: number, content: string) => ({
  id: { value: id, timestamp: 1_767_225_600_000, date: '2026-01-01T00:00:00.000Z' },
  roomId: ROOM_ID,
  senderId,
  content,
  createdAt: '2026-01-01T09:00:00',
  unreadCount: 0,
});
const friendMessage = message('101', FRIEND_ID, '서울 중구 세종대로 110 앞에서 봐요');
const myMessage = message('102', ME, '좋아요, 12시에 갈게요');

const rooms = oneRoomPage(ROOM_ID, FRIEND_ID, myMessage.content);

/** `(pointer: coarse)` matches on a phone; everything else as stubBrowser has it. */
function pointer(kind: 'coarse' | 'fine') {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('pointer: coarse') ? kind === 'coarse' : query.includes('pointer: fine') ? kind === 'fine' : false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

let sent: string[] = [];
let left: number[] = [];

beforeEach(() => {
  stubBrowser();
  sent = [];
  left = [];
  server.use(...quietRest);
  server.use(
    ws.link(`${ORIGIN.replace(/^http/, 'ws')}/ws`).addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && event.data.startsWith('SEND')) sent.push(event.data);
      });
    }),
  );
  server.use(
    mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(ok(left.includes(ROOM_ID) ? { ...rooms, data: [] } : rooms))),
    // The 채팅 list also lists matched friends with no room yet (none here).
    mswHttp.get(`${ORIGIN}/api/matches`, () => HttpResponse.json(ok({ ...rooms, data: [] }))),
    mswHttp.get(`${ORIGIN}/api/chatrooms/${ROOM_ID}/messages`, () =>
      HttpResponse.json(ok({ userId: ME, friendId: FRIEND_ID, data: [myMessage, friendMessage], meta: { pageSize: 20, hasNext: false, nextCursor: null } })),
    ),
    mswHttp.patch(`${ORIGIN}/api/chatrooms/:roomId`, ({ params }) => {
      left.push(Number(params.roomId));
      return HttpResponse.json(ok(null));
    }),
  );
});

describe('the composer’s Enter key', () => {
  it('on a phone the key is labelled as a line break, and Enter breaks the line instead of sending', async () => {
    pointer('coarse');
    renderApp(`/chatting/${ROOM_ID}`);
    const input = await screen.findByRole('textbox', { name: '메시지' });
    expect(input).toHaveAttribute('enterkeyhint', 'enter');
    fireEvent.change(input, { target: { value: '첫 줄' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    // Not sent: the text is still there for the next line.
    expect(input).toHaveValue('첫 줄');
  });

  it('with a mouse and keyboard the key is labelled 보내기 and Enter sends', async () => {
    pointer('fine');
    renderApp(`/chatting/${ROOM_ID}`);
    const input = await screen.findByRole('textbox', { name: '메시지' });
    expect(input).toHaveAttribute('enterkeyhint', 'send');
    fireEvent.change(input, { target: { value: '보낼게요' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input).toHaveValue(''));
  });
});

describe('a long-pressed message', () => {
  it('opens a menu with 복사 and 신고하기 for the friend’s message; 복사 copies it and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(`/chatting/${ROOM_ID}`);
    fireEvent.contextMenu(await screen.findByText(friendMessage.content));
    const menu = await screen.findByRole('menu', { name: '메시지 메뉴' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['복사', '신고하기']);
    // Not the report form straight away.
    expect(screen.queryByRole('dialog', { name: '신고하기' })).not.toBeInTheDocument();
    fireEvent.click(within(menu).getByRole('menuitem', { name: '복사' }));
    expect(writeText).toHaveBeenCalledWith(friendMessage.content);
    expect(await screen.findByText('복사했어요')).toBeInTheDocument();
    expect(screen.queryByRole('menu', { name: '메시지 메뉴' })).not.toBeInTheDocument();
  });

  it('my own message offers 복사 only', async () => {
    renderApp(`/chatting/${ROOM_ID}`);
    fireEvent.contextMenu(await screen.findByText(myMessage.content));
    const menu = await screen.findByRole('menu', { name: '메시지 메뉴' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['복사']);
  });

  it('신고하기 in the menu opens the report with the message; Escape closes the menu', async () => {
    renderApp(`/chatting/${ROOM_ID}`);
    const bubble = await screen.findByText(friendMessage.content);
    // A right click, as the browser reports it: the press, then the context menu.
    const rightClick = () => {
      fireEvent.pointerDown(bubble, { pointerType: 'mouse', button: 2 });
      fireEvent.contextMenu(bubble);
    };
    rightClick();
    let menu = await screen.findByRole('menu', { name: '메시지 메뉴' });
    expect(within(menu).getByRole('menuitem', { name: '복사' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { name: '메시지 메뉴' })).not.toBeInTheDocument());

    rightClick();
    menu = await screen.findByRole('menu', { name: '메시지 메뉴' });
    fireEvent.click(within(menu).getByRole('menuitem', { name: '신고하기' }));
    const sheet = await screen.findByRole('dialog', { name: '신고하기' });
    expect(within(sheet).getByText(friendMessage.content)).toBeInTheDocument();
  });
});

describe('the room’s ⋯ menu', () => {
  it('채팅방 나가기 asks first, leaves the room and returns to the 채팅 list', async () => {
    const { router } = renderApp(`/chatting/${ROOM_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: '채팅방 메뉴' }));
    const menu = await screen.findByRole('dialog', { name: '채팅방 메뉴' });
    fireEvent.click(within(menu).getByRole('button', { name: '채팅방 나가기' }));
    const confirm = await screen.findByRole('dialog', { name: '채팅방을 나갈까요?' });
    expect(within(confirm).getByText('나가면 대화 내용을 복구할 수 없어요')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: '나가기' }));
    await waitFor(() => expect(left).toEqual([ROOM_ID]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatting'));
    expect(await screen.findByText('아직 채팅이 없어요')).toBeInTheDocument();
  });
});
