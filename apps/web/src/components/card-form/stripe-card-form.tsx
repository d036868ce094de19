import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { CardFormFooter, type CardFormProps } from './card-form-parts';

/** Loaded once per key: Stripe.js is one script for the whole page's life. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe Elements' card field. This module is loaded only when the shop uses Stripe, so Stripe's
 * code and script never reach a page without a card form (card-form.tsx imports it lazily).
 */
export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ clientSecret, intentError, onRetryIntent, billing, onSucceeded }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [isCardReady, setCardReady] = useState(false);
  const [isPaying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !clientSecret) return;
    // No card field, nothing to charge: submitting does nothing (docs/behaviour.md §6.3).
    const card = elements.getElement(CardElement);
    if (!card) return;
    setPaying(true);
    setError(null);
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
    });
    setPaying(false);
    if (result.error) {
      setError(result.error.message ?? 'Your payment could not be completed.');
    } else if (result.paymentIntent.status === 'succeeded') {
      onSucceeded(result.paymentIntent.id);
    } else {
      setError('Your payment is not complete yet. Please try again.');
    }
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={pay}>
      <div className="flex flex-col gap-1">
        <span className="font-medium">Card</span>
        <div className="input border-base-content/50 w-full py-3">
          <CardElement
            className="w-full"
            options={{ hidePostalCode: true }}
            onReady={() => setCardReady(true)}
            onChange={(change) => setError(change.error?.message ?? null)}
          />
        </div>
      </div>
      <CardFormFooter
        canPay={Boolean(stripe && elements && isCardReady && clientSecret)}
        isPaying={isPaying}
        error={error ?? intentError}
        onRetry={error ? undefined : onRetryIntent}
      />
    </form>
  );
}
