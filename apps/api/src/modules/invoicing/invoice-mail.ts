import { eq, sql } from 'drizzle-orm';
import { COMPANY_STATEMENT_PATH } from '@shop/shared/order-links';
import type { Seller } from '../../config';
import { rowsOf, type Database } from '../../db/client';
import type { InvoiceMailComposer } from '../ordering';
import { balanceCentsOf, todayUtcSql } from './invoice-dto';
import { invoiceFileName, invoicePdf } from './invoice-document';
import { invoices } from './invoicing.table';

/**
 * The invoice's mails, to the company's invoice address as the invoice froze it (docs/behaviour.md
 * §5.23): the invoice with its PDF when issued, and the reminders before and after its due date,
 * each sent through the order-mail outbox (once, retried, listed when it fails). A reminder of an
 * invoice paid or voided since it was queued is not sent.
 */
export const invoiceMailComposer =
  (db: Database, seller: Seller, publicUrl: string): InvoiceMailComposer =>
  async (kind, orderId, order) => {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    if (!invoice) throw new Error(`order ${orderId} has no invoice to mail`);
    const mail = {
      name: null,
      order,
      companyName: invoice.billTo.name,
      invoiceNumber: invoice.number,
      termsDays: invoice.termsDays,
      dueOn: invoice.dueOn,
      balanceCents: balanceCentsOf(invoice),
      statementUrl: `${publicUrl}${COMPANY_STATEMENT_PATH}`,
    };
    if (kind === 'invoiced') {
      const pdf = await invoicePdf(db, invoice, seller);
      return {
        template: 'invoice-issued',
        to: invoice.invoiceEmail,
        data: mail,
        attachments: [{ filename: invoiceFileName(invoice), content: pdf, contentType: 'application/pdf' }],
      };
    }
    if (invoice.state !== 'open') return null;
    return {
      template: 'invoice-reminder',
      to: invoice.invoiceEmail,
      data: { ...mail, overdue: kind === 'invoice-overdue' },
    };
  };

/**
 * Queues the reminders of open invoices (docs/behaviour.md §5.23): `dueSoonDays` before the due
 * date, and the day after it. Once each per invoice: the outbox's unique key (order, kind) makes a
 * second run queue nothing. Answers how many were queued.
 */
export async function remindInvoices(
  db: Database,
  { dueSoonDays }: { dueSoonDays: number },
): Promise<number> {
  const result = await db.execute(sql`
    insert into order_mail_outbox (order_id, kind, order_snapshot)
    select o.id, reminder.kind, to_jsonb(o)
      from invoices i
      join orders o on o.id = i.order_id
      cross join lateral (
        select 'invoice-overdue' as kind where i.due_on < ${todayUtcSql}
        union all
        select 'invoice-due-soon' where i.due_on >= ${todayUtcSql} and i.due_on <= ${todayUtcSql} + ${dueSoonDays}::int
      ) reminder
     where i.state = 'open'
    on conflict (order_id, kind) do nothing
    returning order_id`);
  return rowsOf<{ order_id: string }>(result).length;
}
