/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clickTarget, notificationFor, parsePushPayload, PUSH_RECEIVED, shownInVisibleRoom } from './push';
import { isRuntimeImage, NAVIGATION_DENYLIST, runtimeImageStrategy } from './strategies';
import { APP_VERSION, IMAGE_CACHE, isOutdatedCache } from './version';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

export { NAVIGATION_DENYLIST };

// The build's files (app shell and every route chunk), injected by vite-plugin-pwa (injectManifest).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once (so it works offline without a reload). A later
// version only activates on the user's "새로고침" (SKIP_WAITING), and that reloads the page anyway.
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));
registerRoute(isRuntimeImage, runtimeImageStrategy());
// Nothing else is routed: API calls always go to the network (offline reads come from the page's
// persisted query cache).

// Runtime caches of other versions go; the precache is workbox's and cleaned above.
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      const keep = [cacheNames.precache, IMAGE_CACHE];
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isOutdatedCache(name, keep)).map((name) => caches.delete(name)));
    })(),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  // The page's "새로고침" on the update toast: activate the waiting worker now (only on request).
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'GET_VERSION') event.ports[0]?.postMessage({ version: APP_VERSION });
});

// Data-only push: a visible notification (contract section 12) unless it is for the chat room a
// visible window shows (section 17), and open windows hear of it so a page in front can show its toast too.
self.addEventListener('push', (event: PushEvent) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    payload = event.data?.text() ?? null;
  }
  const message = parsePushPayload(payload, self.location.origin);
  if (!message) return;
  const { title, options } = notificationFor(message);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The room is open and on screen: the message is already there (contract section 17).
      if (shownInVisibleRoom(message, windows, self.location.origin)) return;
      await self.registration.showNotification(title, options);
      for (const client of windows) client.postMessage({ type: PUSH_RECEIVED, title: message.title, body: message.body, url: message.url });
    })(),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const target = clickTarget(event.notification.data, windows, self.location.origin);
      if (target.action === 'open') {
        await self.clients.openWindow(target.url);
        return;
      }
      const focused = await target.client.focus();
      if (target.navigate) await focused.navigate(target.url);
    })(),
  );
});
