import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { Cart, CheckoutBody } from '@shop/shared/contracts/cart';
import type { CompanyTerms, PaymentMethod } from '@shop/shared/contracts/invoices';
import { formatCount } from '@shop/shared/format';
import { dollarsToCents, formatDollars, formatUnitPrice } from '@shop/shared/money';
import { BusyButton } from '@/components/ui/busy-button';
import { QueryErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { invoiceTermsOf, PaymentChoice } from '@/components/payment-choice';
import { ShipToChoice, useSharedAddresses } from '@/components/ship-to-choice';
import { Spinner } from '@/components/ui/spinner';
import { TaxSummary } from '@/components/tax-summary';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Address } from '@/lib/domain/address';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames, setFieldIssues } from '@/lib/field-issues';
import { useAddresses } from '@/lib/queries/addresses';
import { useMyCompany } from '@/lib/queries/companies';
import { cartQueryOptions } from '@/lib/queries/get-cart';
import { toast } from '@/lib/toast';
import { useCartTax } from '../api/cart-tax';
import { useCheckout } from '../api/checkout';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { refusedLineState, refusedToolOf } from '../lib/refused-line';
import { CartTotals } from './cart-totals';

/** What the form holds; an address is always chosen once the book has one. */
interface CheckoutFormValues {
  addressId: string;
  poNumber: string;
  note: string;
  /** By card (the payment page follows) or by invoice on the company's terms (§5.23). */
  paymentMethod: PaymentMethod;
}

const issueFields = sameNames('addressId', 'poNumber', 'note');

/**
 * /checkout (signed in), from the cart: where to ship (the default address preselected; an
 * address added here when the book is empty), an optional PO number and note, the order as the
 * server priced it with the tax its address pays (§5.22), and 'Place order', which makes one unpaid
 * order of every line and opens its payment page (docs/behaviour.md §6.2). Until the tax is known
 * the order is not placed: when it cannot be worked out, the API's message says why. A buyer whose
 * company has payment terms may pay by invoice instead (§5.23): the order is then confirmed at once
 * and its page opens; over the credit limit, or with an invoice overdue, the API's message says so.
 */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const cart = useQuery(cartQueryOptions());
  const addresses = useAddresses();
  const mine = useMyCompany().data;
  const shared = useSharedAddresses(mine);
  const terms = invoiceTermsOf(mine);

  const body = (() => {
    if (cart.isPending || addresses.isPending) return <Spinner label="Loading your checkout" />;
    if (cart.isError) return <QueryErrorState query={cart} />;
    if (addresses.isError) return <QueryErrorState query={addresses} />;
    if (cart.data.lines.length === 0) {
      return (
        <div className="flex flex-col items-start gap-3">
          <p>Your cart is empty: there is nothing to check out.</p>
          <Link to={paths.products} className="btn btn-primary">
            Browse the products
          </Link>
        </div>
      );
    }
    if (!cart.data.canCheckOut) {
      return (
        <div className="flex flex-col items-start gap-3">
          <p>Your cart needs a change before it can be ordered.</p>
          <Link to={paths.cart} className="btn btn-primary">
            Back to your cart
          </Link>
        </div>
      );
    }
    // The buyer's own addresses, then those their company shares (docs/behaviour.md §4.19).
    return <CheckoutForm cart={cart.data} addresses={[...addresses.data, ...shared]} terms={terms} />;
  })();

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">Checkout</h1>
        <Link to={paths.cart} className="link self-start">
          Back to your cart
        </Link>
      </div>
      {body}
    </div>
  );
}

interface CheckoutFormProps {
  cart: Cart;
  addresses: Address[];
  /** The company's terms when the buyer may pay by invoice; null: by card only. */
  terms: CompanyTerms | null;
}

