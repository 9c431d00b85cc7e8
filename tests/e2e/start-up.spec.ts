import { expect, test } from '@playwright/test';
import { apiMember, uniqueEmail, useToken } from './support';

test('a slow server does not keep the app on its splash: the screen frame shows, then the data', async ({ page, request }) => {
  const me = await apiMember(request, uniqueEmail('startup'), '느린서버');
  await useToken(page, me.token);
  // The chat list's loader waits for this call before the first render; the server takes 6 s.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/chatrooms?*', async (route) => {
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 6_000))]);
    await route.continue();
  });
  const started = Date.now();
  await page.goto('/chatting');
  await expect(page.getByRole('heading', { name: '채팅' })).toBeVisible({ timeout: 4_000 });
  await expect(page.locator('.boot-splash')).toHaveCount(0);
  expect(Date.now() - started).toBeLessThan(5_000);
  release();
  await expect(page.getByText('아직 채팅이 없어요')).toBeVisible();
});
