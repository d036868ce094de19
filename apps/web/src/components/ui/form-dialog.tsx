import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';
import { useModalDialog } from './use-modal-dialog';

interface FormDialogProps {
  open: boolean;
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  onClose: () => void;
  /** Mounted on each opening, so a form inside starts afresh. */
  children: ReactNode;
}

/**
 * A modal built on <dialog> for a form or a question: focus moves into it, the page behind is
 * inert, Escape closes it (through onClose, so the caller's state follows), and focus returns to
 * the opener when it closes.
 */
export function FormDialog({ open, labelledBy, onClose, children }: FormDialogProps) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && children}
    </dialog>
  );
}

interface FormDialogActionsProps {
  onClose: () => void;
  isBusy: boolean;
  submitLabel: ReactNode;
  /** The submit button's look: primary unless the action warns. */
  submitClassName?: string;
}

/** A form dialog's last row: Close, then the submit button with its busy state. */
export function FormDialogActions({ onClose, isBusy, submitLabel, submitClassName }: FormDialogActionsProps) {
  return (
    <div className="modal-action">
      <button type="button" className="btn" onClick={onClose}>
        Close
      </button>
      <BusyButton isBusy={isBusy} className={submitClassName}>
        {submitLabel}
      </BusyButton>
    </div>
  );
}
