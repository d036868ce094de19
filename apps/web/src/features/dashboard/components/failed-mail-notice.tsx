import { Link } from 'react-router';
import type { OrderMailKind } from '@shop/shared/contracts/order-mail';
import { formatCount } from '@shop/shared/format';
import { paths } from '@/config/paths';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useFailedOrderMail, useRetryOrderMail } from '../api/failed-order-mail';

const mailNames: Record<OrderMailKind, string> = {
  placed: 'Order received',
  paid: 'Receipt',
  shipped: 'On its way',
  cancelled: 'Order cancelled',
  refunded: 'Refund',
  'expiring-soon': 'Payment reminder',
  expired: 'Order expired',
  invoiced: 'Invoice',
  'invoice-due-soon': 'Invoice due soon',
  'invoice-overdue': 'Invoice overdue',
};

/**
 * On the admin's dashboard, only while there are any: the order e-mails the mail server never
 * took, each with 'Send again' (docs/behaviour.md §5.13). A customer who was not told their order
 * shipped is something the owner should hear about here, not find in a log.
 */
export function FailedMailNotice() {
  const failed = useFailedOrderMail();
  const retry = useRetryOrderMail();
  if (!failed.data || failed.data.count === 0) return null;
  const { count, mails } = failed.data;

  const sendAgain = (id: string) =>
    retry.mutate(id, {
      onSuccess: (mail) => toast.success(`The e-mail to ${mail.to} is on its way again`),
      onError: (error) => toastFailure(error),
    });

  return (
    <section aria-labelledby="failed-mail-heading" className="alert alert-warning flex-col items-stretch">
      <h3 id="failed-mail-heading" className="font-semibold">
        {count === 1
          ? '1 order e-mail could not be sent'
          : `${formatCount(count)} order e-mails could not be sent`}
      </h3>
      <ul className="flex flex-col gap-2">
        {mails.map((mail) => (
          <li key={mail._id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              {mailNames[mail.kind]} to <span className="break-all">{mail.to}</span>,{' '}
              <Link className="link" to={paths.order(mail.orderId)}>
                order of {mail.toolName}
              </Link>
              {mail.lastError && <span className="block text-sm break-words">{mail.lastError}</span>}
            </span>
            <button
              type="button"
              className="btn btn-sm ml-auto"
              aria-label={`Send the ${mailNames[mail.kind]} e-mail to ${mail.to} again`}
              disabled={retry.isPending}
              onClick={() => sendAgain(mail._id)}
            >
              Send again
            </button>
          </li>
        ))}
      </ul>
      {count > mails.length && <p className="text-sm">The newest {mails.length} are listed.</p>}
    </section>
  );
}
