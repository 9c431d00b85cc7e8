import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import * as styles from './modal.css';
import { useLatest } from '../../lib/use-latest';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The full-screen layer (overlay colour, where the panel sits). */
  className: string;
  /** The panel itself. */
  panelClassName: string;
  labelledBy?: string;
  describedBy?: string;
  children: ReactNode;
}

/**
 * The one modal of the app: a native `<dialog>` opened with showModal(), so the browser keeps
 * focus inside and makes the page behind inert (no hand-written focus trap). Escape (the dialog's
 * `cancel`) or a tap outside the panel calls `onClose`; the parent decides, the dialog only shows
 * `open`. Focus starts on the first control and returns where it was.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ onClose, className, panelClassName, labelledBy, describedBy, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Latest callback without re-opening the dialog (which would move focus) on every render.
  const closeRef = useLatest(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Keep the page behind still while the dialog is up (inert does not stop scrolling).
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`${styles.layer} ${className}`}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        closeRef.current();
      }}
      onMouseDown={(event) => {
        // The layer itself (outside the panel) is the backdrop.
        if (event.target === event.currentTarget) closeRef.current();
      }}
    >
      <div className={panelClassName}>{children}</div>
    </dialog>
  );
}

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred modal on the one `<dialog>`: title, content, actions (confirm dialogs, the meetup sheets, the block dialog); the caller closes it. */
export function Modal({ open, onClose, title, children, actions }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className={styles.backdrop}
      panelClassName={styles.dialog}
      labelledBy={title ? titleId : undefined}
      describedBy={children ? bodyId : undefined}
    >
      {title ? (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      ) : null}
      {children ? (
        <div id={bodyId} className={styles.body}>
          {children}
        </div>
      ) : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </Dialog>
  );
}
interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  text?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** With an action the dialog asks (cancel + confirm); without one it only informs (one button). */
  onConfirm?: () => void;
}

/** Spec "Confirm dialog": title, text, confirm button; cancel only when a confirm action is given. */
export function ConfirmDialog({ open, onClose, title, text, confirmLabel = '확인', cancelLabel = '취소', onConfirm }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          {onConfirm ? (
            <Button variant="secondary" className={styles.action} onClick={onClose}>
              {cancelLabel}
            </Button>
          ) : null}
          <Button
            className={styles.action}
            onClick={() => {
              onConfirm?.();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {text}
    </Modal>
  );
}
