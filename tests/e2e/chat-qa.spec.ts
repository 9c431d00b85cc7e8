import { expect, test } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { matchAndOpenRoom, sayOverStomp, signUpStudent, studentContext } from './chat-server';
import { cacheSaved, shoot, uniqueEmail, workerReady } from './support';

/** Two dead ends a QA walkthrough (390×844) found in the chat: a cut long text, an empty 채팅 tab after a match. */

test('right after a match the new friend is in the 채팅 tab, offline too; a tap opens the room; with no match the tab leads home', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await signUpStudent(request, E2E_URL, uniqueEmail('qa-a'), '윤가람');
  const c = await signUpStudent(request, E2E_URL, uniqueEmail('qa-c'), '서도윤');
  // C asks, A accepts: a match, and no room yet (nobody tapped 채팅하기).
  const requested = await request.post(`${E2E_URL}/api/matches`, { headers: { authorization: `Bearer ${c.token}` }, data: { toMemberId: a.memberId } });
  expect(requested.status(), await requested.text()).toBe(200);
  const accepted = await request.patch(`${E2E_URL}/api/matches/accept/${c.memberId}`, { headers: { authorization: `Bearer ${a.token}` } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const context = await studentContext(browser, E2E_URL, c);
  const page = await context.newPage();
  await page.goto('/chatting');
  const newFriends = page.getByRole('list', { name: '새로 매칭된 친구' });
  const friend = newFriends.getByRole('button', { name: /윤가람/ });
  await expect(friend).toBeVisible();
  await expect(page.getByText('아직 채팅이 없어요')).toBeHidden();
  await shoot(page, 'chat-qa-new-friend');

  // Offline, reloaded: the persisted cache still shows the friend; a tap says why nothing opens.
  await workerReady(page);
  await cacheSaved(page, (text) => text.includes('윤가람'));
  await context.setOffline(true);
  await page.reload();
  await expect(friend).toBeVisible({ timeout: 15_000 });
  await friend.click();
  await expect(page.getByText('오프라인이라 채팅방을 열 수 없어요')).toBeVisible();
  await expect(page).toHaveURL(/\/chatting$/);
  await context.setOffline(false);

  // Online: the tap opens the room as the profile's 채팅하기 does.
  await friend.click();
  await expect(page).toHaveURL(/\/chatting\/\d+$/);
  await expect(page.getByRole('button', { name: '윤가람 프로필 보기' })).toBeVisible();
  await page.getByRole('button', { name: '뒤로 가기' }).click();
  await expect(page.getByRole('list', { name: '채팅방 목록' }).getByRole('link', { name: /윤가람/ })).toBeVisible();
  await expect(newFriends).toBeHidden();
  await context.close();

  // A student with no chats and no matches: the empty tab leads home, to the friends to ask.
  const d = await signUpStudent(request, E2E_URL, uniqueEmail('qa-d'), '문하린');
  const lonely = await studentContext(browser, E2E_URL, d);
  const empty = await lonely.newPage();
  await empty.goto('/chatting');
  await expect(empty.getByText('아직 채팅이 없어요')).toBeVisible();
  await shoot(empty, 'chat-qa-empty');
  await empty.getByRole('link', { name: '친구 찾아보기' }).click();
  await expect(empty).toHaveURL(/\/$/);
  await expect(empty.getByRole('heading', { name: '이런 사람은 어때요?' })).toBeVisible();
  await lonely.close();
});

test('a pasted 1,202-character text is kept whole, counted and held back until it fits the 1,000-character limit', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const a = await signUpStudent(request, E2E_URL, uniqueEmail('qa-long-a'), '정우주');
  const b = await signUpStudent(request, E2E_URL, uniqueEmail('qa-long-b'), '한여름');
  const roomId = await matchAndOpenRoom(request, E2E_URL, a, b);
  const context = await studentContext(browser, E2E_URL, a);
  const page = await context.newPage();
  await page.goto(`/chatting/${roomId}`);
  const box = page.getByRole('textbox', { name: '메시지' });
  await expect(page.getByText('채팅방에 연결 중이에요...')).toBeHidden({ timeout: 20_000 });

  const long = `${'가'.repeat(1190)}마지막 문장까지 보내요`;
  await box.focus();
  // What a paste does: the browser inserts the text as the student's input (maxlength applies).
  await page.keyboard.insertText(long);
  await expect(box).toHaveValue(long);
  await expect(page.getByText('1,202/1,000')).toBeVisible();
  await expect(page.getByText('1,000자까지 보낼 수 있어요')).toBeVisible();
  await expect(page.getByRole('button', { name: '보내기' })).toBeDisabled();
  await shoot(page, 'chat-qa-over-limit');

  // Shortened to the limit: sent whole, as one message.
  await box.fill(long.slice(0, 1000));
  await expect(page.getByText('1,000/1,000')).toBeVisible();
  await page.getByRole('button', { name: '보내기' }).click();
  await expect(box).toHaveValue('');
  const sent = page
    .getByRole('list', { name: '메시지' })
    .locator('li[data-status] p')
    .filter({ hasText: /^가{50}/ });
  await expect(sent).toHaveCount(1);
  await expect.poll(async () => (await sent.textContent())?.length).toBe(1000);
  await context.close();
});

