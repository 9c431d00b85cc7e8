import { expect, test, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { matchAndOpenRoom, signUpStudent, studentContext } from './chat-server';
import { shoot, uniqueEmail, workerReady } from './support';

// Contract section 17 at 390×844: read markers, the live chat list and tab badge, typing, and the
// app-wide outbox.

const CONNECTING = '채팅방에 연결 중이에요...';
const messageList = (page: Page) => page.getByRole('list', { name: '메시지' });
const bubbleRow = (page: Page, text: string) => messageList(page).locator('li[data-status]').filter({ hasText: text });
const tabBadge = (page: Page) => page.getByTestId('tab-badge-채팅');
/** The app icon's badge as the page last set it (recorded by the init script below). */
const appBadge = (page: Page) => page.evaluate(() => (window as unknown as { __appBadge?: number }).__appBadge);

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: '메시지' }).fill(text);
  await page.getByRole('button', { name: '보내기' }).click();
}

async function connected(page: Page) {
  await expect(page.getByRole('textbox', { name: '메시지' })).toBeVisible();
  await expect(page.getByText(CONNECTING)).toBeHidden({ timeout: 20_000 });
}

test("the 1 goes live when the friend reads; the friend's list and tab badge follow live; typing shows", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const a = await signUpStudent(request, E2E_URL, uniqueEmail('live-a'), '김하나');
  const b = await signUpStudent(request, E2E_URL, uniqueEmail('live-b'), '이두리');
  const roomId = await matchAndOpenRoom(request, E2E_URL, a, b);
  const contextA = await studentContext(browser, E2E_URL, a);
  const contextB = await studentContext(browser, E2E_URL, b);
  // The Badging API, recorded: the browser has it, but a page that is not installed shows nothing.
  await contextB.addInitScript(() => {
    const record = (count: number) => {
      (window as unknown as { __appBadge?: number }).__appBadge = count;
      return Promise.resolve();
    };
    Object.defineProperty(Navigator.prototype, 'setAppBadge', { configurable: true, value: (count?: number) => record(count ?? 0) });
    Object.defineProperty(Navigator.prototype, 'clearAppBadge', { configurable: true, value: () => record(0) });
  });
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();

  await pageA.goto(`/chatting/${roomId}`);
  await connected(pageA);
  // B sits on the home tab.
  await pageB.goto('/');
  await expect(pageB.getByRole('navigation', { name: '주요 메뉴' })).toBeVisible();
  await expect(tabBadge(pageB)).toBeHidden();

  await say(pageA, '점심 같이 드실래요?');
  // Mine, not read yet: `1` beside it. B's tab badge counts it without B doing anything.
  await expect(bubbleRow(pageA, '점심 같이 드실래요?').getByTestId('unread-marker')).toBeVisible();
  await expect(tabBadge(pageB)).toHaveText('1', { timeout: 15_000 });

  // B goes to the chat list; the next message moves in live, with its count.
  await pageB.getByRole('link', { name: '채팅' }).click();
  // Home's member cards name 김하나 too, and stay on screen until the list's loader is done: the
  // room's row is the link into the room.
  const roomLink = pageB.getByRole('link', { name: /김하나/ }).and(pageB.locator('a[href^="/chatting/"]'));
  await expect(roomLink).toContainText('점심 같이 드실래요?');
  await say(pageA, '학생식당 12시 어때요?');
  await expect(roomLink).toContainText('학생식당 12시 어때요?', { timeout: 15_000 });
  await expect(roomLink.getByLabel('안 읽은 메시지 2개')).toBeVisible();
  await expect(tabBadge(pageB)).toHaveText('2');
  await expect.poll(() => appBadge(pageB)).toBe(2);
  await expect(messageList(pageA).getByTestId('unread-marker')).toHaveCount(2);
  await shoot(pageB, 'chat-live-list-badge');
  await shoot(pageA, 'chat-live-unread-markers');

  // B opens the room: A's `1`s go, live.
  await roomLink.click();
  await connected(pageB);
  await expect(messageList(pageA).getByTestId('unread-marker')).toHaveCount(0, { timeout: 15_000 });

  // A types: B sees "입력 중…" under A's name, and it goes by itself.
  // Typing is throttled (at most one event a second): keep typing for a few seconds, as people do.
  await pageA.getByRole('textbox', { name: '메시지' }).pressSequentially('지금 바로 가요', { delay: 400 });
  const typing = pageB.getByText('입력 중…');
  await expect(typing).toBeVisible({ timeout: 10_000 });
  await shoot(pageB, 'chat-live-typing');
  await expect(typing).toBeHidden({ timeout: 10_000 });

  // A message that arrives while B has the room open is read at once: A's `1` goes again.
  await pageA.getByRole('button', { name: '보내기' }).click();
  await expect(bubbleRow(pageB, '지금 바로 가요')).toHaveCount(1);
  await expect(messageList(pageA).getByTestId('unread-marker')).toHaveCount(0, { timeout: 15_000 });

  // Back on the list: nothing unread, no badge.
  await pageB.getByRole('button', { name: '뒤로 가기' }).click();
  await expect(pageB.getByRole('link', { name: /김하나/ })).toContainText('지금 바로 가요');
  await expect(tabBadge(pageB)).toBeHidden();
  await expect.poll(() => appBadge(pageB)).toBe(0);
  await contextA.close();
  await contextB.close();
});

