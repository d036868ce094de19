import { z } from 'zod';
import { defineRoutes } from '../api/define';
import {
  dollarsField,
  emailField,
  idParams,
  noControlCharacters,
  phoneField,
  priceBreakSchema,
  reasonField,
  text,
} from '../fields';
import { deletedCountResponse } from './common';
import { companyAddressBody, shippingAddressSchema } from './addresses';
import { MAX_PRICE_BREAKS } from '../pricing';
import { companyTermsSchema } from './invoices';

/**
 * Trade accounts (docs/behaviour.md §4.18): companies, their members and roles, invitations,
 * spending limits and approvals, and contract prices. Who may call what is the companies
 * service's to check (a company's admin, any member, the shop's admin); a member of one company
 * asking about another hears 404, as if it did not exist.
 */
export const COMPANY_STATES = ['pending', 'approved', 'declined'] as const;
export type CompanyState = (typeof COMPANY_STATES)[number];

/** A member's role: admin (everything), buyer (orders, within a limit), viewer (reads only). */
export const COMPANY_ROLES = ['admin', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** The application's volume choices, as a buyer says it, not a number to check against. */
export const MONTHLY_VOLUMES = ['under-1000', '1000-5000', '5000-25000', 'over-25000'] as const;

/** How long an invitation link may be used (once). */
export const INVITATION_DAYS = 7;

const companyName = noControlCharacters(
  z
    .string({ error: 'Enter the company’s legal name' })
    .trim()
    .min(2, 'Enter the company’s legal name')
    .max(120, 'A company name must be 120 characters or fewer'),
);

const roleField = z.enum(COMPANY_ROLES, { error: 'Role must be admin, buyer or viewer' });

/** A buyer's per-order limit in dollars; null: no limit. Ignored for admins and viewers. */
const orderLimitField = dollarsField('Order limit', { min: 1 }).nullable();

/** POST /company: apply for a trade account. */
export const applyForCompanyBody = z.strictObject({
  name: companyName,
  taxNumber: noControlCharacters(
    z
      .string({ error: 'Enter the tax or VAT number' })
      .trim()
      .min(4, 'Enter the tax or VAT number')
      .max(40, 'A tax number must be 40 characters or fewer')
      .regex(
        /^[A-Za-z0-9 .\-/]+$/,
        'A tax number has letters, digits, spaces, dots, dashes and slashes only',
      ),
  ),
  /** An entry of the applicant's address book: the billing address, copied into the company. */
  addressId: text({ max: 100 }),
  phone: phoneField('Enter a phone number'),
  monthlyVolume: z.enum(MONTHLY_VOLUMES, { error: 'Choose the expected monthly volume' }),
});
export type ApplyForCompanyBody = z.input<typeof applyForCompanyBody>;

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxNumber: z.string(),
  billingAddress: shippingAddressSchema,
  phone: z.string(),
  monthlyVolume: z.enum(MONTHLY_VOLUMES),
  state: z.enum(COMPANY_STATES),
  /** Why the shop declined the application; null unless declined. */
  declineReason: z.string().nullable(),
  applicant: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  memberCount: z.number().int(),
  /** Payment terms and credit limit the shop gave it (§5.23); null: its buyers pay by card. */
  terms: companyTermsSchema.nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** A buyer's per-order limit in dollars; null: none. */
  orderLimit: z.number().nullable(),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof memberSchema>;

/** GET /company/mine: the caller's company and role, or their latest application. */
export const myCompanySchema = z.object({
  /** The approved company the caller belongs to, and what they may do in it; null: none. */
  membership: z
    .object({ company: companySchema, role: z.enum(COMPANY_ROLES), orderLimit: z.number().nullable() })
    .nullable(),
  /** The caller's latest application not yet approved (pending or declined); null: none. */
  application: companySchema.nullable(),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

export const updateMemberBody = z
  .strictObject({ role: roleField.optional(), orderLimit: orderLimitField.optional() })
  .refine((body) => body.role !== undefined || body.orderLimit !== undefined, 'Change the role or the limit');
export type UpdateMemberBody = z.input<typeof updateMemberBody>;

export const memberParams = z.strictObject({ id: text({ max: 100 }), userId: text({ max: 100 }) });

export const createInvitationBody = z.strictObject({
  email: emailField,
  role: roleField,
  orderLimit: orderLimitField.optional(),
});
export type CreateInvitationBody = z.input<typeof createInvitationBody>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  orderLimit: z.number().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationParams = z.strictObject({ id: text({ max: 100 }), invitationId: text({ max: 100 }) });
/** The token of an invitation link: 43 characters of base64url. */
export const invitationTokenParams = z.strictObject({ token: text({ max: 100 }) });

/** GET /invitation/{token}: what the link invites to, shown before accepting. */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expiresAt: z.string(),
});

export const adminCompaniesQuery = z.strictObject({
  q: text({ max: 120 }).optional(),
  state: z.enum(COMPANY_STATES, { error: 'State must be pending, approved or declined' }).optional(),
});

/** PATCH /company/{id} (shop admin): approve or decline an application. */
export const decideCompanyBody = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({ decision: z.literal('decline'), reason: reasonField }),
  ],
  { error: 'Decision must be approve or decline (with a reason)' },
);
export type DecideCompanyBody = z.input<typeof decideCompanyBody>;

