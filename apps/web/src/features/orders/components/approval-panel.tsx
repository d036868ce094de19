import { useState, type FormEvent } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import type { Order } from '@/lib/domain/order';
import { toastFailure } from '@/lib/failure-toast';
import { fieldIssues } from '@/lib/field-issues';
import { useMyCompany } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { useDecideApproval } from '../api/decide-approval';

/**
 * A company order's approval on its page (docs/behaviour.md §5.21): what became of it, and, for
 * an order awaiting approval, Approve and Decline for the company's admins. The buyer reads that
 * it waits; other members only read.
 */
export function ApprovalPanel({ order }: { order: Order }) {
  // Only an order awaiting approval asks whether the reader may decide it.
  const company = useMyCompany({ enabled: order.approvalState === 'awaiting' });
  const decide = useDecideApproval();
  const [declining, setDeclining] = useState(false);
  if (order.approvalState === null) return null;
  const membership = company.data?.membership;
  const isCompanyAdmin = membership?.role === 'admin' && membership.company.id === order.companyId;

  const approve = () =>
    decide.mutate(
      { orderId: order.id, approve: true },
      {
        onSuccess: () => toast.success(`Approved: ${order.placedBy.name} can pay it now`),
        onError: (error) => toastFailure(error),
      },
    );

  return (
    <section aria-labelledby="approval-heading" className="flex flex-col gap-3">
      <h3 id="approval-heading" className="text-lg font-semibold">
        Approval
      </h3>
      {order.approvalState === 'awaiting' && (
        <div role="status" className="alert alert-warning">
          {isCompanyAdmin
            ? `${order.placedBy.name}'s order is above their limit per order. Approve it to send it on to payment, or decline it with a reason.`
            : "This order is above the buyer's limit per order: it waits for a company admin's approval, and can be paid once approved."}
        </div>
      )}
      {order.approvalState === 'approved' && <p>Approved by the company. It can be paid.</p>}
      {order.approvalState === 'declined' && (
        <p className="wrap-anywhere">Declined by the company: {order.approvalReason}</p>
      )}
      {order.approvalState === 'awaiting' && order.state === 'unpaid' && isCompanyAdmin && (
        <div className="flex flex-wrap gap-2">
          <BusyButton
            type="button"
            className="btn btn-success"
            isBusy={decide.isPending && decide.variables?.approve === true}
            onClick={approve}
          >
            Approve
          </BusyButton>
          <button type="button" className="btn btn-error btn-outline" onClick={() => setDeclining(true)}>
            Decline
          </button>
        </div>
      )}
      <DeclineDialog order={order} open={declining} onClose={() => setDeclining(false)} />
    </section>
  );
}

function DeclineDialog({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const decide = useDecideApproval();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setProblem('Give a reason of at least 3 characters');
      return;
    }
    decide.mutate(
      { orderId: order.id, approve: false, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success('Declined: the order is cancelled and its stock returned');
          onClose();
        },
        onError: (error) =>
          setProblem(fieldIssues(error, { reason: 'reason' }).reason ?? errorMessage(error)),
      },
    );
  };
  return (
    <FormDialog open={open} labelledBy="decline-approval-heading" onClose={onClose}>
      <form className="modal-box flex flex-col gap-4" noValidate onSubmit={submit}>
        <h3 id="decline-approval-heading" className="text-lg font-semibold">
          Decline {order.placedBy.name}'s order?
        </h3>
        <p>It is cancelled and its stock returned; {order.placedBy.name} reads your reason.</p>
        <FormField id="decline-reason" label="Reason" kind="textarea" error={problem ?? undefined}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </FormField>
        <FormDialogActions
          onClose={onClose}
          isBusy={decide.isPending}
          submitLabel="Decline order"
          submitClassName="btn btn-error"
        />
      </form>
    </FormDialog>
  );
}
