import type { Invoice, PaymentMethod } from '@shop/shared/contracts/invoices';
import type { OrderDetail } from '@shop/shared/contracts/orders';
import { countryName } from '@shop/shared/countries';
import { formatAddress, type ShippingAddress } from '@shop/shared/contracts/addresses';
import type { FastifyInstance } from 'fastify';
import { publicUrlOf } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { TellChanged } from '../../lib/change-topics';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/request-context';
import { ownAddress, toShippingAddress } from '../accounts';
import { companyAddressFor } from '../companies';
import { invoiceOf, invoiceOrder, toInvoice, type InvoiceRow } from '../invoicing';
import {
  askForApproval,
  orderLimitsOf,
  placeOrder,
  readOrderDetail,
  type OrderLimitsConfig,
  type OrderRequest,
} from '../ordering';
import { taxRuleFor, type TaxProvider } from '../tax';

/** What placing an order of many lines needs: checkout's, and an accepted quote's. */
export interface PlaceDeps {
  db: Database;
  limits: OrderLimitsConfig;
  tellChanged: TellChanged;
  tax: TaxProvider;
  /** Tells the company's admins of a buyer's order above their limit (docs/behaviour.md §5.21). */
  askForApproval: (orderId: string) => Promise<void>;
}

/** The deps of a route that places orders, from the app's decorations. */
export const placeDepsOf = (app: FastifyInstance): PlaceDeps => ({
  db: app.database.db,
  limits: orderLimitsOf(app.config),
  tellChanged: app.tellChanged,
  tax: app.tax,
  askForApproval: (orderId) =>
    askForApproval({ db: app.database.db, mailer: app.mail, publicUrl: publicUrlOf(app.config) }, orderId),
});

/**
 * One of the buyer's own addresses, or one their company shares (docs/behaviour.md §4.19); 404
 * otherwise. Their own is looked for first: most buyers have no company, and that is one read.
 */
export async function checkoutAddress(
  db: DbExecutor,
  userId: string,
  addressId: string,
): Promise<ShippingAddress> {
  const own = await ownAddress(db, userId, addressId);
  if (own) return toShippingAddress(own);
  const shared = await companyAddressFor(db, userId, addressId);
  if (!shared) throw notFound('Address');
  return shared;
}

export interface PlaceRequest {
  lines: OrderRequest['lines'];
  addressId: string;
  poNumber: string | null;
  note: string | null;
  paymentMethod: PaymentMethod;
  /** The idempotency key: the same key again finds the order (and invoice) it made. */
  key: string;
}

export interface Placed {
  orderId: string;
  isNew: boolean;
  awaitsApproval: boolean;
  invoice: InvoiceRow | null;
}

/**
 * In the caller's transaction: the order of these lines, shipped to a copy of the chosen address,
 * taxed by the provider's rule for the buyer and the address (a provider that cannot answer
 * refuses it, §5.22), and, paid by invoice, its invoice issued (§5.23), so that an order the
 * credit refuses is not placed at all. One awaiting approval is invoiced once approved. A key
 * already used answers what it made.
 */
export async function placeAndPay(
  tx: DbExecutor,
  { limits, tax }: Pick<PlaceDeps, 'limits' | 'tax'>,
  actor: Actor,
  request: PlaceRequest,
): Promise<Placed> {
  const address = await checkoutAddress(tx, actor.id, request.addressId);
  const rule = await taxRuleFor(tax, tx, actor.id, address);
  const placed = await placeOrder(
    tx,
    actor,
    {
      lines: request.lines,
      phoneNumber: address.phone,
      address: formatAddress(address, countryName),
      shippingAddress: address,
      poNumber: request.poNumber,
      note: request.note,
      checkoutKey: request.key,
      tax: rule,
    },
    limits,
  );
  const byInvoice = request.paymentMethod === 'invoice' && !placed.awaitsApproval;
  // A new order has an invoice only when this issues it; a key used before finds what it made.
  let invoice: InvoiceRow | null = null;
  if (!placed.isNew) invoice = await invoiceOf(tx, placed.orderId);
  else if (byInvoice) invoice = await invoiceOrder(tx, actor, placed.orderId);
  return { ...placed, invoice };
}

/** Once committed: the tools changed, the approvers are told, and the answer is the order. */
export async function afterPlaced(
  { db, tellChanged, askForApproval }: Pick<PlaceDeps, 'db' | 'tellChanged' | 'askForApproval'>,
  { orderId, isNew, awaitsApproval, invoice }: Placed,
): Promise<{ insertedId: string; order: OrderDetail; invoice: Invoice | null }> {
  // The order took stock from its tools.
  if (isNew) tellChanged('tools');
  if (isNew && awaitsApproval) await askForApproval(orderId);
  return {
    insertedId: orderId,
    order: (await readOrderDetail(db, orderId))!,
    invoice: invoice ? toInvoice(invoice) : null,
  };
}