test('a message typed offline is delivered once when back online, from the home tab, without reopening the room', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const a = await signUpStudent(request, E2E_URL, uniqueEmail('away-a'), '박세나');
  const b = await signUpStudent(request, E2E_URL, uniqueEmail('away-b'), '최네모');
  const roomId = await matchAndOpenRoom(request, E2E_URL, a, b);
  const contextA = await studentContext(browser, E2E_URL, a);
  const contextB = await studentContext(browser, E2E_URL, b);
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  await pageB.goto(`/chatting/${roomId}`);
  await connected(pageB);

  await pageA.goto(`/chatting/${roomId}`);
  await connected(pageA);
  await workerReady(pageA);
  await contextA.setOffline(true);
  await expect(pageA.getByText(CONNECTING)).toBeVisible();
  await say(pageA, '오프라인에서 쓴 메시지');
  await expect(messageList(pageA).locator('li[data-status="pending"]')).toHaveCount(1);

  // A leaves the room for the home tab, then the network comes back.
  await pageA.getByRole('button', { name: '뒤로 가기' }).click();
  await pageA.getByRole('link', { name: '홈' }).click();
  await expect(pageA).toHaveURL(/\/$/);
  await contextA.setOffline(false);

  const got = bubbleRow(pageB, '오프라인에서 쓴 메시지');
  await expect(got).toHaveCount(1, { timeout: 30_000 });
  // Once: nothing more arrives (no double send after the reconnect).
  await pageB.waitForTimeout(2000);
  await expect(got).toHaveCount(1);
  await expect(pageA).toHaveURL(/\/$/);
  await contextA.close();
  await contextB.close();
});

test('the tab badge counts unread messages in rooms beyond the first list page', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const me = await signUpStudent(request, E2E_URL, uniqueEmail('many-me'), '한다섯');
  const old = await signUpStudent(request, E2E_URL, uniqueEmail('many-old'), '오래된');
  const oldRoom = await matchAndOpenRoom(request, E2E_URL, old, me);
  const contextOld = await studentContext(browser, E2E_URL, old);
  const pageOld = await contextOld.newPage();
  await pageOld.goto(`/chatting/${oldRoom}`);
  await connected(pageOld);
  await say(pageOld, '예전에 보낸 메시지');
  await expect(messageList(pageOld).locator('li[data-status="sent"]')).toHaveCount(1, { timeout: 15_000 });
  // Ten newer rooms (the list loads ten a page): the unread one is on page 2, never loaded here.
  for (let i = 0; i < 10; i++) {
    const friend = await signUpStudent(request, E2E_URL, uniqueEmail(`many-${i}`), `친구${i}`);
    await matchAndOpenRoom(request, E2E_URL, friend, me);
  }
  const context = await studentContext(browser, E2E_URL, me);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: '주요 메뉴' })).toBeVisible();
  await expect(tabBadge(page)).toHaveText('1');

  // Live: the old room's next message counts too (event:room carries the member's total).
  await say(pageOld, '아직 기다려요');
  await expect(tabBadge(page)).toHaveText('2', { timeout: 15_000 });
  await contextOld.close();
  await context.close();
});

