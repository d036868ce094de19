import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { MAX_PRICE_BREAKS } from '@shop/shared/pricing';
import { FormField } from '@/components/ui/form-field';
import type { TradePricingFormInput } from './trade-pricing-form';

/**
 * The form this fieldset sits in, seen through its trade-pricing fields only: a form that holds
 * more fields passes its control and register cast to this view.
 */
interface TradePricingFieldsetProps {
  control: Control<TradePricingFormInput>;
  register: UseFormRegister<TradePricingFormInput>;
  errors: FieldErrors<TradePricingFormInput>;
  /** Prefix of the inputs' ids, unique on the page ('add-product'). */
  idPrefix: string;
}

/**
 * Pack size, maximum per order, ship price and price breaks (docs/behaviour.md §3.7), for the
 * Add a Product form and any product form after it.
 */
export function TradePricingFieldset({ control, register, errors, idPrefix }: TradePricingFieldsetProps) {
  const rungs = useFieldArray({ control, name: 'priceBreaks' });
  const rungErrors = errors.priceBreaks;
  return (
    <fieldset className="fieldset border-base-300 rounded-box border p-4">
      <legend className="fieldset-legend text-base">Trade pricing</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id={`${idPrefix}-packSize`}
          label="Pack size"
          error={errors.packSize?.message}
          hint="Sold in multiples of this; 1 for single units."
        >
          {(field) => (
            <input {...field} type="number" inputMode="numeric" min={1} step={1} {...register('packSize')} />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-maxOrderQuantity`}
          label="Maximum per order"
          error={errors.maxOrderQuantity?.message}
          hint="Empty: no limit but the stock."
        >
          {(field) => (
            <input
              {...field}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...register('maxOrderQuantity')}
            />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-shipPrice`}
          label="Ship price ($)"
          error={errors.shipPrice?.message}
          hint="Charged once per order."
        >
          {(field) => (
            <input
              {...field}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              {...register('shipPrice')}
            />
          )}
        </FormField>
      </div>

      <h3 className="mt-2 font-semibold">Price breaks</h3>
      <p className="text-sm">
        From a quantity on, every unit costs less. Quantities go up and prices go down, rung by rung.
      </p>
      <ol className="flex flex-col gap-3">
        {rungs.fields.map((rung, index) => (
          <li key={rung.id} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <FormField
              id={`${idPrefix}-rung-${index}-from`}
              label={`Break ${index + 1}: from quantity`}
              error={rungErrors?.[index]?.fromQuantity?.message}
            >
              {(field) => (
                <input
                  {...field}
                  type="number"
                  inputMode="numeric"
                  min={2}
                  step={1}
                  {...register(`priceBreaks.${index}.fromQuantity`)}
                />
              )}
            </FormField>
            <FormField
              id={`${idPrefix}-rung-${index}-price`}
              label={`Break ${index + 1}: price each ($)`}
              error={rungErrors?.[index]?.unitPrice?.message}
            >
              {(field) => (
                <input
                  {...field}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  {...register(`priceBreaks.${index}.unitPrice`)}
                />
              )}
            </FormField>
            <button
              type="button"
              className="btn btn-ghost btn-sm sm:mt-7"
              onClick={() => rungs.remove(index)}
            >
              Remove break {index + 1}
            </button>
          </li>
        ))}
      </ol>
      {rungs.fields.length < MAX_PRICE_BREAKS && (
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => rungs.append({ fromQuantity: '', unitPrice: '' })}
          >
            Add a price break
          </button>
        </div>
      )}
    </fieldset>
  );
}
