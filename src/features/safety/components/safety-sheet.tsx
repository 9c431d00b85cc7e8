import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../components/ui/icons';
import { useFocusTrap } from '../../../components/ui/use-focus-trap';
import { useHideNavigation } from '../../../lib/navigation-visibility';
import * as styles from './safety-sheet.css';

interface SafetySheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/** A bottom sheet dialog (focus trapped, Escape or a backdrop tap closes it); the tab bar hides meanwhile. */
export function SafetySheet({ open, title, onClose, children, footer }: SafetySheetProps) {
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
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
