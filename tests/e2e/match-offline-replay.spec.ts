import { expect, test } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, cacheSaved, shoot, uniqueEmail, useToken, workerReady } from './support';

/**
 * A match accepted offline and replayed after a reload refreshes every list it changes: explore
 * (which leaves matched members out, spec section 4) and the match lists — without a manual
 * refetch. Explore's cached page is still fresh (30 s staleTime) when it is shown again, so only
 * the mutation's own invalidation can bring the new state.
 */
test('an acceptance made offline and sent after a reload refreshes explore and the match lists', async ({ page, request, context }) => {
  test.setTimeout(90_000);
  const requester = await apiMember(request, uniqueEmail('replay-a'), '재전송친구');
  const me = await apiMember(request, uniqueEmail('replay-b'), '재전송나');
  const asRequester = { authorization: `Bearer ${requester.token}` };
  expect((await request.post(`${E2E_URL}/api/matches`, { headers: asRequester, data: { toMemberId: me.memberId } })).status()).toBe(200);

  await useToken(page, me.token);
  await page.goto('/');
  await workerReady(page);
  // Explore, newest first: the requester (signed up just before me) is listed and cached.
  await page.goto('/explore');
  const card = page.getByRole('link', { name: /^재전송친구.* 프로필 보기$/ });
  await expect(card).toBeVisible();
  await cacheSaved(page, (json) => json.includes('"filters"') && json.includes('재전송친구'));
  await card.click();
  await expect(page.getByRole('button', { name: '수락하기' })).toBeVisible();
  await cacheSaved(page, (json) => json.includes(`"detail",${requester.memberId}]`));

  await context.setOffline(true);
  await page.getByRole('button', { name: '수락하기' }).click();
  await expect(page.getByText('오프라인 — 연결되면 보낼게요')).toBeVisible();
  await cacheSaved(page, (json) => json.includes('"mutationKey":["matches","accept"]'));
  await page.reload();
  await expect(page.getByText('오프라인 — 연결되면 보낼게요')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('오프라인 — 연결되면 보낼게요')).toBeHidden();
  await expect(page.getByRole('button', { name: '채팅하기' })).toBeVisible();
  const accepted = async () => {
    const res = await request.get(`${E2E_URL}/api/matches?status=ACCEPTED&page=0&size=10`, { headers: { authorization: `Bearer ${me.token}` } });
    return JSON.stringify(await res.json());
  };
  await expect.poll(accepted).toContain('재전송친구');

  // Back to explore: the matched member is gone from it (explore leaves matched members out).
  await page.goBack();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('link', { name: / 프로필 보기$/ }).first()).toBeVisible();
  await expect(card).toBeHidden();
  await shoot(page, 'match-replay-explore');

  // And listed under 매칭 완료.
  await page.goto('/matching?selectTab=ACCEPTED');
  await expect(page.getByRole('list', { name: '매칭 완료' }).getByText('재전송친구')).toBeVisible();
});

/**
 * 받은 요청 › 수락 made offline says it goes once connected; sent after a reload (the page that made
 * it gone), it still says "…님과 매칭됐어요!" with 채팅하기, and only that once.
 */
test('an accept made offline on 받은 요청 and sent after a reload says 매칭됐어요 with 채팅하기, once', async ({ page, request, context }) => {
  test.setTimeout(90_000);
  const requester = await apiMember(request, uniqueEmail('told-a'), '소식친구');
  const me = await apiMember(request, uniqueEmail('told-b'), '소식나');
  const asRequester = { authorization: `Bearer ${requester.token}` };
  expect((await request.post(`${E2E_URL}/api/matches`, { headers: asRequester, data: { toMemberId: me.memberId } })).status()).toBe(200);

  await useToken(page, me.token);
  await page.goto('/matching');
  await workerReady(page);
  const received = page.getByRole('list', { name: '받은 요청' });
  await expect(received.getByText('소식친구')).toBeVisible();
  await cacheSaved(page, (json) => json.includes('"RECEIVED"') && json.includes('소식친구'));

  await context.setOffline(true);
  await received.getByRole('button', { name: '소식친구님의 요청 수락' }).click();
  await expect(page.getByText('연결되면 소식친구님의 요청을 수락할게요.')).toBeVisible();
  await cacheSaved(page, (json) => json.includes('"mutationKey":["matches","accept"]'));
  await page.reload();
  // Restored and waiting: the card cannot send a second accept.
  await expect(received.getByRole('button', { name: '소식친구님의 요청 수락' })).toBeDisabled();
  await shoot(page, 'match-accept-restored-offline');

  await context.setOffline(false);
  const toast = page.getByTestId('toast').filter({ hasText: '소식친구님과 매칭됐어요!' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('채팅으로 먼저 인사해 보세요.');
  await shoot(page, 'match-accept-restored-toast');
  const accepted = await request.get(`${E2E_URL}/api/matches?status=ACCEPTED&page=0&size=10`, { headers: { authorization: `Bearer ${me.token}` } });
  expect(JSON.stringify(await accepted.json())).toContain('소식친구');
  await toast.getByRole('button', { name: '채팅하기' }).click();
  await expect(page).toHaveURL(/\/chatting\/\d+$/);
  await expect(page.getByRole('button', { name: '소식친구 프로필 보기' })).toBeVisible();

  // Said once: the next reload neither sends it again nor says it again.
  await cacheSaved(page, (json) => !json.includes('"mutationKey":["matches","accept"]'));
  await page.goto('/matching');
  await expect(page.getByText('받은 요청이 없어요')).toBeVisible();
  await page.reload();
  await expect(page.getByText('받은 요청이 없어요')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: '매칭됐어요' })).toHaveCount(0);
});
