import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INVITATION_DAYS,
  type Invitation,
  type MyCompany,
  type createInvitationBody,
} from '@shop/shared/contracts/companies';
import { dollarsToCents } from '@shop/shared/money';
import { invitationPath } from '@shop/shared/order-links';
import type { Database, DbExecutor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../../lib/request-context';
import { users } from '../accounts';
import { companies, companyInvitations, companyMembers } from './companies.table';
import type { CompanyMailDeps } from './companies.service';
import { myCompany } from './companies.service';
import { companyAccess } from './membership';

const DAY_MS = 24 * 60 * 60 * 1000;
const ROLE_WORDS = { admin: 'a company admin', buyer: 'a buyer', viewer: 'a viewer' } as const;

/** Only the token's hash is stored: a copy of the table opens no invitation. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const live = () => and(isNull(companyInvitations.acceptedAt), gt(companyInvitations.expiresAt, sql`now()`));

const toInvitationDto = (row: typeof companyInvitations.$inferSelect): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  orderLimit: row.orderLimitCents === null ? null : row.orderLimitCents / 100,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * A company admin invites someone by e-mail (docs/behaviour.md §4.19): a random single-use link
 * valid for INVITATION_DAYS, for that address only. An address already a member, or with a live
 * invitation, is refused (409) rather than sent a second link.
 */
export async function createInvitation(
  db: Database,
  { mailer, publicUrl }: CompanyMailDeps,
  actor: Actor,
  companyId: string,
  body: z.output<typeof createInvitationBody>,
): Promise<Invitation> {
  await companyAccess(db, actor, companyId, 'company-admin');
  const token = randomBytes(32).toString('base64url');
  const { row, companyName } = await db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    const [member] = await tx
      .select({ id: users.id })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), eq(users.email, body.email)));
    if (member) throw conflict(`${body.email} is already a member`);
    const [pending] = await tx
      .select({ id: companyInvitations.id })
      .from(companyInvitations)
      .where(
        and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, body.email), live()),
      );
    if (pending)
      throw conflict(`${body.email} already has an invitation waiting: withdraw it to send another`);
    const [inserted] = await tx
      .insert(companyInvitations)
      .values({
        companyId,
        email: body.email,
        role: body.role,
        orderLimitCents: body.role === 'buyer' && body.orderLimit ? dollarsToCents(body.orderLimit) : null,
        tokenHash: hashOf(token),
        invitedBy: actor.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
      })
      .returning();
    return { row: inserted!, companyName: company!.name };
  });
  mailer.send('company-invitation', body.email, {
    companyName,
    invitedBy: actor.name,
    role: ROLE_WORDS[body.role],
    url: `${publicUrl}${invitationPath(token)}`,
    days: INVITATION_DAYS,
  });
  return toInvitationDto(row);
}

/** The company's live invitations, newest first (its admins). */
export async function listInvitations(
  db: DbExecutor,
  actor: Actor,
  companyId: string,
): Promise<Invitation[]> {
  await companyAccess(db, actor, companyId, 'company-admin');
  const rows = await db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), live()))
    .orderBy(desc(companyInvitations.createdAt));
  return rows.map(toInvitationDto);
}

/** Withdraws a live invitation: its link opens nothing after. */
export async function revokeInvitation(
  db: DbExecutor,
  actor: Actor,
  companyId: string,
  invitationId: string,
): Promise<number> {
  await companyAccess(db, actor, companyId, 'company-admin');
  if (!isUuid(invitationId)) throw notFound('Invitation');
  const removed = await db
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId), live()))
    .returning({ id: companyInvitations.id });
  if (removed.length === 0) throw notFound('Invitation');
  return removed.length;
}

const goneLink = () => notFound('This invitation was used, withdrawn or has expired. Ask for a new one.');

/** What a live link invites to; used, withdrawn and expired links are 404 alike. */
export async function previewInvitation(db: DbExecutor, token: string) {
  const [row] = await db
    .select({ invitation: companyInvitations, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(and(eq(companyInvitations.tokenHash, hashOf(token)), live(), eq(companies.state, 'approved')));
  if (!row) throw goneLink();
  const { invitation, companyName } = row;
  return {
    companyName,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation (§4.19): once, before it expires, signed in with the address it was sent
 * to (403 for another), by someone in no company yet (409). The guarded update marks it used in
 * the same transaction that adds the member, so two accepts of one link make one member.
 */
export async function acceptInvitation(db: Database, actor: Actor, token: string): Promise<MyCompany> {
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.tokenHash, hashOf(token)), live()))
      .for('update');
    if (!invitation) throw goneLink();
    if (invitation.email !== actor.email.toLowerCase()) {
      throw forbidden(
        `This invitation was sent to another address. Sign in as ${invitation.email} to accept it.`,
      );
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'company-member:' + actor.id}, 0))`);
    const [member] = await tx.select().from(companyMembers).where(eq(companyMembers.userId, actor.id));
    if (member) throw conflict('You already belong to a company: leave it first');
    await tx
      .update(companyInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: actor.id })
      .where(eq(companyInvitations.id, invitation.id));
    await tx.insert(companyMembers).values({
      userId: actor.id,
      companyId: invitation.companyId,
      role: invitation.role,
      orderLimitCents: invitation.orderLimitCents,
    });
  });
  return myCompany(db, actor.id);
}
