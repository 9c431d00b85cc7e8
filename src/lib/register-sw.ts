import { registerSW } from 'virtual:pwa-register';
import { setPendingUpdate } from './sw-update';

let reloading = false;
/** One reload, whoever notices the switch first. */
function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** Registers sw/index.ts (production builds only) and surfaces a waiting update. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    // After the page's `load`: precaching the whole build must not compete with the first screen.
    immediate: false,
    // The new worker waits; the user chooses when to switch (SKIP_WAITING + reload).
    onNeedRefresh: () =>
      setPendingUpdate(() => {
        // workbox-window reloads only when this page was controlled at registration; a page whose
        // first visit installed the worker must reload too, so we follow the switch ourselves.
        navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
        void updateSW(true);
      }),
    onNeedReload: reloadOnce,
    onRegisterError: (error: unknown) => console.warn('service worker registration failed', error),
  });
}
