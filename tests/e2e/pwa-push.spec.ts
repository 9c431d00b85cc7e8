import { expect, test } from '@playwright/test';
import { apiMember, deliverPushUntilShown, shoot, uniqueEmail, useToken } from './support';

/*
 * What this covers: a real push delivered to the real worker through CDP
 * (ServiceWorker.deliverPushMessage) → the worker's `push` listener shows a notification (read back
 * with registration.getNotifications(): title, body, tag per type, data.url) and the open page shows
 * the toast. Not covered here: clicking the OS notification (headless Chromium has no way to click
 * it); the click target logic is the pure `clickTarget` the listener uses, unit-tested in
 * tests/unit/sw-push.test.ts, like the payload variants (bare object, other types). One push only:
 * a second CDP delivery to the same worker was intermittently never dispatched by headless
 * Chromium (2 runs in about 12), whatever the worker did.
 */
test('an FCM data-only push becomes a notification (title, body, tag, data.url) and a foreground toast', async ({ page, request, context, baseURL }) => {
  const me = await apiMember(request, uniqueEmail('pwa-push'), '푸시받음');
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await useToken(page, me.token);

  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');

  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const scope = `${new URL(baseURL!).origin}/`;
  await expect.poll(() => registrations.get(scope)).toBeTruthy();

  const payload = {
    data: {
      title: '새 런치챗 요청',
      body: '민수님이 런치챗을 요청했어요!',
      type: 'MATCH_REQUEST',
      senderId: '12',
      senderMembername: '민수',
      url: '/matching?selectTab=RECEIVED',
    },
    from: '123456',
    fcmMessageId: 'e2e-1',
  };
  const notifications = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as unknown }));
    });
  await deliverPushUntilShown(page, cdp, { origin: new URL(baseURL!).origin, registrationId: registrations.get(scope)! }, payload);
  await expect.poll(notifications).toEqual([
    {
      title: '새 런치챗 요청',
      body: '민수님이 런치챗을 요청했어요!',
      tag: 'lunchchat-MATCH_REQUEST',
      icon: `${new URL(baseURL!).origin}/pwa-192x192.png`,
      data: { url: '/matching?selectTab=RECEIVED', type: 'MATCH_REQUEST', senderId: '12' },
    },
  ]);

  // The page in front shows the same message as a toast: top-right, just under the header (it
  // used to cover the header's name and menu).
  const toast = page.getByTestId('toast').filter({ hasText: '새 런치챗 요청' }).first();
  await expect(toast).toContainText('민수님이 런치챗을 요청했어요!');
  const box = (await toast.boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y).toBeLessThan(header.y + header.height + 40);
  await shoot(page, 'pwa-push-toast');

  // The toast leaves by itself after 5 s.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 8000 });
});
