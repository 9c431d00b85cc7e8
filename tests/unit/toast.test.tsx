import { act, fireEvent, render, screen } from '@testing-library/react';
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
});
