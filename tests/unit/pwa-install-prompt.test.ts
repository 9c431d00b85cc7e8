import { describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('../../src/lib/install-prompt');
}

function fireBeforeInstallPrompt() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
  event.prompt = vi.fn().mockResolvedValue(undefined);
  event.userChoice = Promise.resolve({ outcome: 'dismissed' });
  window.dispatchEvent(event);
  return event;
}

describe('install prompt (홈 화면에 추가)', () => {
  it('is never offered on the first visit, and keeps the browser infobar away', async () => {
    const mod = await freshModule();
    mod.captureInstallPrompt();
    const event = fireBeforeInstallPrompt();
    expect(event.defaultPrevented).toBe(true);
    const { renderHook } = await import('@testing-library/react');
    expect(renderHook(() => mod.useInstallAvailable()).result.current).toBe(false);
  });

  it('is offered from the second visit; a dismissal is remembered', async () => {
    localStorage.setItem('lunchchat.visits', '1');
    const mod = await freshModule();
    mod.captureInstallPrompt();
    fireBeforeInstallPrompt();
    const { renderHook } = await import('@testing-library/react');
    expect(renderHook(() => mod.useInstallAvailable()).result.current).toBe(true);
    // The user declines in the browser's dialog: not offered again.
    await mod.promptInstall();
    expect(localStorage.getItem('lunchchat.installDismissed')).toBe('1');
    const again = await freshModule();
    again.captureInstallPrompt();
    fireBeforeInstallPrompt();
    expect(renderHook(() => again.useInstallAvailable()).result.current).toBe(false);
  });
});
