import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import * as styles from './filter-sheet.css';

interface FilterSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onReset: () => void;
  onApply: () => void;
  children: ReactNode;
}

/** A bottom sheet with 초기화 / 적용; the tab bar hides while it is open. */
export function FilterSheet({ open, title, onClose, onReset, onApply, children }: FilterSheetProps) {
  return (
    <BottomSheet
      open={open}
      title={title}
      onClose={onClose}
      footerClassName={styles.actions}
      footer={
        <>
          <Button variant="secondary" className={styles.reset} onClick={onReset}>
            초기화
          </Button>
          <Button className={styles.apply} onClick={onApply}>
            적용
          </Button>
        </>
      }
    >
      {children}
    </BottomSheet>
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
