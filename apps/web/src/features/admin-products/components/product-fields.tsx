import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { toolCategories, toolCategoryLabels } from '@shop/shared/categories';
import { FormField } from '@/components/ui/form-field';
import { UNCATEGORISED } from '@/lib/domain/tool';

/** The fields both product forms share, by their form names. */
export interface ProductFieldValues {
  name: unknown;
  sku: unknown;
  availableQuantity?: unknown;
  minOrderQuantity: unknown;
  unitPrice: unknown;
  category: unknown;
  description: unknown;
  image: unknown;
  lowStockThreshold?: unknown;
}

type NumberField = 'availableQuantity' | 'minOrderQuantity' | 'unitPrice' | 'lowStockThreshold';

const numberFields: { name: NumberField; label: string; min: number }[] = [
  { name: 'availableQuantity', label: 'Available quantity', min: 0 },
  { name: 'minOrderQuantity', label: 'Min quantity', min: 1 },
  { name: 'unitPrice', label: 'Per unit price ($)', min: 1 },
];

interface ProductFieldsProps {
  idPrefix: string;
  // Either form's register: their value types differ only in which of these fields they have.
  register: (name: never) => UseFormRegisterReturn;
  errors: FieldErrors<ProductFieldValues>;
  /** Adding sets the opening stock; an edit does not (stock moves only through the ledger, §3.11). */
  hasStock: boolean;
  /** An edit may keep the current picture; adding needs one. */
  imageHint?: ReactNode;
  /** An edit sets the low-stock line (docs/behaviour.md §3.13). */
  lowStockHint?: ReactNode;
  /**
   * Whether 'Uncategorised' may be chosen: adding a tool (the category is optional, as in the
   * spec), or editing one that has none yet; an edit cannot take a category away.
   */
  canLeaveUncategorised: boolean;
  /** Under the category: that it is optional, or the prompt to choose one (docs/behaviour.md §3.2). */
  categoryHint?: ReactNode;
  /** Under the SKU: optional when adding, what it may hold (docs/behaviour.md §3.14). */
  skuHint: ReactNode;
}

/**
 * The fields of Add a Product (docs/behaviour.md §3.8), shared with Edit product (§3.10) so that
 * the two forms look and check the same.
 */
export function ProductFields({
  idPrefix,
  register,
  errors,
  hasStock,
  imageHint,
  lowStockHint,
  canLeaveUncategorised,
  categoryHint,
  skuHint,
}: ProductFieldsProps) {
  const registerField = register as unknown as (name: keyof ProductFieldValues) => UseFormRegisterReturn;
  const fieldOf = (name: keyof ProductFieldValues) => ({
    id: `${idPrefix}-${name}`,
    error: errors[name]?.message as string | undefined,
  });
  const numbers = numberFields.filter(({ name }) => hasStock || name !== 'availableQuantity');
  return (
    <>
      <FormField label="Name" {...fieldOf('name')}>
        {(field) => <input {...field} type="text" {...registerField('name')} />}
      </FormField>
      <FormField label="SKU" hint={skuHint} {...fieldOf('sku')}>
        {(field) => (
          <input
            {...field}
            className={`${field.className} font-mono`}
            type="text"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            {...registerField('sku')}
          />
        )}
      </FormField>
      <div className={`grid gap-4 ${numbers.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {numbers.map(({ name, label, min }) => (
          <FormField key={name} label={label} {...fieldOf(name)}>
            {(field) => (
              <input
                {...field}
                type="number"
                inputMode="numeric"
                min={min}
                step={1}
                {...registerField(name)}
              />
            )}
          </FormField>
        ))}
      </div>
      <FormField label="Category" kind="select" hint={categoryHint} {...fieldOf('category')}>
        {(field) => (
          <select {...field} {...registerField('category')}>
            <option value="" disabled={!canLeaveUncategorised}>
              {UNCATEGORISED}
            </option>
            {toolCategories.map((category) => (
              <option key={category} value={category}>
                {toolCategoryLabels[category]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Description" kind="textarea" {...fieldOf('description')}>
        {(field) => (
          <textarea {...field} className={`${field.className} h-32`} {...registerField('description')} />
        )}
      </FormField>
      <FormField label="Image" kind="file-input" hint={imageHint} {...fieldOf('image')}>
        {(field) => <input {...field} type="file" accept="image/*" {...registerField('image')} />}
      </FormField>
      {lowStockHint && (
        <FormField label="Low-stock threshold" hint={lowStockHint} {...fieldOf('lowStockThreshold')}>
          {(field) => (
            <input
              {...field}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...registerField('lowStockThreshold')}
            />
          )}
        </FormField>
      )}
    </>
  );
}
