import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { anOrderDetail } from '@/test/fixtures';
import { customer, signedInAs } from '@/test/signed-in';

/**
 * Stripe.js runs only in a browser with Stripe's servers; here the two Stripe packages are
 * replaced by stand-ins that behave as their documented APIs do, so the page's use of them is
 * what is tested.
 */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  cardElement: { kind: 'card-element' },
  /** Calls the card element's onReady, as Stripe does once its iframe has loaded. */
  markCardReady: () => {},
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
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

/** Cara's unpaid order o1: 120 flat brushes at $3.50, $420 in all. */
const order = anOrderDetail();

function stripeRoutes(overrides: RouteMocks = {}): RouteMocks {
  return {
    ...signedInAs(customer),
    'GET /order/:id': { params: { id: 'o1' }, body: order },
    'GET /payments/config': { body: { provider: 'stripe', publishableKey: 'pk_test_123' } },
    'POST /create-payment-intent': { body: { clientSecret: 'pi_123_secret_456' } },
    ...overrides,
  };
}

beforeEach(() => {
  stripe.loadStripe.mockResolvedValue({});
  stripe.confirmCardPayment.mockReset();
});

async function openReadyForm() {
  renderApp('/dashboard/payments/o1');
  const button = await screen.findByRole('button', { name: 'make the payment' });
  await screen.findByTestId('stripe-card-element');
  return button;
}

describe('Payment page with Stripe', () => {
  it("loads Stripe with the shop's publishable key; the button waits for the card element", async () => {
    mockApi(stripeRoutes());
    const button = await openReadyForm();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByText(/Demo payments/)).not.toBeInTheDocument();
    expect(button).toBeDisabled();
    act(() => stripe.markCardReady());
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("a declined card shows Stripe's message under the form", async () => {
    const api = mockApi(stripeRoutes());
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const button = await openReadyForm();
    act(() => stripe.markCardReady());
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);

    const form = button.closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(api.calls.find((call) => call.method === 'PATCH')).toBeUndefined();
  });

  it('confirms the card against the client secret with the billing name and e-mail, then records the payment', async () => {
    const api = mockApi(
      stripeRoutes({ 'PATCH /order/:id': { params: { id: 'o1' }, body: { modifiedCount: 1 } } }),
    );
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const button = await openReadyForm();
    act(() => stripe.markCardReady());
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);

    const slot = screen.getByRole('region', { name: 'Card payment' });
    expect(await within(slot).findByText(copy.paymentSucceeded)).toBeInTheDocument();
    expect(within(slot).getByText('pi_123')).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456', {
      payment_method: {
        card: stripe.cardElement,
        billing_details: { name: customer.displayName, email: customer.email },
      },
    });
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        tools: 'o1',
        transactionId: 'pi_123',
      }),
    );
  });
});
