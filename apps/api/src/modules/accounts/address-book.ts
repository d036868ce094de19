import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  MAX_ADDRESSES,
  type Address,
  type ShippingAddress,
  type createAddressBody,
  type updateAddressBody,
} from '@shop/shared/contracts/addresses';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { addresses } from './addresses.table';

type AddressRow = typeof addresses.$inferSelect;

/**
 * The address as an order copies it: the postal fields of any row that holds them (the book's,
 * a company's shared one), without its own id, owner or default.
 */
export const toShippingAddress = (row: ShippingAddress): ShippingAddress => ({
  name: row.name,
  company: row.company,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  region: row.region,
  postalCode: row.postalCode,
  country: row.country,
  phone: row.phone,
});

const toAddressDto = (row: AddressRow): Address => ({
  _id: row.id,
  ...toShippingAddress(row),
  isDefault: row.isDefault,
});

/** The account's addresses, the default first, then the newest (docs/behaviour.md §4.17). */
export async function listAddresses(db: DbExecutor, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddressDto);
}

/** One of the account's addresses; another account's is as unknown as a made-up id (404). */
export async function findAddressOf(db: DbExecutor, userId: string, id: string): Promise<AddressRow> {
  const row = await ownAddress(db, userId, id);
  if (!row) throw notFound('Address');
  return row;
}

/** One of the person's own addresses, or null. */
export async function ownAddress(db: DbExecutor, userId: string, id: string): Promise<AddressRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row ?? null;
}

/**
 * Adds an address. Under a lock per account (two adds at once count each other): at most
 * MAX_ADDRESSES; the first is the default, and a new default takes over from the old one.
 */
export async function addAddress(
  db: Database,
  userId: string,
  body: z.output<typeof createAddressBody>,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (count >= MAX_ADDRESSES) {
      throw conflict(`You can keep at most ${MAX_ADDRESSES} addresses; remove one first`);
    }
    const isDefault = count === 0 || body.isDefault === true;
    if (isDefault) await clearDefault(tx, userId);
    const { isDefault: _asked, ...fields } = body;
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, userId, isDefault })
      .returning();
    return toAddressDto(row!);
  });
}

/** Changes an address; `isDefault: true` makes it the default (the old one stops being it). */
export async function updateAddress(
  db: Database,
  userId: string,
  id: string,
  body: z.output<typeof updateAddressBody>,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    await findAddressOf(tx, userId, id);
    const { isDefault, ...fields } = body;
    if (isDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({ ...fields, ...(isDefault && { isDefault: true }) })
      .where(eq(addresses.id, id))
      .returning();
    return toAddressDto(row!);
  });
}

/** Removes an address; when it was the default, the newest other address becomes the default. */
export async function deleteAddress(db: Database, userId: string, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const row = await findAddressOf(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), ne(addresses.id, id)))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return 1;
  });
}

/** One change of an account's book at a time: the count and the single default hold. */
const lockBook = (tx: DbExecutor, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address-book:${userId}`}, 0))`);

const clearDefault = (tx: DbExecutor, userId: string, except?: string) =>
  tx
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        except ? ne(addresses.id, except) : undefined,
      ),
    );
