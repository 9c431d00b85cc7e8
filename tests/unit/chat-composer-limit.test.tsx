import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse, ws } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from './support/helpers';
import { oneRoomPage, ORIGIN, quietRest, renderApp, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

/** A long text pasted into the chat box: nothing of it may be lost (QA, 1,202 characters kept only 1,000). */

const ROOM_ID = 9;
const FRIEND_ID = 42;
const ME = 1;

const rooms = oneRoomPage(ROOM_ID, FRIEND_ID, null);

// 1,202 characters whose end is recognisable: the part a cut would lose.
const LONG = `${'가'.repeat(1190)}마지막 문장까지 보내요`;

beforeEach(() => {
  stubBrowser();
  server.use(...quietRest);
  server.use(ws.link(`${ORIGIN.replace(/^http/, 'ws')}/ws`).addEventListener('connection', () => {}));
  server.use(
    mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(ok(rooms))),
    mswHttp.get(`${ORIGIN}/api/chatrooms/${ROOM_ID}/messages`, () =>
      HttpResponse.json(ok({ userId: ME, friendId: FRIEND_ID, data: [], meta: { pageSize: 20, hasNext: false, nextCursor: null } })),
    ),
  );
});

describe('the chat box over the 1,000-character limit', () => {
  it('keeps every pasted character, counts them, says the limit and disables 보내기 until it fits', async () => {
    expect(LONG).toHaveLength(1202);
    const user = userEvent.setup();
    renderApp(`/chatting/${ROOM_ID}`);
    const input = await screen.findByRole('textbox', { name: '메시지' });
    await user.click(input);
    await user.paste(LONG);

    // Nothing cut: the end of what was pasted is still there.
    expect(input).toHaveValue(LONG);
    expect(screen.getByText('1,202/1,000')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('1,000자까지 보낼 수 있어요');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const send = screen.getByRole('button', { name: '보내기' });
    expect(send).toBeDisabled();

    // Enter (with a keyboard) does not send it either, and keeps the text.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue(LONG);

    // Shortened to exactly 1,000: the line goes, the counter stays, and it can be sent.
    fireEvent.change(input, { target: { value: LONG.slice(0, 1000) } });
    expect(screen.getByText('1,000/1,000')).toBeInTheDocument();
    expect(screen.queryByText('1,000자까지 보낼 수 있어요')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
    fireEvent.click(send);
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('shows no counter for an ordinary message', async () => {
    renderApp(`/chatting/${ROOM_ID}`);
    const input = await screen.findByRole('textbox', { name: '메시지' });
    fireEvent.change(input, { target: { value: '점심 같이 먹어요' } });
    expect(screen.queryByText(/\/1,000$/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '보내기' })).toBeEnabled();
  });
});
