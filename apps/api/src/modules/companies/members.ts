import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CompanyMember, CompanyRole, updateMemberBody } from '@shop/shared/contracts/companies';
import { dollarsToCents } from '@shop/shared/money';
import type { Database, DbExecutor } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/request-context';
import { users } from '../accounts';
import { recordAudit } from '../audit';
import { companies, companyMembers } from './companies.table';
import { companyAccess } from './membership';

const memberColumns = {
  userId: companyMembers.userId,
  name: users.name,
  email: users.email,
  role: companyMembers.role,
  orderLimitCents: companyMembers.orderLimitCents,
  joinedAt: companyMembers.joinedAt,
};

interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: CompanyRole;
  orderLimitCents: number | null;
  joinedAt: Date;
}

const toMemberDto = (row: MemberRow): CompanyMember => ({
  userId: row.userId,
  name: row.name,
  email: row.email,
  role: row.role,
  orderLimit: row.orderLimitCents === null ? null : row.orderLimitCents / 100,
  joinedAt: row.joinedAt.toISOString(),
});

async function selectMembers(db: DbExecutor, companyId: string, userId?: string): Promise<CompanyMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(eq(companyMembers.companyId, companyId), userId ? eq(companyMembers.userId, userId) : undefined),
    )
    .orderBy(asc(companyMembers.joinedAt), asc(users.name));
  return rows.map(toMemberDto);
}

/** The company's members (docs/behaviour.md §4.19): for its members and the shop's admins. */
export async function listMembers(db: DbExecutor, actor: Actor, companyId: string): Promise<CompanyMember[]> {
  await companyAccess(db, actor, companyId, 'member');
  return selectMembers(db, companyId);
}

/**
 * Locks the company and counts its admins other than `userId`: a change that would leave none is
 * refused, whatever two admins demote or remove at once (both wait on the one lock).
 */
async function assertAnotherAdmin(tx: DbExecutor, companyId: string, userId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const [others] = await tx
    .select({ n: count() })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.role, 'admin'),
        sql`${companyMembers.userId} <> ${userId}`,
      ),
    );
  if ((others?.n ?? 0) === 0)
    throw conflict('A company keeps at least one admin: make someone else admin first');
}

/** A member's role or buyer's limit, set by a company admin or the shop's admin (§4.19, §5.21). */
export async function updateMember(
  db: Database,
  actor: Actor,
  companyId: string,
  userId: string,
  body: z.output<typeof updateMemberBody>,
): Promise<CompanyMember> {
  const caller = await companyAccess(db, actor, companyId, 'company-admin');
  await db.transaction(async (tx) => {
    const [before] = await selectMembers(tx, companyId, userId);
    if (!before) throw notFound('Member');
    if (before.role === 'admin' && body.role !== undefined && body.role !== 'admin') {
      await assertAnotherAdmin(tx, companyId, userId);
    }
    const orderLimitCents =
      body.orderLimit === undefined
        ? undefined
        : body.orderLimit === null
          ? null
          : dollarsToCents(body.orderLimit);
    await tx
      .update(companyMembers)
      .set({ role: body.role, orderLimitCents })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    // The shop's admins acting on a company from outside leave a record (§8.8).
    if (caller === null) {
      await recordAudit(tx, {
        actor,
        kind: 'company.member-role',
        target: { type: 'company', id: companyId, label: before.email },
        before: { role: before.role, orderLimit: before.orderLimit },
        after: { role: body.role ?? before.role, orderLimit: body.orderLimit ?? before.orderLimit },
      });
    }
  });
  const [member] = await selectMembers(db, companyId, userId);
  return member!;
}

/**
 * Removes a member (§4.19): a company admin removes anyone, a member may leave; the last admin
 * stays. Their past orders stay the company's.
 */
export async function removeMember(
  db: Database,
  actor: Actor,
  companyId: string,
  userId: string,
): Promise<number> {
  const caller = await companyAccess(db, actor, companyId, userId === actor.id ? 'member' : 'company-admin');
  return db.transaction(async (tx) => {
    const [before] = await selectMembers(tx, companyId, userId);
    if (!before) throw notFound('Member');
    if (before.role === 'admin') await assertAnotherAdmin(tx, companyId, userId);
    const removed = await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
      .returning({ userId: companyMembers.userId });
    if (caller === null) {
      await recordAudit(tx, {
        actor,
        kind: 'company.member-remove',
        target: { type: 'company', id: companyId, label: before.email },
        before: { role: before.role },
      });
    }
    return removed.length;
  });
}
