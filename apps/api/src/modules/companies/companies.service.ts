import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Company,
  MyCompany,
  adminCompaniesQuery,
  applyForCompanyBody,
  decideCompanyBody,
} from '@shop/shared/contracts/companies';
import type { CompanyTerms } from '@shop/shared/contracts/invoices';
import { centsToDollars } from '@shop/shared/money';
import { COMPANY_PATH } from '@shop/shared/order-links';
import { countryName } from '@shop/shared/countries';
import { euVatNumber, isEuCountry } from '@shop/shared/tax';
import type { Database, DbExecutor } from '../../db/client';
import { conflict, invalidInput, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../../lib/request-context';
import { findAddressOf, toShippingAddress, users } from '../accounts';
import { recordAudit } from '../audit';
import type { Mailer } from '../mail';
import { companies, companyMembers } from './companies.table';
import { membershipOf } from './membership';

export interface CompanyMailDeps {
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
}

const memberCount = sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.companyId} = ${companies.id})`;

/** Companies with their applicant and member count, newest first. */
async function selectCompanies(db: DbExecutor, where: SQL | undefined, limit = 500): Promise<Company[]> {
  const rows = await db
    .select({
      company: companies,
      applicant: { id: users.id, name: users.name, email: users.email },
      memberCount,
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.applicantId))
    .where(where)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(limit);
  return rows.map(({ company, applicant, memberCount }) => ({
    id: company.id,
    name: company.name,
    taxNumber: company.taxNumber,
    billingAddress: company.billingAddress,
    phone: company.phone,
    monthlyVolume: company.monthlyVolume,
    state: company.state,
    declineReason: company.declineReason,
    applicant,
    createdAt: company.createdAt.toISOString(),
    decidedAt: company.decidedAt?.toISOString() ?? null,
    memberCount,
    terms: termsOf(company),
  }));
}

/** The company's payment terms on the wire (docs/behaviour.md §5.23), or null without any. */
export function termsOf(company: typeof companies.$inferSelect): CompanyTerms | null {
  if (company.termsDays === null || company.creditLimitCents === null || company.invoiceEmail === null) {
    return null;
  }
  return {
    days: company.termsDays as CompanyTerms['days'],
    creditLimit: centsToDollars(company.creditLimitCents),
    invoiceEmail: company.invoiceEmail,
  };
}

export async function findCompany(db: DbExecutor, companyId: string): Promise<Company> {
  const [company] = isUuid(companyId) ? await selectCompanies(db, eq(companies.id, companyId), 1) : [];
  if (!company) throw notFound('Company');
  return company;
}

/**
 * Applies for a trade account (docs/behaviour.md §4.18): the billing address is a copy of one of
 * the applicant's own addresses. One application waits per person (the partial unique index
 * holds it against two at once), and a member of a company applies for no other.
 */
/**
 * An EU company's VAT number (one that starts with letters, as VAT numbers do) must have its
 * member state's format: it decides reverse charge on every order (docs/behaviour.md §5.22), and
 * a typo would tax the company where it should not be, or not where it should.
 */
function refuseMistypedVatNumber(taxNumber: string, country: string): void {
  if (!isEuCountry(country) || !/^[A-Z]{2}/i.test(taxNumber) || euVatNumber(taxNumber, country)) return;
  throw invalidInput(
    `${taxNumber} is not a VAT number of ${countryName(country)}: check its letters and digits`,
  );
}

export async function applyForCompany(
  db: Database,
  actor: Actor,
  body: z.output<typeof applyForCompanyBody>,
): Promise<Company> {
  const id = await db.transaction(async (tx) => {
    // The applicant's lock: two applications at once wait for each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'company-member:' + actor.id}, 0))`);
    const [member] = await tx.select().from(companyMembers).where(eq(companyMembers.userId, actor.id));
    if (member) throw conflict('You already belong to a company');
    const [waiting] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.applicantId, actor.id), eq(companies.state, 'pending')));
    if (waiting) throw conflict('Your application is already waiting for our answer');
    const address = toShippingAddress(await findAddressOf(tx, actor.id, body.addressId));
    refuseMistypedVatNumber(body.taxNumber, address.country);
    const [row] = await tx
      .insert(companies)
      .values({
        name: body.name,
        taxNumber: body.taxNumber,
        billingAddress: address,
        phone: body.phone,
        monthlyVolume: body.monthlyVolume,
        applicantId: actor.id,
      })
      .returning({ id: companies.id });
    return row!.id;
  });
  return findCompany(db, id);
}

/** The caller's company and role, and their latest application not approved (GET /company/mine). */
export async function myCompany(db: DbExecutor, userId: string): Promise<MyCompany> {
  const membership = await membershipOf(db, userId);
  const [application] = await selectCompanies(
    db,
    and(eq(companies.applicantId, userId), sql`${companies.state} <> 'approved'`),
    1,
  );
  return {
    membership: membership && {
      company: await findCompany(db, membership.companyId),
      role: membership.role,
      orderLimit: membership.orderLimitCents === null ? null : membership.orderLimitCents / 100,
    },
    application: application ?? null,
  };
}

/** The back office's list: every company, searched by name or tax number, by state. */
export async function listCompanies(
  db: DbExecutor,
  { q, state }: z.output<typeof adminCompaniesQuery>,
): Promise<Company[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return selectCompanies(
    db,
    and(
      state ? eq(companies.state, state) : undefined,
      pattern ? or(ilike(companies.name, pattern), ilike(companies.taxNumber, pattern)) : undefined,
    ),
  );
}

/**
 * The shop's decision on an application (docs/behaviour.md §4.18), once: approved, the applicant
 * becomes its first company admin; declined, the reason is kept and told. The applicant is
 * e-mailed either way; the audit log records it.
 */
export async function decideCompany(
  db: Database,
  { mailer, publicUrl }: CompanyMailDeps,
  actor: Actor,
  companyId: string,
  body: z.output<typeof decideCompanyBody>,
): Promise<Company> {
  const before = await findCompany(db, companyId);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${'company-member:' + before.applicant.id}, 0))`,
    );
    const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!row || row.state !== 'pending') throw conflict('This application was already decided');
    if (body.decision === 'approve') {
      const [member] = await tx
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.userId, row.applicantId));
      if (member)
        throw conflict('The applicant already belongs to another company: decline this application');
      await tx.insert(companyMembers).values({ userId: row.applicantId, companyId, role: 'admin' });
    }
    await tx
      .update(companies)
      .set({
        state: body.decision === 'approve' ? 'approved' : 'declined',
        declineReason: body.decision === 'decline' ? body.reason : null,
        decidedAt: new Date(),
        decidedBy: actor.id,
      })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, {
      actor,
      kind: body.decision === 'approve' ? 'company.approve' : 'company.decline',
      target: { type: 'company', id: companyId, label: row.name },
      note: body.decision === 'decline' ? body.reason : null,
    });
  });
  const company = await findCompany(db, companyId);
  const [applicant] = await db.select().from(users).where(eq(users.id, company.applicant.id));
  const name = applicant?.emailVerified ? applicant.name : null;
  const companyUrl = `${publicUrl}${COMPANY_PATH}`;
  if (body.decision === 'approve') {
    mailer.send('company-approved', company.applicant.email, { name, companyName: company.name, companyUrl });
  } else {
    mailer.send('company-declined', company.applicant.email, {
      name,
      companyName: company.name,
      reason: body.reason,
      companyUrl,
    });
  }
  return company;
}