/** One company's price for one tool: its unit price and, optionally, its own ladder. */
export const contractPriceSchema = z.object({
  toolId: z.string(),
  sku: z.string(),
  toolName: z.string(),
  /** The tool's list price, for comparison. */
  listPrice: z.number(),
  unitPrice: z.number(),
  priceBreaks: z.array(priceBreakSchema),
  updatedAt: z.string(),
});
export type ContractPrice = z.infer<typeof contractPriceSchema>;

export const putContractPriceBody = z.strictObject({
  unitPrice: dollarsField('Contract price', { min: 0.01 }),
  priceBreaks: z
    .array(
      z.strictObject({
        fromQuantity: z
          .number({ error: 'Quantity is required' })
          .int('Quantity must be a whole number')
          .min(2, 'Quantity must be at least 2')
          .max(1_000_000, 'Quantity must be at most 1,000,000'),
        unitPrice: dollarsField('Price', { min: 0.01 }),
      }),
    )
    .max(MAX_PRICE_BREAKS, `At most ${MAX_PRICE_BREAKS} price breaks`)
    .default([]),
});
export type PutContractPriceBody = z.input<typeof putContractPriceBody>;

export const contractPriceParams = z.strictObject({ id: text({ max: 100 }), toolId: text({ max: 100 }) });

/** An address the company's members share (§4.19): checkout offers it beside their own. */
export const companyAddressSchema = shippingAddressSchema.extend({ id: z.string() });
export type CompanyAddress = z.infer<typeof companyAddressSchema>;
export const companyAddressParams = z.strictObject({ id: text({ max: 100 }), addressId: text({ max: 100 }) });
/** How many addresses one company may share. */
export const MAX_COMPANY_ADDRESSES = 50;

