import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { InterestCode } from '../../contract/interests';
import { TopicPicker } from '../../src/components/ui/topic-picker';

function Harness({ onChange }: { onChange: (value: InterestCode[]) => void }) {
  const [value, setValue] = useState<InterestCode[]>([]);
  return (
    <TopicPicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const topic = (name: string) => screen.getByRole('button', { name });
const selected = () =>
  screen
    .getAllByRole('button')
    .filter((el) => el.getAttribute('aria-pressed') === 'true')
    .map((el) => el.textContent);

describe('TopicPicker', () => {
  it('offers the eight topics in contract order', () => {
    render(<Harness onChange={vi.fn()} />);
    expect(screen.getAllByRole('button').map((el) => el.textContent)).toEqual([
      '교환학생',
      '취업/진로',
      '시험 준비',
      '창업',
      '학점 관리',
      '외국어 공부',
      '취미/여가',
      '학교생활',
    ]);
  });

  it('selects at most three; a fourth tap is ignored silently', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(topic('창업'));
    await user.click(topic('교환학생'));
    await user.click(topic('학교생활'));
    expect(onChange).toHaveBeenLastCalledWith(['STARTUP', 'EXCHANGE_STUDENT', 'SCHOOL_LIFE']);
    onChange.mockClear();
    await user.click(topic('학점 관리'));
    expect(onChange).not.toHaveBeenCalled();
    expect(selected()).toEqual(['교환학생', '창업', '학교생활']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tapping a selected topic deselects it, which frees a place', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    for (const name of ['창업', '교환학생', '학교생활']) await user.click(topic(name));
    await user.click(topic('교환학생'));
    expect(onChange).toHaveBeenLastCalledWith(['STARTUP', 'SCHOOL_LIFE']);
    await user.click(topic('외국어 공부'));
    expect(onChange).toHaveBeenLastCalledWith(['STARTUP', 'SCHOOL_LIFE', 'FOREIGN_LANGUAGE_STUDY']);
  });
});
