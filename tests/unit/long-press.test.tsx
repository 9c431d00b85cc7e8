import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLongPress } from '../../src/features/chat/hooks/use-long-press';

function Row({ onLongPress }: { onLongPress: () => void }) {
  const handlers = useLongPress(onLongPress);
  return (
    <div role="button" tabIndex={0} {...handlers}>
      메시지
    </div>
  );
}

describe('useLongPress', () => {
  it('a right click opens the menu every time, not only until the next left click', () => {
    const onLongPress = vi.fn();
    render(<Row onLongPress={onLongPress} />);
    const row = screen.getByRole('button', { name: '메시지' });
    for (let i = 0; i < 3; i += 1) {
      fireEvent.pointerDown(row, { pointerType: 'mouse', button: 2 });
      fireEvent.contextMenu(row);
      fireEvent.pointerUp(row, { pointerType: 'mouse', button: 2 });
    }
    expect(onLongPress).toHaveBeenCalledTimes(3);
  });

  it('a touch long press that the browser also reports as a context menu opens it once', () => {
    vi.useFakeTimers();
    try {
      const onLongPress = vi.fn();
      render(<Row onLongPress={onLongPress} />);
      const row = screen.getByRole('button', { name: '메시지' });
      fireEvent.pointerDown(row, { pointerType: 'touch', button: 0 });
      vi.advanceTimersByTime(350);
      fireEvent.contextMenu(row);
      fireEvent.pointerUp(row, { pointerType: 'touch', button: 0 });
      expect(onLongPress).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
