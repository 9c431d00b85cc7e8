import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, E2E_URL } from '../../playwright.config';
import { ChatTestServer, matchAndOpenRoom, signUpStudent, studentContext } from './chat-server';
import { shoot, uniqueEmail, workerReady } from './support';

const CONNECTING = '채팅방에 연결 중이에요...';

const messageList = (page: Page) => page.getByRole('list', { name: '메시지' });
const bubbles = (page: Page) => messageList(page).locator('li[data-status] p');
const bubble = (page: Page, text: string) => bubbles(page).filter({ hasText: new RegExp(`^${text}$`) });

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: '메시지' }).fill(text);
  await page.getByRole('button', { name: '보내기' }).click();
}

async function connected(page: Page) {
  await expect(page.getByRole('textbox', { name: '메시지' })).toBeVisible();
  await expect(page.getByText(CONNECTING)).toBeHidden({ timeout: 20_000 });
}

/** Texts of the bubbles matching `re`, in screen order. */
async function texts(page: Page, re: RegExp): Promise<string[]> {
  return (await bubbles(page).allTextContents()).filter((text) => re.test(text));
}

test('two students chat both ways; messages typed offline survive a reload and arrive once, in order', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const a = await signUpStudent(request, E2E_URL, uniqueEmail('chat-a'), '김하나');
  const b = await signUpStudent(request, E2E_URL, uniqueEmail('chat-b'), '이두리');
  const roomId = await matchAndOpenRoom(request, E2E_URL, a, b);

  const contextA = await studentContext(browser, E2E_URL, a);
  const contextB = await studentContext(browser, E2E_URL, b);
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();

  // A finds the room in the chat list; B opens it directly (e.g. from a notification).
  await pageA.goto('/chatting');
  await expect(pageA.getByRole('heading', { name: '채팅' })).toBeVisible();
  await pageA.getByRole('link', { name: /이두리/ }).click();
  await expect(pageA).toHaveURL(new RegExp(`/chatting/${roomId}$`));
  await expect(pageA.getByRole('button', { name: '이두리 프로필 보기' })).toBeVisible();
  await pageB.goto(`/chatting/${roomId}`);
  await connected(pageA);
  await connected(pageB);

  // Both ways.
  await say(pageA, '안녕하세요, 점심 같이 드실래요?');
  await expect(bubble(pageB, '안녕하세요, 점심 같이 드실래요\\?')).toHaveCount(1);
  await say(pageB, '좋아요! 수요일 어때요?');
  await expect(bubble(pageA, '좋아요! 수요일 어때요\\?')).toHaveCount(1);
  await expect(bubble(pageA, '안녕하세요, 점심 같이 드실래요\\?')).toHaveCount(1);
  await expect(pageB.getByRole('textbox', { name: '메시지' })).toBeEmpty();
  await expect(pageB.getByRole('button', { name: '보내기' })).toBeDisabled();
  await shoot(pageA, 'chat-room-a');

  // A loses the network and keeps typing (the app itself is installed by then).
  await workerReady(pageA);
  await contextA.setOffline(true);
  await expect(pageA.getByText(CONNECTING)).toBeVisible();
  const offline = [1, 2, 3, 4, 5].map((n) => `오프라인 메시지 ${n}`);
  for (const text of offline) await say(pageA, text);
  await expect(messageList(pageA).locator('li[data-status="pending"]')).toHaveCount(5);
  await expect(messageList(pageA).locator('li[data-status="pending"]').first()).toContainText('전송 중');

  // Reload while still offline: the service worker serves the app, IndexedDB still has the 5.
  await pageA.reload();
  await expect(messageList(pageA).locator('li[data-status="pending"]')).toHaveCount(5, { timeout: 15_000 });
  expect(await texts(pageA, /^오프라인 메시지/)).toEqual(offline);
  await expect(pageA.getByText(CONNECTING)).toBeVisible();
  await shoot(pageA, 'chat-room-a-offline-pending');
  expect(await texts(pageB, /^오프라인 메시지/)).toEqual([]);

  // Back online: A's outbox drains; B gets exactly those five, once, in order.
  await contextA.setOffline(false);
  await expect.poll(() => texts(pageB, /^오프라인 메시지/), { timeout: 30_000 }).toEqual(offline);
  await expect(messageList(pageA).locator('li[data-status="pending"]')).toHaveCount(0, { timeout: 30_000 });
  for (const text of offline) await expect(bubble(pageA, text)).toHaveCount(1);
  await connected(pageA);
  // Nothing trails in late, and the server stored each once.
  await pageB.waitForTimeout(2_000);
  expect(await texts(pageB, /^오프라인 메시지/)).toEqual(offline);
  const stored = await request.get(`${E2E_URL}/api/chatrooms/${roomId}/messages?size=50`, {
    headers: { authorization: `Bearer ${b.token}` },
  });
  const storedTexts = ((await stored.json()) as { result: { data: { content: string }[] } }).result.data
    .map((m) => m.content)
    .filter((text) => text.startsWith('오프라인 메시지'))
    .reverse();
  expect(storedTexts).toEqual(offline);
  await shoot(pageB, 'chat-room-b-received');

  // The chat list shows the latest message with a 12-hour time.
  await pageB.goto('/chatting');
  const row = pageB.getByRole('link', { name: /김하나/ });
  await expect(row).toContainText('오프라인 메시지 5');
  await expect(row).toContainText(/오[전후] \d{1,2}:\d{2}/);

  await contextA.close();
  await contextB.close();
});

