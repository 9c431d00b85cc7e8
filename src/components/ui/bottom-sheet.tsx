import { useId, type ReactNode } from 'react';
import { useHideNavigation } from '../../lib/navigation-visibility';
import * as styles from './bottom-sheet.css';
import { CloseIcon } from './icons';
import { Dialog } from './modal';

interface BottomSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Pinned under the scrolling body (e.g. 초기화 / 적용), with the home-indicator inset. */
  footer?: ReactNode;
  /** `tall` lets the sheet take 85% of the screen instead of 80%. */
  size?: 'default' | 'tall';
  /** Extra class for the footer row (its layout, e.g. a grid of two buttons). */
  footerClassName?: string;
}

/** A bottom sheet on the app's one `<dialog>` (Escape or a backdrop tap closes it); the tab bar hides meanwhile. */
export function BottomSheet({ open, title, onClose, children, footer, size = 'default', footerClassName }: BottomSheetProps) {
  const titleId = useId();
  useHideNavigation(open);
  return (
    <Dialog open={open} onClose={onClose} className={styles.backdrop} panelClassName={styles.sheet[size]} labelledBy={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label="닫기" onClick={onClose}>
          <CloseIcon size={22} />
        </button>
      </div>
      <div className={styles.body}>{children}</div>
      {footer ? <div className={footerClassName ? `${styles.footer} ${footerClassName}` : styles.footer}>{footer}</div> : null}
    </Dialog>
  );
}
