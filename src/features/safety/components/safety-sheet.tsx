import { useId, type ReactNode } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { Dialog } from '../../../components/ui/modal';
import { useHideNavigation } from '../../../lib/navigation-visibility';
import * as styles from './safety-sheet.css';

interface SafetySheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/** A bottom sheet on the app's one `<dialog>` (Escape or a backdrop tap closes it); the tab bar hides meanwhile. */
export function SafetySheet({ open, title, onClose, children, footer }: SafetySheetProps) {
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
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </Dialog>
  );
}
