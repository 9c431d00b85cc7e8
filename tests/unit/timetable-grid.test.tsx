import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Slot } from '../../contract/timetable';
import { TimetableGrid } from '../../src/components/ui/timetable-grid';

const cell = (name: string) => screen.getByRole('button', { name });
const pressed = (name: string) => cell(name).getAttribute('aria-pressed') === 'true';
const lastReport = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0] as Slot[];

describe('TimetableGrid', () => {
  it('has MON–FRI × ten one-hour rows, 10:00~11:00 to 19:00~20:00', () => {
    render(<TimetableGrid editable />);
    expect(screen.getAllByRole('button')).toHaveLength(50);
    expect(cell('월요일 10:00~11:00')).toBeInTheDocument();
    expect(cell('금요일 19:00~20:00')).toBeInTheDocument();
    // The rows are labelled with their whole hour, as the spec writes them.
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(
      ['10', '11', '12', '13', '14', '15', '16', '17', '18', '19'].map((h) => `${h}:00~${Number(h) + 1}:00`),
    );
  });

  it('a mouse click toggles one cell and reports the slot list', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimetableGrid editable onChange={onChange} />);
    await user.click(cell('화요일 12:00~13:00'));
    expect(pressed('화요일 12:00~13:00')).toBe(true);
    expect(lastReport(onChange)).toEqual([{ dayOfWeek: 'TUE', startTime: '12:00', endTime: '13:00', subjectName: '' }]);
    await user.click(cell('화요일 12:00~13:00'));
    expect(pressed('화요일 12:00~13:00')).toBe(false);
    expect(lastReport(onChange)).toEqual([]);
  });

  it('mouse press-and-drag toggles each cell it passes once per drag', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimetableGrid editable onChange={onChange} />);
    const a = cell('월요일 10:00~11:00');
    const b = cell('월요일 11:00~12:00');
    const c = cell('월요일 12:00~13:00');
    await user.pointer([
      { keys: '[MouseLeft>]', target: a },
      { target: b },
      { target: c },
      // Back over cells already toggled in this drag: no second toggle.
      { target: b },
      { target: a },
      { keys: '[/MouseLeft]', target: a },
    ]);
    expect([a, b, c].map((el) => el.getAttribute('aria-pressed'))).toEqual(['true', 'true', 'true']);
    expect(lastReport(onChange).map((slot) => slot.startTime)).toEqual(['10:00', '11:00', '12:00']);

    // A new drag toggles again: over a selected cell and an unselected one.
    const d = cell('월요일 13:00~14:00');
    await user.pointer([{ keys: '[MouseLeft>]', target: c }, { target: d }, { keys: '[/MouseLeft]', target: d }]);
    expect(pressed('월요일 12:00~13:00')).toBe(false);
    expect(pressed('월요일 13:00~14:00')).toBe(true);
    expect(lastReport(onChange).map((slot) => slot.startTime)).toEqual(['10:00', '11:00', '13:00']);
  });

  it('moving without a pressed button toggles nothing', async () => {
    const user = userEvent.setup();
    render(<TimetableGrid editable />);
    await user.pointer([{ target: cell('수요일 10:00~11:00') }, { target: cell('수요일 11:00~12:00') }]);
    expect(screen.getAllByRole('button').filter((el) => el.getAttribute('aria-pressed') === 'true')).toHaveLength(0);
  });

  it('touch drag: moves arrive on the captured grid and the cell is found under the finger', () => {
    const onChange = vi.fn();
    render(<TimetableGrid editable onChange={onChange} />);
    const grid = screen.getByRole('table');
    const cells = ['목요일 14:00~15:00', '목요일 15:00~16:00', '금요일 15:00~16:00'].map(cell);
    const under = vi.fn<(x: number, y: number) => Element | null>();
    // jsdom has no layout; stand in for hit-testing.
    Object.defineProperty(document, 'elementFromPoint', { value: under, configurable: true });

    fireEvent.pointerDown(cells[0]!, { pointerId: 7, pointerType: 'touch', clientX: 1, clientY: 1 });
    for (const [index, target] of [cells[1], cells[1], cells[2], cells[0]].entries()) {
      under.mockReturnValueOnce(target ?? null);
      fireEvent.pointerMove(grid, { pointerId: 7, pointerType: 'touch', clientX: 2 + index, clientY: 2 });
    }
    fireEvent.pointerUp(grid, { pointerId: 7, pointerType: 'touch' });

    expect(cells.map((el) => el.getAttribute('aria-pressed'))).toEqual(['true', 'true', 'true']);
    expect(lastReport(onChange)).toEqual([
      { dayOfWeek: 'THU', startTime: '14:00', endTime: '15:00', subjectName: '' },
      { dayOfWeek: 'THU', startTime: '15:00', endTime: '16:00', subjectName: '' },
      { dayOfWeek: 'FRI', startTime: '15:00', endTime: '16:00', subjectName: '' },
    ]);

    // After the finger lifts, moves do nothing.
    under.mockReturnValue(cells[0] ?? null);
    fireEvent.pointerMove(grid, { pointerId: 7, pointerType: 'touch' });
    expect(pressed('목요일 14:00~15:00')).toBe(true);
    Reflect.deleteProperty(document, 'elementFromPoint');
  });

  it('a second finger does not start another drag', () => {
    render(<TimetableGrid editable />);
    fireEvent.pointerDown(cell('월요일 10:00~11:00'), { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerDown(cell('화요일 10:00~11:00'), { pointerId: 2, pointerType: 'touch' });
    expect(pressed('월요일 10:00~11:00')).toBe(true);
    expect(pressed('화요일 10:00~11:00')).toBe(false);
  });

  it('the keyboard toggles the focused cell', async () => {
    const user = userEvent.setup();
    render(<TimetableGrid editable />);
    cell('월요일 10:00~11:00').focus();
    await user.keyboard('{Enter}');
    expect(pressed('월요일 10:00~11:00')).toBe(true);
    await user.keyboard(' ');
    expect(pressed('월요일 10:00~11:00')).toBe(false);
  });

  it('applies initial slots once, even when they arrive later, and does not report them', () => {
    const onChange = vi.fn();
    const first: Slot[] = [{ dayOfWeek: 'MON', startTime: '10:00', endTime: '12:00', subjectName: '' }];
    const { rerender } = render(<TimetableGrid editable onChange={onChange} />);
    rerender(<TimetableGrid editable onChange={onChange} initialSlots={first} />);
    expect(pressed('월요일 10:00~11:00')).toBe(true);
    expect(pressed('월요일 11:00~12:00')).toBe(true);
    rerender(<TimetableGrid editable onChange={onChange} initialSlots={[{ dayOfWeek: 'FRI', startTime: '19:00', endTime: '20:00', subjectName: '' }]} />);
    expect(pressed('금요일 19:00~20:00')).toBe(false);
    expect(pressed('월요일 10:00~11:00')).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('read-only mode shows the slots without controls', () => {
    render(<TimetableGrid initialSlots={[{ dayOfWeek: 'WED', startTime: '13:00', endTime: '14:00', subjectName: '' }]} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('img', { name: '수요일 13:00~14:00 가능' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '수요일 14:00~15:00 불가' })).toBeInTheDocument();
  });
});
