import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/components/ui/toast';
import { showToast } from '../../src/lib/toast';

describe('a toast that leads somewhere (another room’s message)', () => {
  it('is one button named by who and what; tapping it goes there and closes it', () => {
    const onSelect = vi.fn();
    render(<Toaster />);
    act(() => void showToast('이준호', '밥 먹었어요?', { onSelect }));
    fireEvent.click(screen.getByRole('button', { name: '이준호: 밥 먹었어요?' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('밥 먹었어요?')).not.toBeInTheDocument();
  });

  it('a plain toast stays text with only its close button', () => {
    render(<Toaster />);
    act(() => void showToast('복사했어요'));
    expect(screen.getByText('복사했어요')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['알림 닫기']);
  });

  it('an action is a button of its own beside the text; tapping it does it and closes the toast', () => {
    const onSelect = vi.fn();
    render(<Toaster />);
    act(() => void showToast('이하늘님과 매칭됐어요!', '채팅으로 먼저 인사해 보세요.', { action: { label: '채팅하기', onSelect } }));
    const toast = screen.getByText('이하늘님과 매칭됐어요!').closest('[data-testid="toast"]') as HTMLElement;
    expect(
      within(toast)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['채팅하기', '알림 닫기']);
    fireEvent.click(within(toast).getByRole('button', { name: '채팅하기' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('이하늘님과 매칭됐어요!')).not.toBeInTheDocument();
  });
});
