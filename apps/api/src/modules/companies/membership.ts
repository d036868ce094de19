import { and, eq } from 'drizzle-orm';
import type { CompanyRole } from '@shop/shared/contracts/companies';
import type { DbExecutor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../../lib/request-context';
import { companies, companyMembers } from './companies.table';

/** What a person may do in their company (docs/behaviour.md §4.19). */
export interface Membership {
  companyId: string;
  companyName: string;
  role: CompanyRole;
  /** A buyer's per-order limit; null: none. */
  orderLimitCents: number | null;
}

/**
 * The approved company a person belongs to, or null. A company still pending (or declined) gives
 * its applicant nothing: they order as a customer until the shop approves it.
 */
export async function membershipOf(db: DbExecutor, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      companyName: companies.name,
      role: companyMembers.role,
      orderLimitCents: companyMembers.orderLimitCents,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), eq(companies.state, 'approved')));
  return row ?? null;
}

/**
 * The company rule of a company route (docs/behaviour.md §4.19): the shop's admin may act on any
 * company; a member on their own, an admin-only action needing the company admin role (403
 * otherwise). Anyone else, a member of another company included, hears 404, as if it did not
 * exist. Answers the caller's membership (null for the shop's admin acting from outside).
 */
export async function companyAccess(
  db: DbExecutor,
  actor: Actor,
  companyId: string,
  need: 'member' | 'company-admin',
): Promise<Membership | null> {
  if (!isUuid(companyId)) throw notFound('Company');
  const membership = await membershipOf(db, actor.id);
  if (membership?.companyId === companyId) {
    if (need === 'company-admin' && membership.role !== 'admin') {
      throw forbidden("Only your company's admins may do that");
    }
    return membership;
  }
  if (actor.isAdmin) {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (company) return null;
  }
  throw notFound('Company');
}
