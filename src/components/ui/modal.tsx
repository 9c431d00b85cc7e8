import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import * as styles from './modal.css';
import { useFocusTrap } from './use-focus-trap';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A modal dialog: focus trapped inside, Escape or a backdrop tap closes it. */
export function Modal({ open, onClose, title, children, actions }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useFocusTrap(ref, open, onClose);

  useEffect(() => {
    if (!open) return;
    // Keep the page behind still while the dialog is up.
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
      <div
        ref={ref}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
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
      </div>
    </div>,
    document.body,
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
