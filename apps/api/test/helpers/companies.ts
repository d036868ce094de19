import path from 'node:path';
import type { CompanyRole } from '@shop/shared/contracts/companies';
import type { App } from '../../src/app';
import { call } from './call';
import { outboxMailbox, type Mailbox } from './mailbox';
import { signUpCustomer, type SignedIn, type TestContext } from './test-app';

export const COMPANY_ADDRESS = {
  name: 'Accounts Office',
  company: 'Harbour Decorators Ltd',
  line1: '4 Dock Road',
  city: 'Hull',
  postalCode: 'HU1 2AB',
  country: 'GB',
  phone: '01482 000000',
};

/** The shop's mail of a test app without SMTP_URL: the .eml files in DATA_DIR/outbox. */
export const mailboxOf = (ctx: TestContext): Mailbox => outboxMailbox(path.join(ctx.dataDir, 'outbox'));

/** Applies for a company as `applicant` (with a new address of theirs); answers its id. */
export async function applyFor(
  app: App,
  applicant: SignedIn,
  name = 'Harbour Decorators Ltd',
): Promise<string> {
  const address = await call(app, 'POST /address', { as: applicant, body: COMPANY_ADDRESS });
  const applied = await call(app, 'POST /company', {
    as: applicant,
    body: {
      name,
      taxNumber: 'GB123456789',
      addressId: address.body._id,
      phone: '01482 000000',
      monthlyVolume: '1000-5000',
    },
  });
  return applied.body.id;
}

/** An approved company with `applicant` as its first admin. */
export async function openCompany(
  app: App,
  admin: SignedIn,
  applicant: SignedIn,
  name?: string,
): Promise<string> {
  const id = await applyFor(app, applicant, name);
  await call(app, 'PATCH /company/:id', { as: admin, params: { id }, body: { decision: 'approve' } });
  return id;
}

/** The token of the invitation link in the last invitation mail to `email`. */
export async function invitationTokenFor(mailbox: Mailbox, email: string): Promise<string> {
  const mail = await mailbox.nextMail(email, { subject: 'invites you' });
  const token = /\/invitation\/([\w-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`No invitation link in the mail to ${email}`);
  return token;
}

/** A new customer invited to the company by its admin, in `role`, who accepted. */
export async function joinCompany(
  ctx: TestContext,
  companyAdmin: SignedIn,
  companyId: string,
  role: CompanyRole,
  orderLimit?: number | null,
): Promise<SignedIn> {
  const member = await signUpCustomer(ctx.app, role);
  await call(ctx.app, 'POST /company/:id/invitation', {
    as: companyAdmin,
    params: { id: companyId },
    body: { email: member.email, role, ...(orderLimit !== undefined && { orderLimit }) },
  });
  const token = await invitationTokenFor(mailboxOf(ctx), member.email);
  await call(ctx.app, 'POST /invitation/:token/accept', { as: member, params: { token } });
  return member;
}
