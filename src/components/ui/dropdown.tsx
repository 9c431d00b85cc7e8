import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import * as styles from './dropdown.css';
import { CheckIcon, ChevronDownIcon } from './icons';

interface DropdownOption<V extends string | number> {
  value: V;
  label: string;
}

interface DropdownProps<V extends string | number> {
  label: string;
  placeholder: string;
  options: readonly DropdownOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  disabled?: boolean;
  /** Shown in the open list when there are no options (e.g. still loading). */
  emptyText?: string;
}

/** A listbox dropdown (list at most 180 px high, spec section 9) with keyboard support. */
export function Dropdown<V extends string | number>({
  label,
  placeholder,
  options,
  value,
  onChange,
  disabled = false,
  emptyText = '선택할 수 있는 항목이 없어요',
}: DropdownProps<V>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const labelId = `${id}-label`;
  const selected = options.find((option) => option.value === value);

  const openList = () => {
    const index = options.findIndex((option) => option.value === value);
    setActive(index >= 0 ? index : 0);
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onChange(option.value);
    close(true);
  };

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => Math.min(index + 1, last));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(active);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
    }
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <button
        ref={triggerRef}
        id={`${id}-trigger`}
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${id}-trigger`}
        disabled={disabled}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            openList();
          }
        }}
      >
        <span className={selected ? undefined : styles.placeholder}>{selected?.label ?? placeholder}</span>
        <span className={styles.chevron}>
          <ChevronDownIcon size={20} />
        </span>
      </button>
      {open ? (
        <ul
          ref={listRef}
          className={styles.list}
          role="listbox"
          aria-labelledby={labelId}
          tabIndex={0}
          aria-activedescendant={options.length > 0 ? `${id}-option-${active}` : undefined}
          onKeyDown={onListKeyDown}
        >
          {options.length === 0 ? (
            <li className={styles.empty} role="option" aria-disabled="true" aria-selected="false">
              {emptyText}
            </li>
          ) : null}
          {options.map((option, index) => (
            <li
              key={option.value}
              id={`${id}-option-${index}`}
              data-index={index}
              data-active={index === active}
              className={styles.option}
              role="option"
              aria-selected={option.value === value}
              onPointerEnter={() => setActive(index)}
              onClick={() => choose(index)}
            >
              {option.label}
              {option.value === value ? <CheckIcon size={18} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
