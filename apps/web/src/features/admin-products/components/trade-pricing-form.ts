import { z } from 'zod';
import { tradeFields, tradeToolProblems } from '@shop/shared/contracts/trade-pricing';
import { DEFAULT_SHIP_PRICE_CENTS, MAX_PRICE_BREAKS } from '@shop/shared/pricing';
import type { Tool } from '@/lib/domain/tool';
import type { IssueFields } from '@/lib/field-issues';

/**
 * The trade-pricing part of the product form (docs/behaviour.md §3.7): pack size, maximum per
 * order, ship price and price breaks, as text from the inputs, checked by the shared rules.
 * Self-contained so that an Add and an Edit form can both take it.
 */
const numberInput = <T extends z.ZodType>(rule: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    const number = Number(value);
    return Number.isNaN(number) ? undefined : number;
  }, rule);

/** An empty maximum means no limit but the stock. */
const optionalNumberInput = <T extends z.ZodType>(rule: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    numberInput(rule),
  );

export const tradePricingFormFields = {
  packSize: numberInput(tradeFields.packSize.unwrap()),
  maxOrderQuantity: optionalNumberInput(tradeFields.maxOrderQuantity.unwrap()),
  shipPrice: numberInput(tradeFields.shipPrice.unwrap()),
  priceBreaks: z.array(
    z.object({
      fromQuantity: numberInput(tradeFields.priceBreaks.unwrap().element.shape.fromQuantity),
      unitPrice: numberInput(tradeFields.priceBreaks.unwrap().element.shape.unitPrice),
    }),
  ),
};

export interface TradePricingFormInput {
  packSize: string;
  maxOrderQuantity: string;
  shipPrice: string;
  priceBreaks: { fromQuantity: string; unitPrice: string }[];
}

export const emptyTradePricingForm: TradePricingFormInput = {
  packSize: '1',
  maxOrderQuantity: '',
  shipPrice: String(DEFAULT_SHIP_PRICE_CENTS / 100),
  priceBreaks: [],
};

/** A tool's trade pricing as the form's text, for the Edit form to start from. */
export const tradePricingFormOf = (tool: Tool): TradePricingFormInput => ({
  packSize: String(tool.packSize),
  maxOrderQuantity: tool.maxOrderQuantity === null ? '' : String(tool.maxOrderQuantity),
  shipPrice: String(tool.shipPrice),
  priceBreaks: tool.priceBreaks.map((rung) => ({
    fromQuantity: String(rung.fromQuantity),
    unitPrice: String(rung.unitPrice),
  })),
});

type RungField = `priceBreaks.${number}.fromQuantity` | `priceBreaks.${number}.unitPrice`;
export type TradePricingField = keyof TradePricingFormInput | RungField;

/** The API names these fields as the form does, each rung's too ('priceBreaks.0.unitPrice'). */
export const tradePricingIssueFields: IssueFields<TradePricingField> = {
  packSize: 'packSize',
  maxOrderQuantity: 'maxOrderQuantity',
  shipPrice: 'shipPrice',
  ...Object.fromEntries(
    Array.from({ length: MAX_PRICE_BREAKS }, (_, index) => [
      [`priceBreaks.${index}.fromQuantity`, `priceBreaks.${index}.fromQuantity`],
      [`priceBreaks.${index}.unitPrice`, `priceBreaks.${index}.unitPrice`],
    ]).flat(),
  ),
};

export interface TradePricingValues {
  packSize: number;
  maxOrderQuantity: number | null;
  shipPrice: number;
  priceBreaks: { fromQuantity: number; unitPrice: number }[];
}

/**
 * The rules across fields, on the form's names: the minimum in whole packs, a maximum not below
 * it, and the ladder's (the same function the API runs, contracts/trade-pricing.ts).
 */
export function checkTradePricing(
  values: TradePricingValues & { minOrderQuantity: number; unitPrice: number },
  ctx: z.RefinementCtx,
): void {
  const problems = tradeToolProblems({
    ...values,
    orderQuantity: values.minOrderQuantity,
    perPartsPrice: values.unitPrice,
  });
  for (const { path, message } of problems) {
    const formPath = path[0] === 'orderQuantity' ? ['minOrderQuantity'] : path;
    ctx.addIssue({ code: 'custom', path: formPath, message });
  }
}
