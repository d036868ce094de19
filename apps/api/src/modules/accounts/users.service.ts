import { and, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { AdminListQuery } from '@shop/shared/contracts/list-query';
import type { Profile, UpdateProfileBody, User } from '@shop/shared/contracts/users';
import type { Database } from '../../db/client';
import { forbidden, invalidInput, notFound } from '../../lib/errors';
import {
  afterCursor,
  containsPattern,
  orderByKeyset,
  pageLimit,
  pageOf,
  timestampKey,
} from '../../lib/keyset';
import { isAdminAccount } from './actor';
import type { Actor } from '../../lib/request-context';
import type { SessionCache } from './session-cache';
import { recordAudit, type AuditActor } from '../audit';
import { profiles, users } from './users.table';

interface UserDeps {
  db: Database;
  adminEmails: ReadonlySet<string>;
}

/** E-mails are stored lower-case (the sign-up contract lower-cases them); compare the same way. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function isOwnEmail(actor: Actor, email: string): boolean {
  return normalizeEmail(actor.email) === normalizeEmail(email);
}

async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

/**
 * PUT /user/{email}: after sign-in the web app exchanges the e-mail for a token (docs/behaviour.md
 * §4.5). We hand back only the token the caller already proved it holds, and only for its own
 * e-mail, so the call issues no token to anyone (§12.1).
 */
export function recordUser(
  actor: Actor,
  email: string,
  body: { email?: string | undefined },
): { token: string } {
  if (body.email !== undefined && normalizeEmail(body.email) !== normalizeEmail(email)) {
    throw invalidInput('The e-mail in the body must match the one in the path');
  }
  if (!isOwnEmail(actor, email)) throw forbidden('You may only ask for your own token');
  return { token: actor.token };
}

/** GET /admin/{email}: anyone may ask about themselves; only an admin may ask about others. */
export async function isAdminEmail(deps: UserDeps, actor: Actor, email: string): Promise<boolean> {
  if (isOwnEmail(actor, email)) return actor.isAdmin;
  if (!actor.isAdmin) throw forbidden('You may only ask about your own account');
  const row = await findUserByEmail(deps.db, email);
  return row ? isAdminAccount(row, deps.adminEmails) : false;
}

/**
 * Every account, oldest first; `role` is 'admin' for a stored admin role or a verified
 * ADMIN_EMAILS address.
 */
export async function listUsers(deps: UserDeps): Promise<User[]> {
  const rows = await deps.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .orderBy(users.createdAt, users.id);
  return rows.map((row) => toUserDto(deps, row));
}

function toUserDto(
  deps: UserDeps,
  row: Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'role' | 'emailVerified'>,
): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: isAdminAccount(row, deps.adminEmails) ? 'admin' : 'customer',
  };
}

const oldestPages = timestampKey('users', users.createdAt, users.id, 'text', 'asc');

/** One page of the accounts, oldest first, optionally those whose name or e-mail contains `q` (§9.4). */
export async function listUsersPage(
  deps: UserDeps,
  query: AdminListQuery,
): Promise<{ users: User[]; nextCursor: string | null }> {
  const limit = pageLimit(query.limit);
  const search = query.q ? containsPattern(query.q) : undefined;
  const rows = await deps.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
      keyText: oldestPages.keyText,
    })
    .from(users)
    .where(
      and(
        search ? or(ilike(users.name, search), ilike(users.email, search)) : undefined,
        afterCursor(oldestPages, query.cursor),
      ),
    )
    .orderBy(...orderByKeyset(oldestPages))
    .limit(limit + 1);
  const page = pageOf(oldestPages, rows, limit);
  return { users: page.rows.map((row) => toUserDto(deps, row)), nextCursor: page.nextCursor };
}

/**
 * Promotes an account to admin; answers how many rows changed (0 when it already was one).
 * Its cached sessions are dropped on every instance before the answer, so the change applies
 * from its next request on.
 */
export async function makeAdmin(
  { db, sessionCache }: { db: Database; sessionCache: SessionCache },
  email: string,
  actor: AuditActor,
): Promise<number> {
  const row = await findUserByEmail(db, email);
  if (!row) throw notFound('User');
  const modifiedCount = await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(and(eq(users.id, row.id), ne(users.role, 'admin')))
      .returning({ id: users.id });
    if (updated.length === 0) return 0;
    const target = { type: 'user', id: row.id, label: row.email } as const;
    await recordAudit(tx, {
      actor,
      kind: 'user.make-admin',
      target,
      before: { role: 'customer' },
      after: { role: 'admin' },
    });
    return 1;
  });
  if (modifiedCount > 0) await sessionCache.forgetAccount(row.id);
  return modifiedCount;
}

async function readProfile(db: Database, where: SQL): Promise<Profile | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      image: users.image,
      phone: profiles.phone,
      address: profiles.address,
      study: profiles.study,
      fb: profiles.fb,
      insta: profiles.insta,
      linkdin: profiles.linkdin,
      github: profiles.github,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .limit(1);
  return row;
}

/**
 * GET /current-user?email=: one's own profile (no e-mail means one's own); an admin may read
 * anyone's. The seven fields are null until the profile is first saved.
 */
export async function getProfile(db: Database, actor: Actor, email: string | undefined): Promise<Profile> {
  const own = !email || isOwnEmail(actor, email);
  if (!own && !actor.isAdmin) throw forbidden('You may only read your own profile');
  const profile = await readProfile(
    db,
    own ? eq(users.id, actor.id) : eq(users.email, normalizeEmail(email ?? '')),
  );
  if (!profile) throw notFound('User');
  return profile;
}

/** PUT /current-user/{email}: saves one's own profile; no one, admins included, edits another's. */
export async function updateProfile(
  db: Database,
  actor: Actor,
  email: string,
  body: UpdateProfileBody,
): Promise<Profile> {
  if (!isOwnEmail(actor, email)) throw forbidden('You may only edit your own profile');
  await db
    .insert(profiles)
    .values({ userId: actor.id, ...body })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...body, updatedAt: new Date() } });
  return { email: actor.email, name: actor.name, image: actor.image, ...body };
}
