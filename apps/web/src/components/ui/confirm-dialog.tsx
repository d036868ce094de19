import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';
import { FormDialog } from './form-dialog';

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

/** A modal question with a way back (focused first) and the action it asks about. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, cancelLabel, confirmLabel, isBusy = false, onCancel, onConfirm } = props;
  return (
    <FormDialog open={open} labelledBy="confirm-dialog-title" onClose={onCancel}>
      <div className="modal-box">
        <h3 id="confirm-dialog-title" className="text-lg font-bold">
          {title}
        </h3>
        {children}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel} autoFocus>
            {cancelLabel}
          </button>
          <BusyButton type="button" className="btn btn-error" isBusy={isBusy} onClick={onConfirm}>
            {confirmLabel}
          </BusyButton>
        </div>
      </div>
    </FormDialog>
  );
}