test('reading back, a new message does not pull the view down: 새 메시지 says it and takes the student there; at the bottom the view follows', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const a = await signUpStudent(request, E2E_URL, uniqueEmail('qa-back-a'), '배서윤');
  const b = await signUpStudent(request, E2E_URL, uniqueEmail('qa-back-b'), '조하람');
  const roomId = await matchAndOpenRoom(request, E2E_URL, a, b);
  // Three lines each: more than two screens of talk, all on the first page (20).
  await sayOverStomp(
    E2E_URL,
    b,
    roomId,
    Array.from({ length: 18 }, (_, i) => `지난 이야기 ${i + 1}\n둘째 줄\n셋째 줄`),
  );
  const context = await studentContext(browser, E2E_URL, a);
  const page = await context.newPage();
  await page.goto(`/chatting/${roomId}`);
  await expect(page.getByText('채팅방에 연결 중이에요...')).toBeHidden({ timeout: 20_000 });
  const list = page.getByRole('list', { name: '메시지' });
  const bubble = (text: string) => list.locator('li[data-status] p').filter({ hasText: new RegExp(`^${text}(\\s|$)`) });
  await expect(bubble('지난 이야기 18')).toBeInViewport();
  const scroller = list.locator('..');
  const position = () => scroller.evaluate((el) => ({ top: Math.round(el.scrollTop), bottom: Math.round(el.scrollHeight - el.clientHeight) }));

  // The student scrolls up to an earlier message and reads.
  // (Its own scroll, as a finger does: scrollIntoView would move the fixed screen as well.)
  await bubble('지난 이야기 3').evaluate((el) => {
    const own = el.closest('ol')!.parentElement!;
    own.scrollTop += el.getBoundingClientRect().top - own.getBoundingClientRect().top;
  });
  await expect(bubble('지난 이야기 18')).not.toBeInViewport();
  const reading = await position();
  expect(reading.top).toBeLessThan(reading.bottom - 200);

  // The friend writes: the view stays where the student reads; a button says there is more below.
  await sayOverStomp(E2E_URL, b, roomId, ['지금 어디세요?']);
  const below = page.getByRole('button', { name: /새 메시지/ });
  await expect(below).toBeVisible();
  await expect(below).toContainText('조하람: 지금 어디세요?');
  expect((await position()).top).toBe(reading.top);
  await expect(bubble('지난 이야기 3')).toBeInViewport();
  await shoot(page, 'chat-qa-new-below');

  // A tap goes down to it, and the button goes.
  await below.click();
  await expect(bubble('지금 어디세요\\?')).toBeInViewport();
  await expect(below).toBeHidden();

  // At the bottom the view follows the next one, with no button.
  await sayOverStomp(E2E_URL, b, roomId, ['학생식당 앞이에요']);
  await expect(bubble('학생식당 앞이에요')).toBeInViewport();
  await expect(below).toBeHidden();
  await context.close();
});
