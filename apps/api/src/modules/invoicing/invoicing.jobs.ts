import type { Database } from '../../db/client';
import type { JobDefinition } from '../jobs';
import { remindInvoices } from './invoice-mail';

/** Days before its due date that an open invoice's reminder is queued. */
const INVOICE_DUE_SOON_DAYS = 3;

/** Reminding companies of invoices coming due and overdue; the order-mail job sends them. */
export function invoicingJobs({
  db,
  wakeMail,
}: {
  db: Database;
  /** Asks the order-mail job to run now. */
  wakeMail: () => Promise<void>;
}): JobDefinition[] {
  return [
    {
      name: 'invoices-remind',
      everyMinutes: 30,
      run: async () => {
        if ((await remindInvoices(db, { dueSoonDays: INVOICE_DUE_SOON_DAYS })) > 0) await wakeMail();
      },
    },
  ];
}
