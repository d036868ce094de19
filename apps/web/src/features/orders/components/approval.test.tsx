import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@shop/shared/contracts/orders';
import { mockApi } from '@/test/fetch-mock';
import { anOrder, anOrderDetail, myCompany } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

/** Finn's order o7, above his limit: it waits for Cara, the company's admin (docs/behaviour.md §5.21). */
const awaiting = anOrderDetail({
  _id: 'o7',
  name: 'Finn Foreman',
  companyId: 'c1',
  placedBy: { id: 'u2', name: 'Finn Foreman' },
  approvalState: 'awaiting',
});
const events: OrderEvent[] = (['placed', 'approval-requested'] as const).map((kind) => ({
  kind,
  at: '2026-01-02T10:00:00.000Z',
  actor: 'customer',
  actorEmail: null,
  carrier: null,
  trackingNumber: null,
}));
const orderRoute = { params: { id: 'o7' } };

describe('approvals (docs/behaviour.md §5.21)', () => {
  it('a company admin approves a buyer’s order awaiting approval', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /order/:id/timeline': { ...orderRoute, body: { order: awaiting, events } },
      'POST /order/:id/approve': { ...orderRoute, body: { ...awaiting, approvalState: 'approved' } },
    });
    renderApp('/dashboard/orders/o7');
    expect(
      await screen.findByText(/Finn Foreman's order is above their limit per order/),
    ).toBeInTheDocument();
    // A colleague's order: nothing to pay or order again here.
    expect(screen.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: Finn Foreman can pay it now')).toBeInTheDocument();
    expect(api.calls.some((call) => call.route === 'POST /order/:id/approve')).toBe(true);
  });

  it('declining asks for a reason, and sends it', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /order/:id/timeline': { ...orderRoute, body: { order: awaiting, events } },
      'POST /order/:id/decline-approval': {
        ...orderRoute,
        body: {
          ...awaiting,
          state: 'cancelled',
          approvalState: 'declined',
          approvalReason: 'Use the van stock',
        },
      },
    });
    renderApp('/dashboard/orders/o7');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: "Decline Finn Foreman's order?" });
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Use the van stock');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.route === 'POST /order/:id/decline-approval')?.body).toEqual({
        reason: 'Use the van stock',
      }),
    );
  });

  it('the buyer reads that it waits, and has no Pay; My Orders shows who placed each order and filters by them', async () => {
    const user = userEvent.setup();
    const mine = anOrder({ _id: 'o8', toolsName: 'Foam Roller', companyId: 'c1', approvalState: 'awaiting' });
    const colleagues = anOrder({
      _id: 'o9',
      toolsName: 'Paint Tray',
      name: 'Finn Foreman',
      companyId: 'c1',
      placedBy: { id: 'u2', name: 'Finn Foreman' },
    });
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: customer.email }, body: [mine, colleagues] },
    });
    renderApp('/dashboard/my-orders');
    expect(await screen.findByRole('link', { name: 'Awaiting approval: Foam Roller' })).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: 'Pay' })).toHaveLength(0);
    expect(screen.getByRole('columnheader', { name: 'Placed by' })).toBeInTheDocument();
    // A colleague's order is read, not acted on.
    expect(screen.queryByRole('button', { name: 'Order again: Paint Tray' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Placed by'), 'Finn Foreman');
    await waitFor(() => expect(screen.queryByText('Foam Roller')).not.toBeInTheDocument());
    expect(screen.getByText('Paint Tray')).toBeInTheDocument();
  });
});
