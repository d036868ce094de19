import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { useNavigate } from 'react-router';
import { copy } from '@shop/shared/copy';
import { formatCount } from '@shop/shared/format';
import { centsToDollars, formatDollars } from '@shop/shared/money';
import { largestOrderQuantity, quantityRuleText } from '@shop/shared/pricing';
import { FormField } from '@/components/ui/form-field';
import { PriceLadder } from '@/components/ui/price-ladder';
import { BusyButton } from '@/components/ui/busy-button';
import { PHONE_EXAMPLE } from '@/config/phone-example';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/domain/user';
import type { Tool } from '@/lib/domain/tool';
import { sameNames, setFieldIssues } from '@/lib/field-issues';
import { toastFailure } from '@/lib/failure-toast';
import { quantityRulesOf } from '@/lib/domain/tool-pricing';
import { useCreateOrder } from '../api/create-order';
import { useShopOrderRules } from '../api/get-order-rules';
import {
  orderFormSchema,
  orderProblem,
  orderProblemMessage,
  quoteOrder,
  type OrderFormInput,
  type OrderFormValues,
} from '../lib/order-rules';
import { OrderQuote } from './order-quote';

/** The form's fields are named as the order request's, so the API's field problems land on them. */
const issueFields = sameNames<keyof OrderFormValues>('phoneNumber', 'address', 'quantity');

/** 'Order Info': who orders, where to ship, how many (docs/behaviour.md §5.2). */
export function OrderForm({ tool, user }: { tool: Tool; user: SessionUser }) {
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<OrderFormInput, unknown, OrderFormValues>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: { phoneNumber: '', address: '', quantity: tool.minOrderQuantity },
  });

  const quantity = useWatch({ control, name: 'quantity' });
  // Until the shop's rules arrive there is no minimum and no free shipping: the server decides anyway.
  const { orderMinimumCents = null, freeShippingOverCents = null } = useShopOrderRules().data ?? {};
  const problem = orderProblem(quantity, tool, { orderMinimumCents, freeShippingOverCents });
  const quote =
    Number.isFinite(quantity) && quantity > 0 ? quoteOrder(quantity, tool, freeShippingOverCents) : null;
  const isOutOfStock = largestOrderQuantity(quantityRulesOf(tool)) < tool.minOrderQuantity;

  const onSubmit = (values: OrderFormValues) => {
    createOrder.mutate(
      {
        toolsId: tool.id,
        toolsName: tool.name,
        name: user.name,
        email: user.email,
        phoneNumber: values.phoneNumber,
        address: values.address,
        quantity: values.quantity,
        // Ignored by the server, which prices the order itself (docs/decisions/0004).
        price: centsToDollars(quoteOrder(values.quantity, tool, freeShippingOverCents).totalCents),
      },
      {
        onSuccess: () => {
          toast.success(copy.orderSucceeded);
          navigate(paths.myOrders);
        },
        onError: (error) => {
          toastFailure(error);
          setFieldIssues(error, setError, issueFields);
        },
      },
    );
  };

  return (
    <section aria-labelledby="order-info-heading" className="card bg-base-200">
      <form className="card-body gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
        <h2 id="order-info-heading" className="card-title text-2xl">
          Order Info
        </h2>

        <FormField id="order-name" label="Name">
          {(field) => <input {...field} value={user.name} readOnly />}
        </FormField>
        <FormField id="order-email" label="Email">
          {(field) => <input {...field} type="email" value={user.email} readOnly />}
        </FormField>
        <FormField id="order-phone" label="Phone" error={errors.phoneNumber?.message}>
          {(field) => (
            <input
              {...field}
              type="tel"
              autoComplete="tel"
              placeholder={PHONE_EXAMPLE}
              {...register('phoneNumber')}
            />
          )}
        </FormField>
        <FormField
          id="order-quantity"
          label="Quantity"
          error={errors.quantity?.message}
          isInvalid={problem !== null}
          hint={
            <>
              <p>
                Minimum {formatCount(tool.minOrderQuantity)}, up to {formatCount(tool.availableQuantity)} in
                stock.
              </p>
              {/* The trade rules next to the field (docs/behaviour.md §5.3, §5.3). */}
              {quantityRuleText(tool).map((rule) => (
                <p key={rule}>{rule}</p>
              ))}
              {orderMinimumCents !== null && (
                <p>
                  Orders start at {formatDollars(centsToDollars(orderMinimumCents))} of tools, before
                  shipping.
                </p>
              )}
              {problem?.code === 'below-minimum-quantity' && (
                <p className="text-error">{copy.orderMinimumHint}</p>
              )}
            </>
          }
        >
          {(field) => (
            <input
              {...field}
              type="number"
              inputMode="numeric"
              min={tool.minOrderQuantity}
              max={Math.max(tool.minOrderQuantity, largestOrderQuantity(quantityRulesOf(tool)))}
              step={tool.packSize}
              {...register('quantity', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField
          id="order-address"
          label="Shipping address"
          kind="textarea"
          error={errors.address?.message}
        >
          {(field) => <textarea {...field} rows={3} autoComplete="street-address" {...register('address')} />}
        </FormField>

        <PriceLadder
          unitPrice={tool.unitPrice}
          minOrderQuantity={tool.minOrderQuantity}
          priceBreaks={tool.priceBreaks}
          appliedFrom={quote ? (quote.rung?.fromQuantity ?? tool.minOrderQuantity) : undefined}
          caption={`Volume prices for ${tool.name}`}
        />
        <OrderQuote tool={tool} quote={problem === null ? quote : null} />
        {isOutOfStock && (
          <p className="alert alert-warning alert-soft">
            This tool is out of stock for now. Please check back soon.
          </p>
        )}
        <p id="order-range-message" role="status" className="text-error min-h-6 font-medium">
          {problem && orderProblemMessage(problem)}
        </p>

        <BusyButton
          isBusy={createOrder.isPending}
          disabled={problem !== null}
          aria-describedby="order-range-message"
        >
          Order
        </BusyButton>
      </form>
    </section>
  );
}
