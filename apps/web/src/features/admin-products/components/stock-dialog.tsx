import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { restockBody, stockAdjustmentBody } from '@shop/shared/contracts/stock';
import { formatCount } from '@shop/shared/format';
import { FormField } from '@/components/ui/form-field';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import type { Tool } from '@/lib/domain/tool';
import { ApiError } from '@/lib/api-client';
import { setFieldIssues } from '@/lib/field-issues';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useChangeStock } from '../api/stock';

type Kind = 'restock' | 'adjustment';

/** Number boxes give text: a whole number, or the text itself for the shared rule to refuse. */
const wholeNumber = (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
};

/** The form's two boxes, as typed. */
interface StockFormValues {
  amount: string;
  text: string;
}
interface StockFormOutput {
  amount: number;
  text: string | undefined;
}

/** The rules the API applies, read against the form's two boxes. */
const schemaFor = (kind: Kind) =>
  kind === 'restock'
    ? z
        .object({
          amount: z.preprocess(wholeNumber, restockBody.shape.quantity),
          text: restockBody.shape.note,
        })
        .transform(({ amount, text }) => ({ amount, text }))
    : z
        .object({
          amount: z.preprocess(wholeNumber, stockAdjustmentBody.shape.delta),
          text: stockAdjustmentBody.shape.reason,
        })
        .transform(({ amount, text }) => ({ amount, text }));

interface StockDialogProps {
  tool: Tool | null;
  onClose: () => void;
}

/**
 * Restock or adjust one tool's stock (docs/behaviour.md §3.11): a restock adds units that arrived,
 * with an optional note; an adjustment corrects the count either way and needs a reason.
 */
export function StockDialog({ tool, onClose }: StockDialogProps) {
  return (
    <FormDialog open={tool !== null} labelledBy="stock-dialog-title" onClose={onClose}>
      {tool && <StockForm key={tool.id} tool={tool} onClose={onClose} />}
    </FormDialog>
  );
}

function StockForm({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const [kind, setKind] = useState<Kind>('restock');
  const change = useChangeStock();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<StockFormValues, unknown, StockFormOutput>({
    // The rules follow the kind chosen (one form, two requests).
    resolver: zodResolver(schemaFor(kind)) as unknown as Resolver<StockFormValues, unknown, StockFormOutput>,
    defaultValues: { amount: '', text: '' },
  });

  const onSubmit = handleSubmit(({ amount, text }) => {
    const request =
      kind === 'restock'
        ? { kind, toolId: tool.id, body: { quantity: amount, ...(text && { note: text }) } }
        : { kind, toolId: tool.id, body: { delta: amount, reason: text ?? '' } };
    change.mutate(request, {
      onSuccess: ({ availableQuantity }) => {
        toast.success(`${tool.name}: ${formatCount(availableQuantity)} in stock`);
        onClose();
      },
      onError: (error) => {
        toastFailure(error);
        // Below zero is the count's problem: it shows at the box too (docs/behaviour.md §3.11).
        if (error instanceof ApiError && error.status === 409) setError('amount', { message: error.message });
        setFieldIssues(error, setError, {
          quantity: 'amount',
          delta: 'amount',
          note: 'text',
          reason: 'text',
        });
      },
    });
  });

  const isRestock = kind === 'restock';
  return (
    <form className="modal-box" noValidate onSubmit={onSubmit} aria-busy={change.isPending}>
      <h3 id="stock-dialog-title" className="text-lg font-bold">
        Stock of {tool.name}
      </h3>
      <p className="mb-3">In stock now: {formatCount(tool.availableQuantity)}</p>
      <fieldset disabled={change.isPending} className="flex flex-col gap-4">
        <div role="radiogroup" aria-label="Kind of change" className="flex flex-wrap gap-4">
          {(['restock', 'adjustment'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                name="stock-kind"
                checked={kind === option}
                onChange={() => {
                  setKind(option);
                  clearErrors();
                }}
              />
              {option === 'restock' ? 'Restock (units arrived)' : 'Adjust (correct the count)'}
            </label>
          ))}
        </div>
        <FormField
          id="stock-amount"
          label={isRestock ? 'Units arrived' : 'Change in units (+ or -)'}
          error={errors.amount?.message}
        >
          {(field) => <input {...field} type="number" inputMode="numeric" step={1} {...register('amount')} />}
        </FormField>
        <FormField
          id="stock-text"
          label={isRestock ? 'Note (optional)' : 'Reason'}
          error={errors.text?.message}
        >
          {(field) => <input {...field} type="text" {...register('text')} />}
        </FormField>
      </fieldset>
      <FormDialogActions
        onClose={onClose}
        isBusy={change.isPending}
        submitLabel={isRestock ? 'Restock' : 'Adjust stock'}
      />
    </form>
  );
}