test('on a phone Enter breaks the line; inside a room another room’s message shows a banner that opens it; its menu copies; 채팅방 나가기 leaves', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await signUpStudent(request, E2E_URL, uniqueEmail('banner-a'), '김하나');
  const b = await signUpStudent(request, E2E_URL, uniqueEmail('banner-b'), '이두리');
  const c = await signUpStudent(request, E2E_URL, uniqueEmail('banner-c'), '이준호');
  const roomAB = await matchAndOpenRoom(request, E2E_URL, a, b);
  const roomAC = await matchAndOpenRoom(request, E2E_URL, a, c);
  const contextA = await studentContext(browser, E2E_URL, a);
  await contextA.grantPermissions(['clipboard-read', 'clipboard-write']);
  const contextC = await studentContext(browser, E2E_URL, c);
  const pageA = await contextA.newPage();
  const pageC = await contextC.newPage();

  await pageA.goto(`/chatting/${roomAB}`);
  await connected(pageA);
  // A phone (coarse pointer): the key is a line break, and it breaks the line instead of sending.
  const input = pageA.getByRole('textbox', { name: '메시지' });
  await expect(input).toHaveAttribute('enterkeyhint', 'enter');
  await input.fill('첫 줄');
  await input.press('Enter');
  await input.pressSequentially('둘째 줄');
  await expect(input).toHaveValue('첫 줄\n둘째 줄');
  await pageA.getByRole('button', { name: '보내기' }).click();
  await expect(bubbleRow(pageA, '둘째 줄')).toHaveAttribute('data-status', 'sent', { timeout: 20_000 });

  // 이준호 writes in the other room: a banner in A's open room, and only there.
  await pageC.goto(`/chatting/${roomAC}`);
  await connected(pageC);
  await say(pageC, '서울 중구 세종대로 110 앞에서 봐요');
  const banner = pageA.getByRole('button', { name: '이준호: 서울 중구 세종대로 110 앞에서 봐요' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await shoot(pageA, 'chat-live-05-other-room-banner');
  await expect(pageC.getByTestId('toast')).toHaveCount(0);
  await banner.click();
  await expect(pageA).toHaveURL(new RegExp(`/chatting/${roomAC}$`));
  await expect(pageA.getByRole('button', { name: '이준호 프로필 보기' })).toBeVisible();

  // Long press on the address: a menu to copy it, not the report form.
  const bubble = messageList(pageA).locator('li[data-status] p').filter({ hasText: '세종대로' });
  const box = (await bubble.boundingBox())!;
  await pageA.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await pageA.mouse.down();
  await pageA.waitForTimeout(600);
  await pageA.mouse.up();
  const menu = pageA.getByRole('menu', { name: '메시지 메뉴' });
  await expect(menu.getByRole('menuitem')).toHaveText(['복사', '신고하기']);
  await shoot(pageA, 'chat-live-06-message-menu');
  await menu.getByRole('menuitem', { name: '복사' }).click();
  await expect(pageA.getByText('복사했어요')).toBeVisible();
  expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe('서울 중구 세종대로 110 앞에서 봐요');

  // ⋯ → 채팅방 나가기 → the list's confirmation → back on the 채팅 list without the room.
  await pageA.getByRole('button', { name: '채팅방 메뉴' }).click();
  await pageA.getByRole('dialog', { name: '채팅방 메뉴' }).getByRole('button', { name: '채팅방 나가기' }).click();
  const confirm = pageA.getByRole('dialog', { name: '채팅방을 나갈까요?' });
  await shoot(pageA, 'chat-live-07-leave-confirm');
  await confirm.getByRole('button', { name: '나가기' }).click();
  await expect(pageA).toHaveURL(/\/chatting$/);
  await expect(pageA.getByRole('link', { name: /이두리/ })).toBeVisible();
  await expect(pageA.getByRole('link', { name: /이준호/ })).toHaveCount(0);
  await contextA.close();
  await contextC.close();
});
