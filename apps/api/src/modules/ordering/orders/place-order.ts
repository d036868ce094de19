import { sql } from 'drizzle-orm';
import { MAX_ORDER_TOTAL_CENTS } from '@shop/shared/constants';
import type { ShippingAddress } from '@shop/shared/contracts/addresses';
import type { CreateOrderBody } from '@shop/shared/contracts/orders';
import type { TaxRule } from '@shop/shared/tax';
import type { Config } from '../../../config';
import { rowsOf, type DbExecutor } from '../../../db/client';
import type { TellChanged } from '../../../lib/change-topics';
import { notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { Actor } from '../../../lib/request-context';
import { placeOrderRefusal, type PlaceOrderOutcome } from './order-refusal';

/** What the shop limits every order by (configuration). */
export interface OrderLimitsConfig {
  maxOpenUnpaid: number;
  orderMinimumCents: number | null;
  freeShippingOverCents: number | null;
}

export const orderLimitsOf = (config: Config): OrderLimitsConfig => ({
  maxOpenUnpaid: config.MAX_OPEN_UNPAID_ORDERS,
  orderMinimumCents: config.ORDER_MINIMUM ?? null,
  freeShippingOverCents: config.FREE_SHIPPING_OVER ?? null,
});

export interface OrderRequest {
  /**
   * The tools and quantities, in the buyer's order; the prices are the server's (§12.2): the
   * ladder's, or the unit price of an accepted quote's line (§5.24), which only quotes sets.
   */
  lines: readonly { toolId: string; quantity: number; quotedUnitPriceCents?: number }[];
  phoneNumber: string;
  /** The address as one text, as the spec's order form takes it. */
  address: string;
  /** The address book's entry, copied into the order; null for a typed address. */
  shippingAddress: ShippingAddress | null;
  poNumber: string | null;
  note: string | null;
  /** A checkout's idempotency key: the same key again finds the order it made. */
  checkoutKey: string | null;
  /** The tax provider's rule for this buyer and address, frozen on the order (§5.22). */
  tax: TaxRule;
}

/**
 * Places an order for the signed-in customer, of one line (`POST /order`) or many (checkout).
 * Only the tools, quantities, phone and address of the request count: names and unit prices
 * come from the tools' rows, the customer's name and e-mail from the account, every amount is
 * computed in integer cents (docs/behaviour.md §12.8). The checks, the stock taken for every
 * line and the inserts run as one call of the database function `place_order`
 * (ordering/sql/place-order.sql), all lines or none (docs/decisions/0019). Answers the order's
 * id, and whether this call made it (false: a checkout key already used found its order). The
 * order takes stock: the caller tells that the tools changed once its transaction commits.
 */
export async function placeOrder(
  db: DbExecutor,
  actor: Actor,
  order: OrderRequest,
  limits: OrderLimitsConfig,
): Promise<{ orderId: string; isNew: boolean; awaitsApproval: boolean }> {
  // An id that is not a uuid names no tool; place_order would fail to cast it.
  const unknown = order.lines.find((line) => !isUuid(line.toolId));
  if (unknown) throw notFound('Tool');
  const lines = order.lines.map(({ toolId, quantity, quotedUnitPriceCents }) => ({
    tool_id: toolId,
    quantity,
    unit_price_cents: quotedUnitPriceCents ?? null,
  }));
  const result = await db.execute(sql`
    select outcome, order_id, refused_tool_id from place_order(
      ${actor.id}, ${actor.name}, ${actor.email}, ${JSON.stringify(lines)}::jsonb,
      ${order.phoneNumber}, ${order.address},
      ${order.shippingAddress === null ? null : JSON.stringify(order.shippingAddress)}::jsonb,
      ${order.poNumber}, ${order.note}, ${order.checkoutKey},
      ${limits.maxOpenUnpaid}, ${MAX_ORDER_TOTAL_CENTS}, ${limits.orderMinimumCents ?? 0},
      ${limits.freeShippingOverCents ?? 0}, ${JSON.stringify(taxRuleJson(order.tax))}::jsonb
    )`);
  const [row] = rowsOf<{
    outcome: PlaceOrderOutcome;
    order_id: string | null;
    refused_tool_id: string | null;
  }>(result);
  if (!row) throw new Error('place_order answered nothing');
  if (row.outcome === 'placed' || row.outcome === 'awaiting-approval' || row.outcome === 'existing') {
    if (!row.order_id) throw new Error(`place_order: ${row.outcome} without an id`);
    return {
      orderId: row.order_id,
      isNew: row.outcome !== 'existing',
      awaitsApproval: row.outcome === 'awaiting-approval',
    };
  }
  const refused = order.lines.find((line) => line.toolId === row.refused_tool_id) ?? null;
  throw await placeOrderRefusal(db, row.outcome, refused, {
    maxOpenUnpaid: limits.maxOpenUnpaid,
    orderMinimumCents: limits.orderMinimumCents ?? 0,
    isCheckout: order.lines.length > 1 || order.checkoutKey !== null,
  });
}

/** The rule as place_order reads it (p_tax). */
const taxRuleJson = (rule: TaxRule) => ({
  reason: rule.reason,
  jurisdiction: rule.jurisdiction,
  label: rule.label,
  rate_ppm: rule.ratePpm,
  taxes_shipping: rule.taxesShipping,
  reference: rule.reference,
});

/**
 * The spec's order of one tool with a typed address (`POST /order`, docs/behaviour.md §5.3). A
 * typed address names no country the shop can read: such an order is taxed as at the shop's own
 * address (the caller's `tax`, §5.22).
 */
export async function orderOneTool(
  db: DbExecutor,
  actor: Actor,
  { toolsId, quantity, phoneNumber, address }: CreateOrderBody,
  limits: OrderLimitsConfig,
  tellChanged: TellChanged,
  tax: TaxRule,
): Promise<{ orderId: string; awaitsApproval: boolean }> {
  const order = {
    lines: [{ toolId: toolsId, quantity }],
    phoneNumber,
    address,
    shippingAddress: null,
    poNumber: null,
    note: null,
    checkoutKey: null,
    tax,
  };
  const { orderId, awaitsApproval } = await placeOrder(db, actor, order, limits);
  tellChanged('tools');
  return { orderId, awaitsApproval };
}
