import { dollarsToCents } from '@shop/shared/money';
import type { PricingRules, QuantityRules } from '@shop/shared/pricing';
import type { Tool } from './tool';

/** A tool's prices in the cents the shared pricing module counts in (docs/behaviour.md §3.7). */
export function pricingRulesOf(tool: Pick<Tool, 'unitPrice' | 'priceBreaks' | 'shipPrice'>): PricingRules {
  return {
    unitPriceCents: dollarsToCents(tool.unitPrice),
    priceBreaks: tool.priceBreaks.map((rung) => ({
      fromQuantity: rung.fromQuantity,
      unitPriceCents: dollarsToCents(rung.unitPrice),
    })),
    shipPriceCents: dollarsToCents(tool.shipPrice),
  };
}

export function quantityRulesOf(
  tool: Pick<Tool, 'minOrderQuantity' | 'packSize' | 'maxOrderQuantity' | 'availableQuantity'>,
): QuantityRules {
  return {
    minOrderQuantity: tool.minOrderQuantity,
    packSize: tool.packSize,
    maxOrderQuantity: tool.maxOrderQuantity,
    availableQuantity: tool.availableQuantity,
  };
}
