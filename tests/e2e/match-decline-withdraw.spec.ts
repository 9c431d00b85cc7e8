import { expect, test } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, shoot, uniqueEmail, useToken } from './support';

test('B declines A’s request after a confirm; A’s 보낸 요청 loses it quietly, says when the other expires, and 요청 취소 withdraws it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const a = await apiMember(request, uniqueEmail('dw-a'), '신청인');
  const b = await apiMember(request, uniqueEmail('dw-b'), '거절인');
  const c = await apiMember(request, uniqueEmail('dw-c'), '기다림');
  for (const to of [b, c]) {
    const res = await request.post(`${E2E_URL}/api/matches`, { headers: { authorization: `Bearer ${a.token}` }, data: { toMemberId: to.memberId } });
    expect(res.status(), await res.text()).toBe(200);
  }

  const pageB = await (await browser.newContext()).newPage();
  await useToken(pageB, b.token);
  await pageB.goto('/matching');
  const received = pageB.getByRole('list', { name: '받은 요청' });
  await expect(received.getByRole('link', { name: /신청인/ })).toBeVisible();
  await expect(received).toContainText('72시간 후 만료');
  await shoot(pageB, 'requests-01-received-with-decline');
  await received.getByRole('button', { name: '신청인님의 요청 거절' }).click();
  const dialog = pageB.getByRole('dialog', { name: '요청을 거절할까요?' });
  await expect(dialog).toContainText('상대에게 따로 알리지 않아요.');
  await shoot(pageB, 'requests-02-decline-confirm');
  await dialog.getByRole('button', { name: '거절' }).click();
  await expect(pageB.getByText('받은 요청이 없어요')).toBeVisible();

  const pageA = await (await browser.newContext()).newPage();
  await useToken(pageA, a.token);
  await pageA.goto('/matching?selectTab=REQUESTED');
  const sent = pageA.getByRole('list', { name: '보낸 요청' });
  await expect(sent.getByRole('link', { name: /기다림/ })).toBeVisible();
  await expect(sent.getByRole('link', { name: /거절인/ })).toHaveCount(0);
  await expect(sent).toContainText('72시간 후 만료');
  await shoot(pageA, 'requests-03-sent-with-expiry-and-withdraw');
  await sent.getByRole('button', { name: '기다림님에게 보낸 요청 취소' }).click();
  await expect(pageA.getByText('보낸 요청이 없어요')).toBeVisible();
  await shoot(pageA, 'requests-04-sent-after-withdraw');
  // A was not told of the decline.
  const notes = await request.get(`${E2E_URL}/api/notifications`, { headers: { authorization: `Bearer ${a.token}` } });
  expect(((await notes.json()) as { result: { notifications: unknown[] } }).result.notifications).toEqual([]);
});

test('on 보낸 요청 at 390×844 each card ends above its expiry and 요청 취소, which stay clear of the next row', async ({ page, request }) => {
  const a = await apiMember(request, uniqueEmail('dw-grid-a'), '신청인');
  const names = ['첫째', '둘째', '셋째'];
  for (const name of names) {
    const to = await apiMember(request, uniqueEmail('dw-grid'), name);
    const res = await request.post(`${E2E_URL}/api/matches`, { headers: { authorization: `Bearer ${a.token}` }, data: { toMemberId: to.memberId } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await useToken(page, a.token);
  await page.goto('/matching?selectTab=REQUESTED');
  const items = page.getByRole('list', { name: '보낸 요청' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  // Newest first: 셋째 and 둘째 share the first row, 첫째 opens the second.
  const first = items.nth(0);
  const card = (await first.getByRole('link').boundingBox())!;
  const expiry = (await first.getByText(/후 만료$/).boundingBox())!;
  const withdraw = (await first.getByRole('button', { name: /보낸 요청 취소$/ }).boundingBox())!;
  const below = (await items.nth(2).getByRole('link').boundingBox())!;
  expect(card.y + card.height).toBeLessThanOrEqual(expiry.y);
  expect(withdraw.y + withdraw.height).toBeLessThanOrEqual(below.y);
  await shoot(page, 'requests-05-sent-two-rows');
});
