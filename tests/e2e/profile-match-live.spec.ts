import { expect, test } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, shoot, uniqueEmail, useToken } from './support';

test('an open profile follows the match live: 수락 대기 중 → 채팅하기 when B accepts, 런치챗 보내기 → 수락하기 when A sends', async ({ browser, request }) => {
  const a = await apiMember(request, uniqueEmail('live-a'), '한결이');
  const b = await apiMember(request, uniqueEmail('live-b'), '김민지');
  const c = await apiMember(request, uniqueEmail('live-c'), '이하늘');
  const contextA = await browser.newContext();
  const contextC = await browser.newContext();
  const pageA = await contextA.newPage();
  const pageC = await contextC.newPage();
  await useToken(pageA, a.token);
  await useToken(pageC, c.token);

  // A sends from B's profile; B accepts on their phone (here: the API); A's screen stays open.
  await pageA.goto(`/profile/${b.memberId}`);
  await pageA.getByRole('button', { name: '런치챗 보내기' }).click();
  await expect(pageA.getByRole('button', { name: '수락 대기 중' })).toBeDisabled();
  const accepted = await request.patch(`${E2E_URL}/api/matches/accept/${a.memberId}`, { headers: { authorization: `Bearer ${b.token}` } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await expect(pageA.getByRole('button', { name: '채팅하기' })).toBeEnabled();
  await shoot(pageA, 'profile-live-accepted');

  // C is on A's profile when A sends C a request.
  await pageC.goto(`/profile/${a.memberId}`);
  await expect(pageC.getByRole('button', { name: '런치챗 보내기' })).toBeEnabled();
  const sent = await request.post(`${E2E_URL}/api/matches`, { headers: { authorization: `Bearer ${a.token}` }, data: { toMemberId: c.memberId } });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect(pageC.getByRole('button', { name: '수락하기' })).toBeEnabled();
  await shoot(pageC, 'profile-live-received');

  await contextA.close();
  await contextC.close();
});

test('a request refused because the other member sent one first shows 수락하기 and says so in a toast, not a native alert', async ({ page, request }) => {
  const a = await apiMember(request, uniqueEmail('first-a'), '김민지');
  const c = await apiMember(request, uniqueEmail('first-c'), '이하늘');
  // No live connection on this device: the screen learns of 김민지's request only from the 400.
  await page.routeWebSocket(/.*/, (ws) => ws.close());
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await useToken(page, c.token);
  await page.goto(`/profile/${a.memberId}`);
  const send = page.getByRole('button', { name: '런치챗 보내기' });
  await expect(send).toBeEnabled();
  const sent = await request.post(`${E2E_URL}/api/matches`, { headers: { authorization: `Bearer ${a.token}` }, data: { toMemberId: c.memberId } });
  expect(sent.status(), await sent.text()).toBe(200);
  await send.click();
  await expect(page.getByTestId('toast').filter({ hasText: '김민지님이 먼저 런치챗을 보냈어요. 수락해 보세요.' })).toBeVisible();
  await expect(page.getByRole('button', { name: '수락하기' })).toBeEnabled();
  expect(dialogs).toEqual([]);
  await shoot(page, 'profile-sent-first');
});