function CheckoutForm({ cart, addresses, terms }: CheckoutFormProps) {
  const navigate = useNavigate();
  const checkout = useCheckout();
  // One key for this checkout attempt: a second press, after a double click or a lost answer,
  // sends it again and the server answers the order the first one made.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const preselected = addresses.find((address) => address.isDefault) ?? addresses[0];
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<CheckoutFormValues>({
    defaultValues: { addressId: preselected?.id ?? '', poNumber: '', note: '', paymentMethod: 'card' },
  });
  const tax = useCartTax(useWatch({ control, name: 'addressId' }), cart);
  const isTaxKnown = tax.isSuccess && !tax.isFetching;
  const chooseAddress = (address: Address) =>
    setValue('addressId', address.id, { shouldValidate: true, shouldDirty: true });

  const onValid = ({ addressId, poNumber, note, paymentMethod }: CheckoutFormValues) => {
    if (checkout.isPending || !isTaxKnown) return;
    setFormError(null);
    // What was left empty is left out. The PO number's and the note's rules are the API's
    // (checkoutBody): the fields cannot hold more than they allow, and a refusal shows at its field.
    const body: CheckoutBody = {
      addressId,
      poNumber: poNumber.trim() || undefined,
      note: note.trim() || undefined,
      // Only a buyer offered the choice sends it; the API pays by card otherwise.
      ...(terms ? { paymentMethod } : {}),
    };
    checkout.mutate(
      { body, idempotencyKey },
      {
        onSuccess: ({ insertedId, order, invoice }) => {
          // Paid by invoice: the order is confirmed, and its invoice is on its way (§5.23).
          if (invoice) {
            toast.success(`Order placed: invoice ${invoice.number} e-mailed`);
            navigate(paths.order(insertedId), { replace: true });
            return;
          }
          // Above a company buyer's limit it waits for approval, not for payment (§5.21).
          if (order.approvalState === 'awaiting') {
            toast.success("Order placed. It is above your limit, so it waits for your company's approval.");
            navigate(paths.order(insertedId), { replace: true });
            return;
          }
          toast.success('Order placed. Pay for it below.');
          navigate(paths.payment(insertedId), { replace: true });
        },
        onError: (error) => {
          toastIfRateLimited(error);
          const toolId = error instanceof ApiError ? refusedToolOf(error.issues) : null;
          if (toolId) {
            // A line can no longer be had as it stands: fix it in the cart, then check out again.
            navigate(paths.cart, { state: refusedLineState({ toolId, message: error.message }) });
            return;
          }
          setFieldIssues(error, setError, issueFields);
          if (Object.keys(fieldIssues(error, issueFields)).length === 0) setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <>
      <section aria-labelledby="ship-to-heading" className="flex flex-col gap-3">
        <h2 id="ship-to-heading" className="text-xl font-semibold">
          Ship to
        </h2>
        <ShipToChoice
          idPrefix="checkout"
          addresses={addresses}
          field={register('addressId', { required: 'Choose where to ship the order' })}
          error={errors.addressId?.message}
          onAdded={chooseAddress}
        />
      </section>

      <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-6">
        <section aria-labelledby="reference-heading" className="flex flex-col gap-3">
          <h2 id="reference-heading" className="text-xl font-semibold">
            Your reference
          </h2>
          <FormField
            id="checkout-po-number"
            label="PO number (optional)"
            error={errors.poNumber?.message}
            hint="Your purchase order number: it shows on the order, the receipt and the e-mails."
          >
            {(field) => <input {...field} type="text" maxLength={50} {...register('poNumber')} />}
          </FormField>
          <FormField
            id="checkout-note"
            label="Note (optional)"
            kind="textarea"
            error={errors.note?.message}
            hint="Delivery instructions or anything we should know, up to 500 characters."
          >
            {(field) => <textarea {...field} rows={3} maxLength={500} {...register('note')} />}
          </FormField>
        </section>

        <OrderSummary cart={cart} tax={tax} />

        {terms && (
          <PaymentChoice
            idPrefix="checkout"
            terms={terms}
            field={register('paymentMethod')}
            headingLevel={2}
          />
        )}

        <FormAlert message={formError} />
        <BusyButton
          isBusy={checkout.isPending}
          disabled={addresses.length === 0 || !isTaxKnown}
          aria-describedby={tax.isError && !tax.isFetching ? TAX_ERROR_ID : undefined}
          className="btn btn-primary btn-lg"
        >
          Place order
        </BusyButton>
        {addresses.length === 0 && <p className="text-sm">Add an address above to place the order.</p>}
      </form>
    </>
  );
}

const TAX_ERROR_ID = 'checkout-tax-error';

/** The Tax row as the address's answer stands: loading, refused, or the amount and why. */
function taxFigures(tax: ReturnType<typeof useCartTax>) {
  if (tax.isFetching) return { row: 'Working out tax…', total: null };
  if (tax.isError) return { row: 'Not worked out', total: null };
  // None asked: the buyer has no address to ship to yet.
  if (tax.isPending) return { row: 'From the delivery address', total: null };
  return { row: <TaxSummary amount={tax.data.tax} lines={tax.data.lines} />, total: tax.data.total };
}

/** The lines and the figures the server priced, with the address's tax: what the order will hold. */
function OrderSummary({ cart, tax }: { cart: Cart; tax: ReturnType<typeof useCartTax> }) {
  return (
    <section aria-labelledby="checkout-summary-heading" className="card bg-base-200">
      <div className="card-body gap-4">
        <h2 id="checkout-summary-heading" className="card-title">
          Your order
        </h2>
        <ul aria-label="Tools in this order" className="flex flex-col gap-2">
          {cart.lines.map((line) => (
            <li key={line.toolId} className="flex flex-wrap justify-between gap-x-4">
              <span className="min-w-0 wrap-anywhere">
                <span className="font-medium">{line.name}</span>
                <span className="block text-sm">
                  {formatCount(line.quantity)} × {formatUnitPrice(dollarsToCents(line.unitPrice))}
                </span>
              </span>
              <span className="font-medium">{formatDollars(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        {/* Announced politely: another address may pay another tax. */}
        <div aria-live="polite">
          <CartTotals cart={cart} tax={taxFigures(tax)} />
        </div>
        {tax.isError && !tax.isFetching && (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
            <span id={TAX_ERROR_ID}>{errorMessage(tax.error)}</span>
            <button type="button" className="btn btn-sm" onClick={() => void tax.refetch()}>
              Work out tax again
            </button>
          </div>
        )}
        <p className="text-sm">Prices exclude tax; tax is worked out from the delivery address.</p>
      </div>
    </section>
  );
}
