import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { anInvoice, aStatement, myCompany } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

/**
 * The statement's Pay by card with Stripe: the payment page's card form, so Stripe's packages are
 * replaced by the same stand-ins as in payment-page-stripe.test.tsx.
 */
const stripe = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  cardElement: { kind: 'card-element' },
  markCardReady: () => {},
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: () => Promise.resolve({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.cardElement }),
  CardElement: function CardElement({ onReady }: { onReady?: () => void }) {
    useEffect(() => {
      stripe.markCardReady = () => onReady?.();
    }, [onReady]);
    return <div data-testid="stripe-card-element" />;
  },
}));

describe('paying an invoice by card with Stripe (docs/behaviour.md §5.23)', () => {
  it('confirms the card against the invoice’s intent with the admin’s name and e-mail, then records it', async () => {
    const invoice = anInvoice();
    let isPaid = false;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/statement': {
        params: { id: 'c1' },
        answer: () => ({
          body: aStatement({
            balance: isPaid ? 0 : 420,
            invoices: [isPaid ? { ...invoice, paid: 420, balance: 0, state: 'paid' } : invoice],
          }),
        }),
      },
      'GET /payments/config': { body: { provider: 'stripe', publishableKey: 'pk_test_123' } },
      'POST /invoice/:id/card-intent': {
        params: { id: 'inv1' },
        body: { clientSecret: 'pi_77_secret_88', intentId: 'pi_77', amount: 420 },
      },
      'POST /invoice/:id/card-payment': {
        params: { id: 'inv1' },
        answer: () => {
          isPaid = true;
          return { body: { ...invoice, paid: 420, balance: 0, state: 'paid' } };
        },
      },
    });
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_77', status: 'succeeded' } });
    const user = userEvent.setup();
    renderApp('/dashboard/company/statement');
    await user.click(await screen.findByRole('button', { name: 'Pay INV-2026-00001 by card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay INV-2026-00001 by card' }));
    await dialog.findByTestId('stripe-card-element');
    const button = dialog.getByRole('button', { name: 'make the payment' });
    act(() => stripe.markCardReady());
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    expect(await screen.findByText('INV-2026-00001 paid by card')).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_77_secret_88', {
      payment_method: {
        card: stripe.cardElement,
        billing_details: { name: customer.displayName, email: customer.email },
      },
    });
    expect(api.calls.find((call) => call.route === 'POST /invoice/:id/card-payment')?.body).toEqual({
      intentId: 'pi_77',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Pay INV-2026-00001 by card' })).not.toBeInTheDocument();
  });
});
