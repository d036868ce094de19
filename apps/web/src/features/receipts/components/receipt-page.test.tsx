import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { company } from '@shop/shared/company';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { admin, customer, signedInAs } from '@/test/signed-in';
import type { Receipt } from '../api/get-receipt';

const receipt: Receipt = {
  orderId: 'o2',
  shop: { name: company.name, addressLines: [...company.addressLines], email: company.email },
  placedAt: '2026-11-19T09:30:00.000Z',
  paidAt: '2026-11-20T09:45:00.000Z',
  customer: {
    name: 'Cara Customer',
    email: 'cara@shop.test',
    phoneNumber: '01711000000',
    address: '1 Easel Street\nMillbrook',
  },
  items: [{ tool: 'Flat Wall Brush', sku: 'FB-12', quantity: 1200, unitPrice: 1.5, amount: 1800 }],
  itemsTotal: 1800,
  shipping: 25,
  tax: 0,
  taxLines: [],
  total: 1825,
  transactionId: 'pi_demo_123',
  poNumber: null,
  note: null,
};

describe('the receipt page (docs/behaviour.md §5.16)', () => {
  it('shows the shop, the order, the customer, the items and the totals, with Print', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    mockApi({ ...signedInAs(customer), 'GET /order/:id/receipt': { params: { id: 'o2' }, body: receipt } });
    renderApp('/dashboard/orders/o2/receipt');

    const document = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(document).getByText(company.name)).toBeInTheDocument();
    expect(within(document).getByText(company.addressLines[0])).toBeInTheDocument();
    expect(within(document).getByText('o2')).toBeInTheDocument();
    expect(within(document).getByText('pi_demo_123')).toBeInTheDocument();
    expect(within(document).getByText('Date paid').nextElementSibling).toHaveTextContent('November 20, 2026');
    expect(within(document).getByText('Ordered').nextElementSibling).toHaveTextContent('November 19, 2026');
    const row = within(document).getByRole('cell', { name: 'Flat Wall Brush SKU FB-12' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Flat Wall Brush SKU FB-12', '1,200', '$1.50', '$1,800']);
    expect(within(document).getByRole('row', { name: 'Shipping $25' })).toBeInTheDocument();
    expect(within(document).getByRole('row', { name: 'Total paid $1,825' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("downloads the PDF the API makes, with the caller's token, under the server's name", async () => {
    const user = userEvent.setup();
    const saved: { name: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:receipt';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    const api = mockApi({
      ...signedInAs(customer),
      'GET /order/:id/receipt': { params: { id: 'o2' }, body: receipt },
      'GET /order/:id/receipt/pdf': {
        params: { id: 'o2' },
        text: '%PDF-1.3 receipt',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="receipt-o2.pdf"',
        },
      },
    });
    renderApp('/dashboard/orders/o2/receipt');
    await screen.findByRole('article', { name: 'Receipt' });

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('receipt-o2.pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.3 receipt');
    const download = api.calls.find((call) => call.url === '/api/order/o2/receipt/pdf')!;
    expect(download.headers.get('authorization')).toBe('Bearer tok');
  });

  it('a refused download says why, and the receipt stays', async () => {
    const user = userEvent.setup();
    const message = 'The shop cannot reach its database; try again in a moment';
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/receipt': { params: { id: 'o2' }, body: receipt },
      'GET /order/:id/receipt/pdf': {
        params: { id: 'o2' },
        status: 503,
        body: { code: 'unavailable', message },
      },
    });
    renderApp('/dashboard/orders/o2/receipt');
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Receipt' })).toBeInTheDocument();
  });

  it("an admin's way back is Total Orders", async () => {
    mockApi({ ...signedInAs(admin), 'GET /order/:id/receipt': { params: { id: 'o2' }, body: receipt } });
    renderApp('/dashboard/orders/o2/receipt');
    expect(await screen.findByRole('link', { name: 'Back to Total Orders' })).toHaveAttribute(
      'href',
      '/dashboard/all-orders',
    );
  });

  it('an order that is not found (or not the caller’s) says so, with the way back', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/receipt': {
        params: { id: 'o9' },
        status: 404,
        body: { code: 'not-found', message: 'Order not found' },
      },
    });
    renderApp('/dashboard/orders/o9/receipt');
    expect(await screen.findByText("We could not find this order's receipt.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('an unpaid order shows the server’s message', async () => {
    const message = 'This order is not paid yet: its receipt comes with the payment';
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/receipt': { params: { id: 'o1' }, status: 409, body: { code: 'conflict', message } },
    });
    renderApp('/dashboard/orders/o1/receipt');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
  it('an order of several tools lists every line, with the PO number and the note', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/receipt': {
        params: { id: 'o5' },
        body: {
          ...receipt,
          orderId: 'o5',
          items: [
            { tool: 'Angled Sash Brush', sku: 'BR-50A', quantity: 100, unitPrice: 9, amount: 900 },
            { tool: 'Foam Roller', sku: '007', quantity: 48, unitPrice: 5, amount: 240 },
            // Ordered before tools had SKUs.
            { tool: 'Paint Tray', sku: null, quantity: 10, unitPrice: 3.5, amount: 35 },
          ],
          itemsTotal: 1175,
          total: 1200,
          poNumber: 'PO-2291',
          note: 'Deliver to the side gate',
        },
      },
    });
    renderApp('/dashboard/orders/o5/receipt');
    const document = within(await screen.findByRole('article', { name: 'Receipt' }));
    const rows = document.getAllByRole('row').filter((row) => row.closest('tbody'));
    // Each with its SKU ('007' stays text); a line ordered before SKUs has none.
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'Angled Sash Brush SKU BR-50A',
      'Foam Roller SKU 007',
      'Paint Tray',
    ]);
    expect(document.getByText('PO number').nextElementSibling).toHaveTextContent('PO-2291');
    expect(document.getByText('Note').nextElementSibling).toHaveTextContent('Deliver to the side gate');
  });
});