export const companyRoutes = defineRoutes({
  'POST /company': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['companies'],
    summary: 'Apply for a trade account for your company',
    description:
      'The billing address is copied from your address book. 409 when you already belong to a company or have an application waiting.',
    body: applyForCompanyBody,
    response: { status: 201, schema: companySchema },
    errors: [404, 409],
  },
  'GET /company/mine': {
    access: 'signed-in',
    tags: ['companies'],
    summary: 'Your company and role, or your latest application',
    response: { status: 200, schema: myCompanySchema },
  },
  'GET /company': {
    access: 'admin',
    tags: ['companies'],
    summary: 'Every company and application, newest first, searched by name or tax number (admin)',
    query: adminCompaniesQuery,
    response: { status: 200, schema: z.array(companySchema) },
  },
  'GET /company/:id': {
    access: 'signed-in',
    tags: ['companies'],
    summary: 'One company (its members, or the shop admin)',
    params: idParams,
    response: { status: 200, schema: companySchema },
    errors: [404],
  },
  'PATCH /company/:id': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['companies'],
    summary: 'Approve or decline an application (admin); the applicant is e-mailed either way',
    description: '409 when the application was already decided, or its applicant joined another company.',
    params: idParams,
    body: decideCompanyBody,
    response: { status: 200, schema: companySchema },
    errors: [404, 409],
  },
  'GET /company/:id/member': {
    access: 'signed-in',
    tags: ['companies'],
    summary: "The company's members with their roles and limits (its members, or the shop admin)",
    params: idParams,
    response: { status: 200, schema: z.array(memberSchema) },
    errors: [404],
  },
  'PATCH /company/:id/member/:userId': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['companies'],
    summary: "Set a member's role or per-order limit (the company's admins, or the shop admin)",
    description: '409 when it would leave the company without an admin.',
    params: memberParams,
    body: updateMemberBody,
    response: { status: 200, schema: memberSchema },
    errors: [403, 404, 409],
  },
  'DELETE /company/:id/member/:userId': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['companies'],
    summary: 'Remove a member (the company’s admins, or the shop admin); a member may leave',
    description: '409 when it would leave the company without an admin.',
    params: memberParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [403, 404, 409],
  },
  'GET /company/:id/invitation': {
    access: 'signed-in',
    tags: ['companies'],
    summary: "The company's invitations not yet accepted nor expired (its admins)",
    params: idParams,
    response: { status: 200, schema: z.array(invitationSchema) },
    errors: [403, 404],
  },
  'POST /company/:id/invitation': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['companies'],
    summary: `Invite someone by e-mail: a single-use link valid for ${INVITATION_DAYS} days (the company’s admins)`,
    description: '409 when the address already belongs to a member or has a live invitation.',
    params: idParams,
    body: createInvitationBody,
    response: { status: 201, schema: invitationSchema },
    errors: [403, 404, 409],
  },
  'DELETE /company/:id/invitation/:invitationId': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['companies'],
    summary: 'Withdraw an invitation (the company’s admins)',
    params: invitationParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [403, 404],
  },
  'GET /invitation/:token': {
    access: 'public',
    tags: ['companies'],
    summary: 'What an invitation link invites to; 404 once used, withdrawn or expired',
    params: invitationTokenParams,
    response: { status: 200, schema: invitationPreviewSchema },
    errors: [404],
  },
  'POST /invitation/:token/accept': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['companies'],
    summary: 'Join the company an invitation names, signed in with the address it was sent to',
    description:
      '403 for another address; 404 once used, withdrawn or expired; 409 when you already belong to a company.',
    params: invitationTokenParams,
    response: { status: 200, schema: myCompanySchema },
    errors: [403, 404, 409],
  },
  'GET /company/:id/address': {
    access: 'signed-in',
    tags: ['companies', 'addresses'],
    summary: "The addresses the company's members share, oldest first (its members, or the shop admin)",
    params: idParams,
    response: { status: 200, schema: z.array(companyAddressSchema) },
    errors: [404],
  },
  'POST /company/:id/address': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['companies', 'addresses'],
    summary: "Add an address the company's members share (the company's admins)",
    description: `At most ${MAX_COMPANY_ADDRESSES} (409 beyond).`,
    params: idParams,
    body: companyAddressBody,
    response: { status: 201, schema: companyAddressSchema },
    errors: [403, 404, 409],
  },
  'DELETE /company/:id/address/:addressId': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['companies', 'addresses'],
    summary: "Remove a shared address (the company's admins); orders placed to it keep their own copy",
    params: companyAddressParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [403, 404],
  },
  'GET /company/:id/price': {
    access: 'signed-in',
    tags: ['companies', 'catalogue'],
    summary: "The company's contract prices (its members, or the shop admin)",
    params: idParams,
    response: { status: 200, schema: z.array(contractPriceSchema) },
    errors: [404],
  },
  'PUT /company/:id/price/:toolId': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['companies', 'catalogue'],
    summary: 'Set the company’s own unit price for a tool, and optionally its own price breaks (admin)',
    params: contractPriceParams,
    body: putContractPriceBody,
    response: { status: 200, schema: contractPriceSchema },
    errors: [404],
  },
  'DELETE /company/:id/price/:toolId': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['companies', 'catalogue'],
    summary: 'End the company’s contract price for a tool: its members pay the list price again (admin)',
    params: contractPriceParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [404],
  },
});
