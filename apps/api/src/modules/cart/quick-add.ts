import type { CartAdditionsResponse, quickAddBody } from '@shop/shared/contracts/cart';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { toolsBySku } from '../catalogue';
import type { OrderLimitsConfig } from '../ordering';
import { addToCart } from './cart-additions';

/**
 * The quick-order pad's rows into the cart (docs/behaviour.md §5.19): each SKU looked up
 * whatever its case, then every row checked, and with `apply` the valid ones added.
 */
export function quickAdd(
  db: Database,
  userId: string,
  limits: OrderLimitsConfig,
  body: z.output<typeof quickAddBody>,
  options: { apply: boolean; idempotencyKey?: string },
): Promise<CartAdditionsResponse> {
  return addToCart(
    db,
    userId,
    limits,
    async (tx) => {
      const tools = await toolsBySku(
        tx,
        body.rows.map((row) => row.sku),
        userId,
      );
      return body.rows.map(({ sku, quantity }) => {
        const tool = tools.get(sku.toLowerCase());
        return {
          sku,
          name: null,
          quantity,
          tool,
          missing: tool ? undefined : { code: 'unknown-sku', message: `No tool has the SKU ${sku}` },
        };
      });
    },
    { ...options, request: { route: 'quick-add', rows: body.rows } },
  );
}
