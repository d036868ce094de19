import type { ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

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
  const ref = useModalDialog(open);

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
