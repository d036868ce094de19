import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteKey } from '@shop/shared/api/routes';
import type { PutCompanyTermsBody, RecordInvoicePaymentBody } from '@shop/shared/contracts/invoices';
import { ApiError, callApi, callApiFile } from '../api-client';
import { saveFile } from '../save-file';
import { invalidateRoutes, orderReads } from './invalidate-routes';
import { queryKeys } from './query-keys';

/*
 * Invoices on terms (docs/behaviour.md §5.23): the shop's admin sets a company's terms and records
 * the money its invoices are paid with (the back office's company page); its admins read the
 * statement and pay an open invoice by card there; a buyer pays an order by invoice (checkout, the
 * payment page) and every reader of the order sees its invoice. Every change reads the company, its
 * statement and the invoices again.
 */

/** What a change of terms or of an invoice makes stale. */
const invoiceReads = [
  'GET /company/mine',
  'GET /company',
  'GET /company/:id',
  'GET /company/:id/statement',
  'GET /order/:id/invoice',
] as const satisfies readonly RouteKey[];

/** GET /company/{id}/statement: the company's invoices, payments and balance (its admins, the shop's). */
export const useStatement = (companyId: string, { enabled = true } = {}) =>
  useQuery({
    queryKey: queryKeys.answer('GET /company/:id/statement', { id: companyId }),
    queryFn: ({ signal }) => callApi('GET /company/:id/statement', { params: { id: companyId }, signal }),
    enabled,
  });

/** GET /order/{id}/invoice: the order's invoice, or null when it has none (the API's 404). */
const orderInvoiceQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orNull('GET /order/:id/invoice', { id: orderId }),
    queryFn: async ({ signal }) => {
      try {
        return await callApi('GET /order/:id/invoice', { params: { id: orderId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const useOrderInvoice = (orderId: string, { enabled = true } = {}) =>
  useQuery({ ...orderInvoiceQueryOptions(orderId), enabled });

function useInvoiceChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => invalidateRoutes(queryClient, invoiceReads),
  });
}

/** PUT /company/{id}/terms (shop admin): give an approved company terms, or change them. */
export const usePutCompanyTerms = (companyId: string) =>
  useInvoiceChange((body: PutCompanyTermsBody) =>
    callApi('PUT /company/:id/terms', { params: { id: companyId }, body }),
  );

/** DELETE /company/{id}/terms (shop admin): its buyers pay by card again; open invoices stay owed. */
export const useEndCompanyTerms = (companyId: string) =>
  useInvoiceChange(() => callApi('DELETE /company/:id/terms', { params: { id: companyId } }));

/** POST /invoice/{id}/payment (shop admin): money received against an invoice, all or part. */
export const useRecordInvoicePayment = () =>
  useInvoiceChange(({ invoiceId, body }: { invoiceId: string; body: RecordInvoicePaymentBody }) =>
    callApi('POST /invoice/:id/payment', { params: { id: invoiceId }, body }),
  );

/**
 * POST /invoice/{id}/card-intent (the company's admins): the intent a card pays the invoice's
 * balance with. A query, though it is a POST, as the order's intent is: the server answers the same
 * intent for the same balance, so asking again is harmless. Forgotten as soon as no screen reads
 * it (the dialog closed): a balance changed meanwhile is paid with an intent of its own.
 */
export const useInvoiceCardIntent = (invoiceId: string) =>
  useQuery({
    queryKey: queryKeys.answer('POST /invoice/:id/card-intent', { id: invoiceId }),
    queryFn: () => callApi('POST /invoice/:id/card-intent', { params: { id: invoiceId } }),
    staleTime: Infinity,
    // gcTime: 0,
  });

/**
 * POST /invoice/{id}/card-payment (the company's admins): once the card form has paid the intent,
 * the server asks the processor and records the card payment; the invoice is the answer. Sent
 * again, it answers the same invoice, so Try again is safe.
 */
export const usePayInvoiceByCard = (invoiceId: string) =>
  useInvoiceChange((intentId: string) =>
    callApi('POST /invoice/:id/card-payment', { params: { id: invoiceId }, body: { intentId } }),
  );

/**
 * POST /order/{id}/invoice: the buyer pays an unpaid order by invoice on the company's terms. The
 * order is paid at once: every read of it is stale, and its invoice is the answer.
 */
export function usePayOrderByInvoice(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('POST /order/:id/invoice', { params: { id: orderId } }),
    onSuccess: (invoice) => queryClient.setQueryData(orderInvoiceQueryOptions(orderId).queryKey, invoice),
    onSettled: () =>
      invalidateRoutes(
        queryClient,
        [...orderReads, ...invoiceReads].filter((route) => route !== 'GET /order/:id/invoice'),
      ),
  });
}

/** Saves an invoice's PDF (the API reads bearer tokens only, so a plain link could not open it). */
export const useDownloadInvoicePdf = () =>
  useMutation({
    mutationFn: async (invoice: { id: string; number: string }) => {
      const file = await callApiFile('GET /invoice/:id/pdf', { params: { id: invoice.id } });
      saveFile(file.blob, file.filename ?? `${invoice.number}.pdf`);
    },
  });
