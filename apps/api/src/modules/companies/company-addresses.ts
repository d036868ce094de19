import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_COMPANY_ADDRESSES, type CompanyAddress } from '@shop/shared/contracts/companies';
import type { ShippingAddress, companyAddressBody } from '@shop/shared/contracts/addresses';
import type { Database, DbExecutor } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../../lib/request-context';
import { toShippingAddress } from '../accounts';
import { companyAddresses } from './companies.table';
import { companyAccess, membershipOf } from './membership';

type CompanyAddressRow = typeof companyAddresses.$inferSelect;

const toDto = (row: CompanyAddressRow): CompanyAddress => ({ id: row.id, ...toShippingAddress(row) });

/** The company's shared addresses, oldest first: for its members and the shop's admins (§4.19). */
export async function listCompanyAddresses(
  db: DbExecutor,
  actor: Actor,
  companyId: string,
): Promise<CompanyAddress[]> {
  await companyAccess(db, actor, companyId, 'member');
  const rows = await db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id));
  return rows.map(toDto);
}

/** A company admin adds one; at most MAX_COMPANY_ADDRESSES, counted under the company's lock. */
export async function createCompanyAddress(
  db: Database,
  actor: Actor,
  companyId: string,
  body: z.output<typeof companyAddressBody>,
): Promise<CompanyAddress> {
  await companyAccess(db, actor, companyId, 'company-admin');
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(companyAddresses)
      .where(eq(companyAddresses.companyId, companyId));
    if ((held?.n ?? 0) >= MAX_COMPANY_ADDRESSES) {
      throw conflict(`A company can share at most ${MAX_COMPANY_ADDRESSES} addresses; remove one first`);
    }
    const [row] = await tx
      .insert(companyAddresses)
      .values({
        companyId,
        name: body.name,
        company: body.company ?? null,
        line1: body.line1,
        line2: body.line2 ?? null,
        city: body.city,
        region: body.region ?? null,
        postalCode: body.postalCode,
        country: body.country,
        phone: body.phone,
        createdBy: actor.id,
      })
      .returning();
    return toDto(row!);
  });
}

export async function deleteCompanyAddress(
  db: DbExecutor,
  actor: Actor,
  companyId: string,
  addressId: string,
): Promise<number> {
  await companyAccess(db, actor, companyId, 'company-admin');
  if (!isUuid(addressId)) throw notFound('Address');
  const removed = await db
    .delete(companyAddresses)
    .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)))
    .returning({ id: companyAddresses.id });
  if (removed.length === 0) throw notFound('Address');
  return removed.length;
}

/**
 * One of the addresses the user's company shares, as an order copies it; null when the id names
 * none of them (another company's included), so the caller looks in the user's own book.
 */
export async function companyAddressFor(
  db: DbExecutor,
  userId: string,
  addressId: string,
): Promise<ShippingAddress | null> {
  if (!isUuid(addressId)) return null;
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const [row] = await db
    .select()
    .from(companyAddresses)
    .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, membership.companyId)));
  return row ? toShippingAddress(row) : null;
}
