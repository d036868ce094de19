import { z } from 'zod';
import { putContractPriceBody, type ContractPrice } from '@shop/shared/contracts/companies';
import { dollarsToCents } from '@shop/shared/money';
import { MAX_PRICE_BREAKS, validateLadder } from '@shop/shared/pricing';
import type { Tool } from '@/lib/domain/tool';
import type { IssueFields } from '@/lib/field-issues';
import { numberInput } from '@/lib/number-input';

const rungShape = putContractPriceBody.shape.priceBreaks.unwrap().element.shape;

/** The form as typed: the tool chosen, then every amount as the box's text. */
interface ContractPriceFormText {
  toolId: string;
  unitPrice: string;
  priceBreaks: { fromQuantity: string; unitPrice: string }[];
}

export const emptyContractPriceForm: ContractPriceFormText = { toolId: '', unitPrice: '', priceBreaks: [] };

/** A contract price as the form's text, to change it from where it is. */
export const contractPriceFormOf = (price: ContractPrice): ContractPriceFormText => ({
  toolId: price.toolId,
  unitPrice: String(price.unitPrice),
  priceBreaks: price.priceBreaks.map((rung) => ({
    fromQuantity: String(rung.fromQuantity),
    unitPrice: String(rung.unitPrice),
  })),
});

/**
 * The API's rules for PUT /company/{id}/price/{toolId} (docs/behaviour.md §3.15), on the form's
 * boxes: each amount's own rule from the shared body, then the ladder's against the tool chosen
 * (rungs above its minimum order, cheaper than the contract price and than the rung before), the
 * same function the API runs.
 */
export const contractPriceFormSchema = (toolOf: (id: string) => Tool | undefined) =>
  z
    .object({
      toolId: z.string().min(1, 'Choose a tool'),
      unitPrice: numberInput(putContractPriceBody.shape.unitPrice),
      priceBreaks: z
        .array(
          z.object({
            fromQuantity: numberInput(rungShape.fromQuantity),
            unitPrice: numberInput(rungShape.unitPrice),
          }),
        )
        .max(MAX_PRICE_BREAKS, `At most ${MAX_PRICE_BREAKS} price breaks`),
    })
    .superRefine((values, ctx) => {
      const tool = toolOf(values.toolId);
      if (!tool) return;
      const issues = validateLadder(
        {
          unitPriceCents: dollarsToCents(values.unitPrice),
          minOrderQuantity: tool.minOrderQuantity,
          maxOrderQuantity: tool.maxOrderQuantity,
        },
        values.priceBreaks.map((rung) => ({
          fromQuantity: rung.fromQuantity,
          unitPriceCents: dollarsToCents(rung.unitPrice),
        })),
      );
      for (const { index, field, message } of issues) {
        ctx.addIssue({ code: 'custom', path: ['priceBreaks', index, field], message });
      }
    });

export type ContractPriceFormInput = z.input<ReturnType<typeof contractPriceFormSchema>>;
export type ContractPriceFormValues = z.output<ReturnType<typeof contractPriceFormSchema>>;

type RungField = `priceBreaks.${number}.fromQuantity` | `priceBreaks.${number}.unitPrice`;

/** The API names the body's fields as the form does, each rung's too ('priceBreaks.0.fromQuantity'). */
export const contractPriceIssueFields: IssueFields<'unitPrice' | 'priceBreaks' | RungField> = {
  unitPrice: 'unitPrice',
  priceBreaks: 'priceBreaks',
  ...Object.fromEntries(
    Array.from({ length: MAX_PRICE_BREAKS }, (_, index) => [
      [`priceBreaks.${index}.fromQuantity`, `priceBreaks.${index}.fromQuantity`],
      [`priceBreaks.${index}.unitPrice`, `priceBreaks.${index}.unitPrice`],
    ]).flat(),
  ),
};
