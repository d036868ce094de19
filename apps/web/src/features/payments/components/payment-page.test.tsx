import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared/contracts/orders';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

const order: Order = {
  _id: 'o1',
  toolsId: 't1',
  toolsName: 'Flat Brush',
  name: customer.displayName,
  email: customer.email,
  phoneNumber: '01700000000',
  address: '1 Canvas Road',
  quantity: 120,
  unitPrice: 3.5,
  price: 420,
  paid: false,
  transactionId: null,
  ship: false,
  createdAt: '2026-01-02T10:00:00.000Z',
};

describe('Payment page', () => {
  it('summarises the order: customer, tool, quantity, unit price and total in dollars', async () => {
    mockApi({ ...signedInAs(customer), 'GET /api/order/o1': { body: order } });
    renderApp('/dashboard/payments/o1');
    expect(await screen.findByRole('heading', { name: 'Payment Method' })).toBeInTheDocument();
    await screen.findByText('Flat Brush');
    const valueOf = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Customer')).toBe(customer.displayName);
    expect(valueOf('Tool')).toBe('Flat Brush');
    expect(valueOf('Quantity')).toBe('120');
    expect(valueOf('Price')).toBe('$3.50');
    expect(valueOf('Total')).toBe('$420');
  });

  it('an unpaid order cannot be paid yet: the button is disabled and says why', async () => {
    mockApi({ ...signedInAs(customer), 'GET /api/order/o1': { body: order } });
    renderApp('/dashboard/payments/o1');
    expect(await screen.findByRole('button', { name: 'make the payment' })).toBeDisabled();
    const slot = screen.getByRole('region', { name: 'Card payment' });
    expect(slot).toHaveAttribute('id', 'payment-form-slot');
    expect(within(slot).getByText(/not available yet/)).toBeInTheDocument();
  });

  it('a paid order shows Paid and its transaction id', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /api/order/o1': { body: { ...order, paid: true, transactionId: 'pi_123abc' } },
    });
    renderApp('/dashboard/payments/o1');
    expect(await screen.findByText('pi_123abc')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'make the payment' })).not.toBeInTheDocument();
  });

  it('an unknown order says so, without a retry', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /api/order/nope': { status: 404, body: { code: 'not-found', message: 'Order not found' } },
    });
    renderApp('/dashboard/payments/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });

  it("another customer's order is refused plainly", async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /api/order/o9': { status: 403, body: { code: 'forbidden', message: 'Not yours' } },
    });
    renderApp('/dashboard/payments/o9');
    expect(await screen.findByRole('alert')).toHaveTextContent('This order belongs to another account.');
  });
});
