import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { matchAndOpenRoom, signUpStudent, studentContext } from './chat-server';
import { apiMember, shoot, uniqueEmail, useToken, type ApiMember } from './support';

/** Contract section 15 in the browser at 390×844: block from a profile, report from a message. */

/** WCAG 2 A/AA as the a11y suite checks it, on what is on screen now (an open sheet or dialog included). */
async function accessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function status(request: APIRequestContext, member: { token: string }, path: string): Promise<number> {
  return (await request.get(`${E2E_URL}${path}`, { headers: { authorization: `Bearer ${member.token}` } })).status();
}

async function exploreFilter(request: APIRequestContext, member: ApiMember) {
  const headers = { authorization: `Bearer ${member.token}` };
  const colleges = ((await (await request.get(`${E2E_URL}/api/colleges`, { headers })).json()) as { result: { id: number; name: string }[] }).result;
  const college = colleges.at(-1)!;
  const depts = (
    (await (await request.get(`${E2E_URL}/api/colleges/${college.id}/departments`, { headers })).json()) as { result: { id: number; name: string }[] }
  ).result;
  return { college, dept: depts.at(-1)! };
}

test('a student blocks a member from the profile: the member leaves explore at once, and 차단 목록 lifts it', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const a = await apiMember(request, uniqueEmail('block-a'), '차단해요');
  const { college, dept } = await exploreFilter(request, a);
  // B is easy to find: the last department of the last college, 20학번 이상, 학점 관리.
  const b = await apiMember(request, uniqueEmail('block-b'), '가려질이', {
    studentNo: '20',
    collegeId: college.id,
    departmentId: dept.id,
    interests: ['GPA_MANAGEMENT'],
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, a.token);

  const explore = `/explore?interest=GPA_MANAGEMENT&collegeId=${college.id}&department=${encodeURIComponent(dept.name)}&studentNo=20`;
  await page.goto(explore);
  const cards = page.getByRole('list', { name: '프로필 목록' });
  const cardB = cards.getByRole('link', { name: /가려질이/ });
  await expect(cardB).toBeVisible();
  await cardB.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${b.memberId}$`));
  await expect(page.getByRole('heading', { name: '가려질이' })).toBeVisible();
  await shoot(page, 'safety-01-profile-actions');

  await page.getByRole('button', { name: '차단하기' }).click();
  const dialog = page.getByRole('dialog', { name: '가려질이님을 차단할까요?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('상대에게는 알리지 않아요');
  await shoot(page, 'safety-02-block-dialog');
  await accessible(page);
  await dialog.getByRole('button', { name: '차단하기' }).click();

  // Back on explore (the page it came from), without a reload: B is gone.
  await expect(page).toHaveURL(/\/explore\?/);
  await expect(page.getByText('차단했어요')).toBeVisible();
  await expect(cardB).toHaveCount(0);
  await shoot(page, 'safety-03-explore-after-block');
  // The server agrees, both ways, and says nothing more than "no such member".
  expect(await status(request, a, `/api/members/${b.memberId}`)).toBe(404);
  expect(await status(request, b, `/api/members/${a.memberId}`)).toBe(404);
  // Home's lists do not show B either.
  await page.goto('/');
  await expect(page.getByRole('link', { name: /가려질이/ })).toHaveCount(0);

  // 마이페이지 → 차단 목록 → 차단 해제.
  await page.goto('/my');
  await page.getByRole('link', { name: '차단 목록' }).click();
  await expect(page).toHaveURL(/\/my\/blocks$/);
  const row = page.getByRole('listitem').filter({ hasText: '가려질이' });
  await expect(row).toBeVisible();
  await shoot(page, 'safety-04-block-list');
  await accessible(page);
  await row.getByRole('button', { name: '가려질이 차단 해제' }).click();
  await expect(page.getByText('차단한 회원이 없어요')).toBeVisible();
  await shoot(page, 'safety-05-block-list-empty');
  expect(await status(request, a, `/api/members/${b.memberId}`)).toBe(200);
  await page.goto(explore);
  await expect(cards.getByRole('link', { name: /가려질이/ })).toBeVisible();
  await context.close();
});

async function longPress(page: Page, text: string) {
  const bubble = page
    .getByRole('list', { name: '메시지' })
    .locator('li[data-status] p')
    .filter({ hasText: new RegExp(`^${text}$`) });
  await expect(bubble).toHaveCount(1);
  const box = (await bubble.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(600);
  await page.mouse.up();
}

/** On screen and above the sheet's pinned footer (the row holding its button), by boundingBox. */
async function aboveFooter(locator: Locator, footerButton: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const footer = await footerButton.locator('..').boundingBox();
  expect(box && footer).toBeTruthy();
  if (!box || !footer) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(footer.y);
}

test('a student reports a chat message from its long-press menu; the room menu offers 채팅방 나가기, 신고하기 and 차단하기', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const a = await signUpStudent(request, E2E_URL, uniqueEmail('report-a'), '신고자');
  const b = await signUpStudent(request, E2E_URL, uniqueEmail('report-b'), '무례한이');
  const roomId = await matchAndOpenRoom(request, E2E_URL, a, b);
  const contextA = await studentContext(browser, E2E_URL, a);
  const contextB = await studentContext(browser, E2E_URL, b);
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();

  await pageB.goto(`/chatting/${roomId}`);
  await pageB.getByRole('textbox', { name: '메시지' }).fill('이상한 말');
  await pageB.getByRole('button', { name: '보내기' }).click();
  await expect(pageB.getByRole('list', { name: '메시지' }).locator('li[data-status="sent"]')).toHaveCount(1, { timeout: 20_000 });

  await pageA.goto('/chatting');
  await pageA.getByRole('link', { name: /무례한이/ }).click();
  await expect(pageA).toHaveURL(new RegExp(`/chatting/${roomId}$`));

  // The room's menu.
  await pageA.getByRole('button', { name: '채팅방 메뉴' }).click();
  const menu = pageA.getByRole('dialog', { name: '채팅방 메뉴' });
  await expect(menu.getByRole('button', { name: '채팅방 나가기' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '신고하기' })).toBeVisible();
  await expect(menu.getByRole('button', { name: '차단하기' })).toBeVisible();
  await shoot(pageA, 'safety-06-chat-menu');
  await accessible(pageA);
  await menu.getByRole('button', { name: '닫기' }).click();
  await expect(menu).toBeHidden();

  // Long press on B's message → its menu (복사, 신고하기) → the report sheet with the message attached.
  await longPress(pageA, '이상한 말');
  const messageMenu = pageA.getByRole('menu', { name: '메시지 메뉴' });
  await expect(messageMenu.getByRole('menuitem')).toHaveText(['복사', '신고하기']);
  await shoot(pageA, 'safety-06b-message-menu');
  await accessible(pageA);
  await messageMenu.getByRole('menuitem', { name: '신고하기' }).click();
  const sheet = pageA.getByRole('dialog', { name: '신고하기' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('blockquote')).toHaveText('이상한 말');
  for (const label of ['괴롭힘', '스팸·홍보', '부적절한 프로필', '노쇼', '기타']) await expect(sheet.getByRole('radio', { name: label })).toBeVisible();
  // Without a reason it says so, in Korean, and sends nothing.
  await sheet.getByRole('button', { name: '신고하기' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('신고 사유를 선택해 주세요.');
  await accessible(pageA);
  await sheet.getByRole('radio', { name: '괴롭힘' }).check();
  // Over 500 characters: all of it is kept, the count and the reason stay in sight above the pinned
  // 신고하기, and a tap on it focuses the field instead of doing nothing.
  const detail = sheet.getByLabel('자세한 내용 (선택)');
  await detail.fill('가'.repeat(600));
  await expect(detail).toHaveValue('가'.repeat(600));
  const submitButton = sheet.getByRole('button', { name: '신고하기' });
  await expect(submitButton).toBeEnabled();
  await aboveFooter(sheet.getByText('600/500'), submitButton);
  await aboveFooter(sheet.getByText('자세한 내용은 500자 이하로 적어 주세요.'), submitButton);
  await submitButton.click();
  await expect(detail).toBeFocused();
  await aboveFooter(sheet.getByText('자세한 내용은 500자 이하로 적어 주세요.'), submitButton);
  await shoot(pageA, 'safety-06c-report-too-long');
  await detail.fill('채팅에서 계속 불쾌한 말을 해요.');
  await shoot(pageA, 'safety-07-report-sheet');
  await accessible(pageA);

  const sent = pageA.waitForResponse((response) => response.url().endsWith('/api/reports') && response.request().method() === 'POST');
  await sheet.getByRole('button', { name: '신고하기' }).click();
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { result: { reportId: number } }).result.reportId).toBeGreaterThan(0);
  await expect(sheet).toBeHidden();
  await expect(pageA.getByText('신고가 접수되었어요')).toBeVisible();
  await shoot(pageA, 'safety-08-reported');
  // Reporting is not blocking: the room stays.
  await expect(pageA.getByRole('textbox', { name: '메시지' })).toBeVisible();
  // The reported member is told nothing.
  const notes = await (await request.get(`${E2E_URL}/api/notifications`, { headers: { authorization: `Bearer ${b.token}` } })).json();
  expect((notes as { result: { notifications: { type: string }[] } }).result.notifications.map((n) => n.type)).toEqual(['MATCH_REQUEST']);

  // Then A blocks B from the room's menu: back on the list, the room is gone for both.
  await pageA.getByRole('button', { name: '채팅방 메뉴' }).click();
  await pageA.getByRole('dialog', { name: '채팅방 메뉴' }).getByRole('button', { name: '차단하기' }).click();
  await pageA.getByRole('dialog', { name: '무례한이님을 차단할까요?' }).getByRole('button', { name: '차단하기' }).click();
  await expect(pageA).toHaveURL(/\/chatting$/);
  await expect(pageA.getByRole('link', { name: /무례한이/ })).toHaveCount(0);
  await shoot(pageA, 'safety-09-chat-list-after-block');
  // B is not told (no event reaches B's screen); B's next fetch of the list no longer has the room.
  const roomsOfB = await (await request.get(`${E2E_URL}/api/chatrooms`, { headers: { authorization: `Bearer ${b.token}` } })).json();
  expect((roomsOfB as { result: { data: unknown[] } }).result.data).toEqual([]);
  await contextA.close();
  await contextB.close();
});
