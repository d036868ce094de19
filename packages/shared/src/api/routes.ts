import type { z } from 'zod';
import { accountRoutes } from '../contracts/account';
import { addressRoutes } from '../contracts/addresses';
import { accountRecoveryRoutes } from '../contracts/account-recovery';
import { auditRoutes } from '../contracts/audit';
import { cartRoutes } from '../contracts/cart';
import { companyRoutes } from '../contracts/companies';
import { contactRoutes } from '../contracts/contact';
import { healthRoutes } from '../contracts/health';
import { orderMailRoutes } from '../contracts/order-mail';
import { orderRoutes } from '../contracts/orders';
import { paymentRoutes } from '../contracts/payments';
import { receiptRoutes } from '../contracts/receipts';
import { reviewRoutes } from '../contracts/reviews';
import { savedListRoutes } from '../contracts/saved-lists';
import { securityRoutes } from '../contracts/security';
import { shopMetricsRoutes } from '../contracts/shop-metrics';
import { socialSignInRoutes } from '../contracts/social-sign-in';
import { taxRoutes } from '../contracts/tax';
import { invoiceRoutes } from '../contracts/invoices';
import { quoteRoutes } from '../contracts/quotes';
import { toolRoutes } from '../contracts/tools';
import { tradePricingRoutes } from '../contracts/trade-pricing';
import { uploadRoutes } from '../contracts/upload';
import { userRoutes } from '../contracts/users';

/**
 * The one table of the API: per endpoint its method and path (the key), access rule, params,
 * query, body and responses. The API registers every route from it (and so documents it in
 * OpenAPI); the web app's client takes its types from it; the access-matrix test walks it.
 * See docs/decisions/0013-one-route-table.md.
 */
export const apiRoutes = {
  ...healthRoutes,
  ...accountRoutes,
  ...accountRecoveryRoutes,
  ...securityRoutes,
  ...socialSignInRoutes,
  ...toolRoutes,
  ...orderRoutes,
  ...cartRoutes,
  ...addressRoutes,
  ...savedListRoutes,
  ...companyRoutes,
  ...taxRoutes,
  ...invoiceRoutes,
  ...quoteRoutes,
  ...paymentRoutes,
  ...reviewRoutes,
  ...userRoutes,
  ...uploadRoutes,
  ...tradePricingRoutes,
  ...contactRoutes,
  ...auditRoutes,
  ...receiptRoutes,
  ...shopMetricsRoutes,
  ...orderMailRoutes,
};

export type ApiRoutes = typeof apiRoutes;
export type RouteKey = keyof ApiRoutes;

type Part = 'params' | 'query' | 'body' | 'headers';
/** The schema of one part of a route's request, or never when the route takes none. */
export type RouteSchema<K extends RouteKey, P extends Part> = ApiRoutes[K] extends {
  [Q in P]: infer S extends z.ZodType;
}
  ? S
  : never;

/** The success body's schema, or never for a redirect or a file. */
export type ResponseSchema<K extends RouteKey> = ApiRoutes[K]['response'] extends {
  schema: infer S extends z.ZodType;
}
  ? S
  : never;

/** What a caller sends: `params`, `query` and `body` where the route takes them. */
export type RouteInput<K extends RouteKey> = ([RouteSchema<K, 'params'>] extends [never]
  ? unknown
  : { params: z.input<RouteSchema<K, 'params'>> }) &
  ([RouteSchema<K, 'query'>] extends [never] ? unknown : { query?: z.input<RouteSchema<K, 'query'>> }) &
  ([RouteSchema<K, 'body'>] extends [never] ? unknown : { body: z.input<RouteSchema<K, 'body'>> }) &
  ([RouteSchema<K, 'headers'>] extends [never] ? unknown : { headers: z.input<RouteSchema<K, 'headers'>> });

/** What a caller receives on success, as it travels (the serializer's output). */
export type RouteResponse<K extends RouteKey> = z.input<ResponseSchema<K>>;
