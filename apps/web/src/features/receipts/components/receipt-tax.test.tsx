import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company } from '@shop/shared/company';
import { mockApi } from '@/test/fetch-mock';
import { aTaxLine } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';
import type { Receipt } from '../api/get-receipt';

/** Cara's paid order o3: $1,800 of brushes and $25 shipping, to California at 7.25 %. */
const taxed: Receipt = {
  orderId: 'o3',
  shop: { name: company.name, addressLines: [...company.addressLines], email: company.email },
  placedAt: '2026-11-19T09:30:00.000Z',
  paidAt: '2026-11-20T09:45:00.000Z',
  customer: {
    name: 'Cara Customer',
    email: 'cara@shop.test',
    phoneNumber: '01711000000',
    address: '1 Easel Street\nSacramento, CA',
  },
  items: [{ tool: 'Flat Wall Brush', sku: 'FB-12', quantity: 1200, unitPrice: 1.5, amount: 1800 }],
  itemsTotal: 1800,
  shipping: 25,
  tax: 132.31,
  taxLines: [aTaxLine({ taxable: 1825, amount: 132.31 })],
  total: 1957.31,
  transactionId: 'pi_demo_456',
  poNumber: null,
  note: null,
};

async function showReceipt(receipt: Receipt) {
  mockApi({ ...signedInAs(customer), 'GET /order/:id/receipt': { params: { id: 'o3' }, body: receipt } });
  renderApp('/dashboard/orders/o3/receipt');
  return within(await screen.findByRole('article', { name: 'Receipt' }));
}

describe('the receipt’s tax (docs/behaviour.md §5.22)', () => {
  it('a Tax row between shipping and the total paid: the amount, where and why', async () => {
    const document = await showReceipt(taxed);
    const totals = document.getAllByRole('row').slice(-4);
    expect(totals.map((row) => row.textContent)).toEqual([
      'Items$1,800',
      'Shipping$25',
      'Tax$132.31Sales tax US-CA 7.25 %',
      'Total paid$1,957.31',
    ]);
  });

  it('an exempt order names its certificate; a refund that reversed the tax says so', async () => {
    const document = await showReceipt({
      ...taxed,
      tax: 0,
      total: 1825,
      taxLines: [
        aTaxLine({
          reason: 'exempt',
          rate: 0,
          amount: 0,
          reference: 'SR-CA-1001',
          reversedAt: '2026-11-21T09:00:00.000Z',
        }),
      ],
    });
    const row = document.getByRole('rowheader', { name: 'Tax' }).closest('tr')!;
    expect(row).toHaveTextContent('$0Exempt (certificate SR-CA-1001) (reversed with the refund)');
  });

  it('an order placed before tax has no Tax row', async () => {
    const document = await showReceipt({ ...taxed, tax: 0, taxLines: [], total: 1825 });
    expect(document.getByRole('row', { name: 'Total paid $1,825' })).toBeInTheDocument();
    expect(document.queryByRole('rowheader', { name: 'Tax' })).not.toBeInTheDocument();
  });
});
