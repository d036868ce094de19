import { z } from 'zod';
import { tradeFields, tradeToolProblems } from '@shop/shared/contracts/trade-pricing';
import { DEFAULT_SHIP_PRICE_CENTS } from '@shop/shared/pricing';

/**
 * The trade-pricing part of the product form (docs/behaviour.md §16): pack size, maximum per
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