test('after a server restart both students reconnect by themselves and nothing is lost', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const server = new ChatTestServer(E2E_PORT + 1);
  await server.start();
  try {
    const a = await signUpStudent(request, server.url, uniqueEmail('restart-a'), '박셋째');
    const b = await signUpStudent(request, server.url, uniqueEmail('restart-b'), '최넷째');
    const roomId = await matchAndOpenRoom(request, server.url, a, b);
    const contextA = await studentContext(browser, server.url, a);
    const contextB = await studentContext(browser, server.url, b);
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    await pageA.goto(`/chatting/${roomId}`);
    await pageB.goto(`/chatting/${roomId}`);
    await connected(pageA);
    await connected(pageB);

    await say(pageA, '재시작 전 A');
    await expect(bubble(pageB, '재시작 전 A')).toHaveCount(1);
    await say(pageB, '재시작 전 B');
    await expect(bubble(pageA, '재시작 전 B')).toHaveCount(1);

    // The server goes down in the middle of the conversation.
    await server.stop();
    await expect(pageA.getByText(CONNECTING)).toBeVisible();
    await expect(pageB.getByText(CONNECTING)).toBeVisible();
    await say(pageA, '서버가 꺼진 동안 A');
    await expect(messageList(pageA).locator('li[data-status="pending"]')).toHaveCount(1);

    // Same data directory, same port: nobody touches the pages.
    await server.start();
    await connected(pageA);
    await connected(pageB);
    await expect(bubble(pageB, '서버가 꺼진 동안 A')).toHaveCount(1, { timeout: 30_000 });
    await expect(messageList(pageA).locator('li[data-status="pending"]')).toHaveCount(0);
    await say(pageB, '재시작 후 B');
    await expect(bubble(pageA, '재시작 후 B')).toHaveCount(1);

    const expected = ['재시작 전 A', '재시작 전 B', '서버가 꺼진 동안 A', '재시작 후 B'];
    for (const page of [pageA, pageB]) {
      await expect.poll(() => texts(page, /재시작|서버가/)).toEqual(expected);
    }
    // A fresh load shows the same conversation from the server.
    await pageB.reload();
    await expect.poll(() => texts(pageB, /재시작|서버가/)).toEqual(expected);
    await shoot(pageB, 'chat-room-after-restart');
    await contextA.close();
    await contextB.close();
  } finally {
    await server.stop();
  }
});
