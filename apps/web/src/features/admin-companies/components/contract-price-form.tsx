import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { Company, ContractPrice } from '@shop/shared/contracts/companies';
import { formatCount } from '@shop/shared/format';
import { formatContractPrice } from '@/lib/domain/company';
import { MAX_PRICE_BREAKS } from '@shop/shared/pricing';
import { BusyButton } from '@/components/ui/busy-button';
import { QueryErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { PriceBreakRows, type PriceBreakRowsInput } from '@/components/price-break-rows';
import { Spinner } from '@/components/ui/spinner';
import type { Tool } from '@/lib/domain/tool';
import { usePutContractPrice } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { useCatalogueTools } from '../api/catalogue-tools';
import {
  contractPriceFormOf,
  contractPriceFormSchema,
  contractPriceIssueFields,
  emptyContractPriceForm,
  type ContractPriceFormInput,
  type ContractPriceFormValues,
} from './contract-price-form-schema';
import { showRefusal } from './show-refusal';
import { dollarsBox } from '@/lib/number-input';

interface ContractPriceFormProps {
  company: Company;
  /** The company's contract prices now: choosing one of their tools fills the form in with it. */
  prices: readonly ContractPrice[];
}

/**
 * Set a contract price (docs/behaviour.md §3.15): a tool of the catalogue, the company's unit
 * price for it and, optionally, its own price breaks. A tool that has one already is changed.
 */
export function ContractPriceForm({ company, prices }: ContractPriceFormProps) {
  const tools = useCatalogueTools();
  return (
    <section aria-labelledby="set-contract-price-heading" className="mt-6 max-w-2xl">
      <h3 id="set-contract-price-heading" className="mb-2 text-lg font-semibold">
        Set a contract price
      </h3>
      {tools.isPending ? (
        <Spinner label="Loading the catalogue" />
      ) : tools.isError ? (
        <QueryErrorState query={tools} />
      ) : (
        <ContractPriceFields company={company} prices={prices} tools={tools.data} />
      )}
    </section>
  );
}

function ContractPriceFields({ company, prices, tools }: ContractPriceFormProps & { tools: Tool[] }) {
  const put = usePutContractPrice(company.id);
  const byName = useMemo(() => [...tools].sort((a, b) => a.name.localeCompare(b.name)), [tools]);
  const toolOf = (id: string) => tools.find((tool) => tool.id === id);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ContractPriceFormInput, unknown, ContractPriceFormValues>({
    resolver: zodResolver(contractPriceFormSchema(toolOf)),
    defaultValues: emptyContractPriceForm,
  });
  const toolId = useWatch({ control, name: 'toolId' });
  const tool = toolOf(toolId);
  const existing = tool && prices.find((price) => price.toolId === tool.id);

  // A tool with a contract already: start from its price and breaks, so that Save changes them.
  const onToolChange = (toolId: string) => {
    const price = prices.find((candidate) => candidate.toolId === toolId);
    if (!price) return;
    const form = contractPriceFormOf(price);
    setValue('unitPrice', form.unitPrice);
    setValue('priceBreaks', form.priceBreaks);
    clearErrors();
  };

  const onSubmit = handleSubmit(({ toolId, unitPrice, priceBreaks }) =>
    put.mutate(
      { toolId, body: { unitPrice, priceBreaks } },
      {
        onSuccess: (saved) => {
          toast.success(`Contract price saved for ${saved.toolName}`);
          reset(emptyContractPriceForm);
        },
        onError: (error) => showRefusal(error, setError, contractPriceIssueFields),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={put.isPending}>
      <fieldset disabled={put.isPending} className="flex flex-col gap-4">
        <FormField
          id="contract-tool"
          label="Tool"
          kind="select"
          error={errors.toolId?.message}
          hint={
            existing
              ? `${company.name} pays ${formatContractPrice(existing.unitPrice)} for it now: saving replaces that price and its breaks.`
              : undefined
          }
        >
          {(field) => (
            <select
              {...field}
              {...register('toolId', {
                onChange: (event: { target: { value: string } }) => onToolChange(event.target.value),
              })}
            >
              <option value="">Choose a tool</option>
              {byName.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name} ({option.sku})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="contract-unit-price"
          label="Contract price ($)"
          error={errors.unitPrice?.message}
          hint={
            tool
              ? `List price ${formatContractPrice(tool.unitPrice)}; minimum order ${formatCount(tool.minOrderQuantity)}.`
              : undefined
          }
        >
          {(field) => <input {...field} {...dollarsBox} {...register('unitPrice')} />}
        </FormField>

        <fieldset className="fieldset border-base-300 rounded-box border p-4">
          <legend className="fieldset-legend text-base">Price breaks (optional)</legend>
          <p className="text-sm">
            From a quantity on, every unit costs less: quantities go up and prices go down, break by break.
            They replace the tool&apos;s own breaks for this company. At most {MAX_PRICE_BREAKS}.
          </p>
          <PriceBreakRows
            control={control as unknown as Control<PriceBreakRowsInput>}
            register={register as unknown as UseFormRegister<PriceBreakRowsInput>}
            errors={errors.priceBreaks as FieldErrors<PriceBreakRowsInput>['priceBreaks']}
            idPrefix="contract"
          />
        </fieldset>
        <div>
          <BusyButton isBusy={put.isPending}>Save contract price</BusyButton>
        </div>
      </fieldset>
    </form>
  );
}
