import { expect, test } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { matchAndOpenRoom, signUpStudent, studentContext } from './chat-server';
import { shoot, uniqueEmail } from './support';

// Decision 0060 at 390×844: a friend who left, and the chat list's 어제 / dates.

test('the friend leaves while the room is open: the line and the notice show live; a re-open brings the composer back', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const c = await signUpStudent(request, E2E_URL, uniqueEmail('left-c'), '김하나');
  const b = await signUpStudent(request, E2E_URL, uniqueEmail('left-b'), '이두리');
  const roomId = await matchAndOpenRoom(request, E2E_URL, c, b);
  const context = await studentContext(browser, E2E_URL, c);
  const page = await context.newPage();
  await page.goto(`/chatting/${roomId}`);
  const input = page.getByRole('textbox', { name: '메시지' });
  await expect(input).toBeVisible();
  await expect(page.getByText('채팅방에 연결 중이에요...')).toBeHidden({ timeout: 20_000 });
  await input.fill('내일 점심 어때요?');
  await page.getByRole('button', { name: '보내기' }).click();
  await expect(page.getByRole('list', { name: '메시지' }).getByText('내일 점심 어때요?')).toBeVisible();

  // B long-presses the room in their list and taps 나가기: the same PATCH.
  const left = await request.patch(`${E2E_URL}/api/chatrooms/${roomId}`, { headers: { authorization: `Bearer ${b.token}` } });
  expect(left.status()).toBe(200);
  await expect(page.getByRole('list', { name: '메시지' }).getByRole('listitem').last()).toHaveText('이두리님이 채팅방을 나갔어요');
  await expect(page.getByText('상대방이 나가서 메시지를 보낼 수 없어요')).toBeVisible();
  await expect(input).toHaveCount(0);
  await shoot(page, 'chat-friend-left-01-room');

  // After a reload it is the same (the history says friendLeft).
  await page.reload();
  await expect(page.getByText('이두리님이 채팅방을 나갔어요')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '메시지' })).toHaveCount(0);

  // B opens the room again (채팅하기): C's open room takes the line and the notice away.
  const reopened = await request.post(`${E2E_URL}/api/chatrooms?friendId=${c.memberId}`, { headers: { authorization: `Bearer ${b.token}` } });
  expect(reopened.status()).toBe(200);
  await expect(page.getByRole('textbox', { name: '메시지' })).toBeVisible();
  await expect(page.getByText('이두리님이 채팅방을 나갔어요')).toHaveCount(0);
  await context.close();
});

test('the 채팅 list says the time today, 어제, a date this year and the year before it', async ({ browser, request }) => {
  const me = await signUpStudent(request, E2E_URL, uniqueEmail('dates-me'), '김하나');
  const context = await studentContext(browser, E2E_URL, me);
  const page = await context.newPage();
  // The server's messages are all from today here: the list is answered with older ones.
  const now = Date.now();
  const seoulDay = (daysAgo: number, hhmm: string) => {
    const day = new Date(now + 9 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    return `${day}T${hhmm}:00.000+09:00`;
  };
  const thisYear = Number(seoulDay(0, '00:00').slice(0, 4));
  const item = (roomId: number, name: string, message: string, at: string) => ({
    roomId,
    friendId: 90_000 + roomId,
    friendName: name,
    friendDepartment: '컴퓨터정보공학부',
    friendImageUrl: null,
    lastMessage: message,
    lastMessageSentAt: at.slice(11, 16),
    lastMessageAt: at,
    unreadCount: 0,
  });
  const data = [
    item(1, '이두리', '내일 봬요', seoulDay(0, '00:00')),
    item(2, '박서준', '잘 자요', seoulDay(1, '23:59')),
    item(3, '최유나', '학식 맛있었어요', seoulDay(3, '12:30')),
    item(4, '정민호', '새해 복 많이 받으세요', `${thisYear - 1}-06-15T10:00:00.000+09:00`),
  ];
  const [y3, m3, d3] = seoulDay(3, '12:30').slice(0, 10).split('-').map(Number) as [number, number, number];
  const threeDaysAgo = y3 === thisYear ? `${m3}월 ${d3}일` : `${y3}. ${m3}. ${d3}.`;
  await page.route(/\/api\/chatrooms\?/, (route) =>
    route.fulfill({
      json: {
        isSuccess: true,
        code: 'COMMON200',
        message: '성공입니다.',
        result: { data, meta: { currentPage: 0, pageSize: 10, totalItems: 4, totalPages: 1, hasNext: false } },
      },
    }),
  );
  await page.goto('/chatting');
  await expect(page.getByRole('link', { name: /이두리/ })).toContainText('오전 12:00');
  await expect(page.getByRole('link', { name: /박서준/ })).toContainText('어제');
  await expect(page.getByRole('link', { name: /최유나/ })).toContainText(threeDaysAgo);
  await expect(page.getByRole('link', { name: /정민호/ })).toContainText(`${thisYear - 1}. 6. 15.`);
  await shoot(page, 'chat-friend-left-02-list-dates');
  await context.close();
});
