import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { Dialog } from '../../../components/ui/modal';
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
  const titleId = useId();
  useHideNavigation(open);
  return (
    <Dialog open={open} onClose={onClose} className={styles.backdrop} panelClassName={styles.sheet} labelledBy={titleId}>
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
    </Dialog>
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
