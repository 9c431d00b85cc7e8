import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './support/msw-server';

// Every HTTP call in a unit test must be answered by a handler the test declared.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());

// jsdom has no media queries or layout observers; the carousel (embla) needs them to mount.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
for (const name of ['ResizeObserver', 'IntersectionObserver'] as const) {
  if (!(name in window)) {
    (window as unknown as Record<string, unknown>)[name] = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    };
  }
}

// jsdom has <dialog> but not its modal API: open/close as browsers do, and Escape fires the
// cancelable `cancel` event (closing unless prevented), which is what the app's dialog listens to.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const escapeListeners = new WeakMap<HTMLDialogElement, (event: KeyboardEvent) => void>();
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
  });
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
    };
    escapeListeners.set(this, onKeyDown);
    this.ownerDocument.addEventListener('keydown', onKeyDown);
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    const onKeyDown = escapeListeners.get(this);
    if (onKeyDown) this.ownerDocument.removeEventListener('keydown', onKeyDown);
    this.dispatchEvent(new Event('close'));
  };
}
