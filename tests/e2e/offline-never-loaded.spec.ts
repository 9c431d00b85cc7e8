import { expect, test } from '@playwright/test';
import { apiMember, cacheSaved, shoot, uniqueEmail, useToken, workerReady } from './support';

/*
 * A screen never opened before has nothing in the persisted cache. Opened offline it span
 * forever (the query's fetch waits for the network): another student's profile, an explore
 * category not loaded before. It says it cannot load offline instead, and fills in by itself
 * once the network is back, without a reload.
 */
const OFFLINE_TITLE = '오프라인이라 불러올 수 없어요';
const OFFLINE_BANNER = '오프라인 상태예요. 저장된 내용을 보여 드려요.';

test('offline: a profile and an explore category never opened say they cannot load, and load once back online', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const me = await apiMember(request, uniqueEmail('never-a'), '처음나');
  const other = await apiMember(request, uniqueEmail('never-b'), '처음보는');
  await useToken(page, me.token);

  // Online: the app is installed (the worker precaches it) and explore's 전체 is seen.
  await page.goto('/explore');
  await workerReady(page);
  await expect(page.getByRole('link', { name: / 프로필 보기$/ }).first()).toBeVisible();
  await cacheSaved(page, (json) => json.includes('"filters"'));

  await context.setOffline(true);
  // Opened from a link (a shared URL, a notification): the app starts offline from its cache.
  await page.goto(`/profile/${other.memberId}`);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(page.getByText(OFFLINE_TITLE)).toBeVisible();
  await expect(page.getByText('연결되면 바로 불러올게요.')).toBeVisible();
  // Still so after the first attempt has failed and the fetch waits for the network.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('status', { name: '불러오는 중이에요' })).toHaveCount(0);
  await shoot(page, 'offline-never-loaded-profile');

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: '처음보는' })).toBeVisible();
  await expect(page.getByText(OFFLINE_TITLE)).toBeHidden();

  // Explore: 전체 was seen, 교환학생 never.
  await page.goto('/explore');
  await expect(page.getByRole('link', { name: / 프로필 보기$/ }).first()).toBeVisible();
  await context.setOffline(true);
  const categories = page.getByRole('group', { name: '관심사 카테고리' });
  await categories.getByRole('button', { name: '교환학생' }).click();
  await expect(page.getByText(OFFLINE_TITLE)).toBeVisible();
  await expect(page.getByRole('status', { name: '불러오는 중이에요' })).toHaveCount(0);
  await shoot(page, 'offline-never-loaded-explore');
  // The one seen still shows from the cache.
  await categories.getByRole('button', { name: '전체' }).click();
  await expect(page.getByRole('link', { name: / 프로필 보기$/ }).first()).toBeVisible();
  await categories.getByRole('button', { name: '교환학생' }).click();
  await expect(page.getByText(OFFLINE_TITLE)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_TITLE)).toBeHidden();
  await expect(
    page
      .getByRole('link', { name: / 프로필 보기$/ })
      .or(page.getByText('조건에 맞는 프로필이 없어요'))
      .first(),
  ).toBeVisible();
});

test('offline: home never opened says it cannot load once for the screen, not once per section', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const me = await apiMember(request, uniqueEmail('never-home'), '홈처음');
  await useToken(page, me.token);

  // Online, the app is installed from another screen; home's sections were never loaded.
  await page.goto('/explore');
  await workerReady(page);
  await expect(page.getByRole('link', { name: / 프로필 보기$/ }).first()).toBeVisible();
  await cacheSaved(page, (json) => json.includes('"filters"'));

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(page.getByText(OFFLINE_TITLE)).toHaveCount(1);
  // Every section has settled (the sliders are built one per frame after the first paint) and
  // the fetches wait for the network: still one line.
  await expect(page.getByRole('heading', { name: '이런 사람은 어때요?' })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByText(OFFLINE_TITLE)).toHaveCount(1);
  await expect(page.getByRole('status', { name: '불러오는 중이에요' })).toHaveCount(0);
  await shoot(page, 'offline-never-loaded-home');
  // Below it the sliders keep their titles, without a line of their own.
  await page.evaluate(() => window.scrollBy(0, 500));
  await shoot(page, 'offline-never-loaded-home-below');

  await context.setOffline(false);
  await expect(page.getByRole('link', { name: / 프로필 보기$/ }).first()).toBeVisible();
  await expect(page.getByText(OFFLINE_TITLE)).toHaveCount(0);
});
