import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { useFocusTrap } from '../../../components/ui/use-focus-trap';
import { useHideNavigation } from '../../../lib/navigation-visibility';
import * as styles from './filter-sheet.css';

interface FilterSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onReset: () => void;
  onApply: () => void;
  children: ReactNode;
}

/** A bottom sheet dialog with 초기화 / 적용; the tab bar hides while it is open. */
export function FilterSheet({ open, title, onClose, onReset, onApply, children }: FilterSheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useHideNavigation(open);
  useFocusTrap(ref, open, onClose);
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);
  if (!open) return null;
  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={ref} className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="닫기" onClick={onClose}>
            <CloseIcon size={22} />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        <div className={styles.actions}>
          <Button variant="secondary" className={styles.reset} onClick={onReset}>
            초기화
          </Button>
          <Button className={styles.apply} onClick={onApply}>
            적용
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

interface ChoiceProps {
  label: string;
  selected: boolean;
  onSelect: () => void;
}

/** One option in a sheet: a toggle button (aria-pressed). */
export function Choice({ label, selected, onSelect }: ChoiceProps) {
  return (
    <button type="button" aria-pressed={selected} className={selected ? styles.choiceOn : styles.choice} onClick={onSelect}>
      {label}
    </button>
  );
}
