import { useEffect, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  isBusy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A modal confirmation built on <dialog>: focus moves into it, Escape closes it, and focus
 * returns to the opener when it closes.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, cancelLabel, confirmLabel, isBusy, onCancel, onConfirm } = props;
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal; fall back to the open attribute there.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <div className="modal-box">
          <h3 id="confirm-dialog-title" className="text-lg font-bold">
            {title}
          </h3>
          {children}
          <div className="modal-action">
            <button type="button" className="btn" onClick={onCancel} autoFocus>
              {cancelLabel}
            </button>
            <button type="button" className="btn btn-error" onClick={onConfirm} disabled={isBusy}>
              {isBusy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
