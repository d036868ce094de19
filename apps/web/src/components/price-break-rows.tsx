import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { MAX_PRICE_BREAKS } from '@shop/shared/pricing';
import { FormField } from './ui/form-field';
import { dollarsBox } from '@/lib/number-input';

/** The price breaks of a form, as the form's text: one row per rung. */
export interface PriceBreakRowsInput {
  priceBreaks: { fromQuantity: string; unitPrice: string }[];
}

interface PriceBreakRowsProps {
  /** The form, seen through its price breaks only: a form that holds more passes it cast to this view. */
  control: Control<PriceBreakRowsInput>;
  register: UseFormRegister<PriceBreakRowsInput>;
  errors: FieldErrors<PriceBreakRowsInput>['priceBreaks'];
  /** Prefix of the inputs' ids, unique on the page ('add-product', 'contract'). */
  idPrefix: string;
}

/**
 * Price breaks, rung by rung, with Add and Remove (docs/behaviour.md §3.7): a tool's own on the
 * product forms, a company's own on its contract price (§3.15).
 */
export function PriceBreakRows({ control, register, errors, idPrefix }: PriceBreakRowsProps) {
  const rungs = useFieldArray({ control, name: 'priceBreaks' });
  return (
    <>
      {errors?.message && (
        <p role="alert" className="text-error text-sm">
          {errors.message}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {rungs.fields.map((rung, index) => (
          <li key={rung.id} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <FormField
              id={`${idPrefix}-rung-${index}-from`}
              label={`Break ${index + 1}: from quantity`}
              error={errors?.[index]?.fromQuantity?.message}
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
              error={errors?.[index]?.unitPrice?.message}
            >
              {(field) => (
                <input {...field} {...dollarsBox} {...register(`priceBreaks.${index}.unitPrice`)} />
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
    </>
  );
}
