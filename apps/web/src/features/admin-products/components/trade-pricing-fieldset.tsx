import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { PriceBreakRows, type PriceBreakRowsInput } from '@/components/price-break-rows';
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
      <PriceBreakRows
        control={control as unknown as Control<PriceBreakRowsInput>}
        register={register as unknown as UseFormRegister<PriceBreakRowsInput>}
        errors={errors.priceBreaks}
        idPrefix={idPrefix}
      />
    </fieldset>
  );
}
