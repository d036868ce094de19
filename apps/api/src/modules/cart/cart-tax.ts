import type { CartTax } from '@shop/shared/contracts/tax';
import { centsToDollars, dollarsToCents } from '@shop/shared/money';
import { ppmToPercent, taxableCents, taxCents } from '@shop/shared/tax';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/request-context';
import type { OrderLimitsConfig } from '../ordering';
import { taxRuleFor, type TaxProvider } from '../tax';
import { readCart } from './cart.service';
import { checkoutAddress } from './place-and-pay';

/**
 * What the cart would pay in tax shipped to this address (docs/behaviour.md §5.22): the same rule
 * and arithmetic checkout freezes, on the cart as it stands. A provider that cannot answer is a
 * 503 here as at checkout, never a zero.
 */
export async function cartTax(
  { db, limits, tax }: { db: DbExecutor; limits: OrderLimitsConfig; tax: TaxProvider },
  actor: Actor,
  addressId: string,
): Promise<CartTax> {
  const address = await checkoutAddress(db, actor.id, addressId);
  const rule = await taxRuleFor(tax, db, actor.id, address);
  const cart = await readCart(db, actor.id, limits);
  const items = dollarsToCents(cart.itemsTotal);
  const shipping = dollarsToCents(cart.shipping);
  const amount = taxCents(rule, items, shipping);
  return {
    lines: [
      {
        jurisdiction: rule.jurisdiction,
        label: rule.label,
        reason: rule.reason,
        rate: ppmToPercent(rule.ratePpm),
        taxable: centsToDollars(taxableCents(rule, items, shipping)),
        amount: centsToDollars(amount),
        reference: rule.reference,
        reversedAt: null,
      },
    ],
    tax: centsToDollars(amount),
    total: centsToDollars(items + shipping + amount),
  };
}
