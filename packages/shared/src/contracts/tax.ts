import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { COUNTRY_CODES } from '../countries';
import { idParams, noControlCharacters, reasonField, text } from '../fields';
import { TAX_REASONS } from '../tax';
import { deletedCountResponse } from './common';

/**
 * Tax (docs/behaviour.md §5.22): the shop's registrations and their rates, set by its admins;
 * companies' resale certificates, verified by them; the tax a cart would pay; and the tax lines
 * every order freezes. Rates travel as percent (7.25), amounts as dollars.
 */

const countryField = z
  .string({ error: 'Country is required' })
  .trim()
  .toUpperCase()
  .refine((code) => COUNTRY_CODES.includes(code), 'Choose a country from the list');

/** A state or province code as addresses name it ('CA', 'ON'); matched without regard to case. */
const regionField = noControlCharacters(z.string().trim().max(60, 'A region must be 60 characters or fewer'))
  .nullish()
  .transform((value) => (value ? value.toUpperCase() : null));

const rateField = z
  .number({ error: 'Rate is required' })
  .min(0, 'Rate must be at least 0 %')
  .max(100, 'Rate must be at most 100 %')
  .refine(
    (value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6,
    'Rate has at most 4 decimals',
  );

const labelField = noControlCharacters(
  z
    .string({ error: 'Name the tax, such as Sales tax or VAT' })
    .trim()
    .min(2, 'Name the tax, such as Sales tax or VAT')
    .max(40, 'A tax name must be 40 characters or fewer'),
);

export const taxRegistrationSchema = z.object({
  id: z.string(),
  country: z.string(),
  /** Null: the whole country; a region's own registration wins over its country's. */
  region: z.string().nullable(),
  label: z.string(),
  /** Percent, up to 4 decimals: 8.875. */
  rate: z.number(),
  taxesShipping: z.boolean(),
  updatedAt: z.string(),
});
export type TaxRegistration = z.infer<typeof taxRegistrationSchema>;

export const createTaxRegistrationBody = z.strictObject({
  country: countryField,
  region: regionField,
  label: labelField,
  rate: rateField,
  taxesShipping: z.boolean().default(true),
});
export type CreateTaxRegistrationBody = z.input<typeof createTaxRegistrationBody>;

export const updateTaxRegistrationBody = z
  .strictObject({
    label: labelField.optional(),
    rate: rateField.optional(),
    taxesShipping: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change the name, the rate or whether shipping is taxed');
export type UpdateTaxRegistrationBody = z.input<typeof updateTaxRegistrationBody>;

/** One tax line of a cart or an order: where, at what rate, on what, how much, and why. */
export const taxLineSchema = z.object({
  jurisdiction: z.string(),
  label: z.string(),
  reason: z.enum(TAX_REASONS),
  rate: z.number(),
  taxable: z.number(),
  amount: z.number(),
  /** The resale certificate's number (exempt) or the buyer's VAT number (reverse charge). */
  reference: z.string().nullable(),
  /** When a refund reversed it; null while it stands. */
  reversedAt: z.string().nullable(),
});
export type TaxLine = z.infer<typeof taxLineSchema>;

/** GET /cart/tax: what the cart would pay shipped to this address, as checkout would decide it. */
export const cartTaxQuery = z.strictObject({ addressId: text({ max: 100 }).min(1, 'Choose an address') });
export const cartTaxSchema = z.object({
  lines: z.array(taxLineSchema),
  tax: z.number(),
  /** Items, shipping and tax. */
  total: z.number(),
});
export type CartTax = z.infer<typeof cartTaxSchema>;

export const CERTIFICATE_STATES = ['pending', 'verified', 'rejected'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** A company's resale certificate: once verified and until it expires, its orders there are exempt. */
export const resaleCertificateSchema = z.object({
  id: z.string(),
  country: z.string(),
  region: z.string(),
  number: z.string(),
  /** The last day it holds, YYYY-MM-DD. */
  expiresOn: z.string(),
  state: z.enum(CERTIFICATE_STATES),
  rejectReason: z.string().nullable(),
  /** Whether its PDF was sent (GET …/file answers it). */
  hasFile: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ResaleCertificate = z.infer<typeof resaleCertificateSchema>;

export const createResaleCertificateBody = z.strictObject({
  country: countryField,
  region: noControlCharacters(
    z
      .string({ error: 'Enter the state the certificate is for' })
      .trim()
      .min(1, 'Enter the state the certificate is for')
      .max(60, 'A region must be 60 characters or fewer'),
  ).transform((value) => value.toUpperCase()),
  number: noControlCharacters(
    z
      .string({ error: 'Enter the certificate number' })
      .trim()
      .min(3, 'Enter the certificate number')
      .max(40, 'A certificate number must be 40 characters or fewer'),
  ),
  expiresOn: z.iso.date({ error: 'Enter the expiry date as YYYY-MM-DD' }),
});
export type CreateResaleCertificateBody = z.input<typeof createResaleCertificateBody>;

export const decideCertificateBody = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('verify') }),
    z.strictObject({ decision: z.literal('reject'), reason: reasonField }),
  ],
  { error: 'Decision must be verify or reject (with a reason)' },
);
export type DecideCertificateBody = z.input<typeof decideCertificateBody>;

export const certificateParams = z.strictObject({
  id: text({ max: 100 }),
  certificateId: text({ max: 100 }),
});

/** The largest certificate PDF accepted. */
export const CERTIFICATE_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const taxRoutes = defineRoutes({
  'GET /tax-registration': {
    access: 'admin',
    tags: ['tax'],
    summary: "The shop's tax registrations and rates, by country and region (admin)",
    response: { status: 200, schema: z.array(taxRegistrationSchema) },
  },
  'POST /tax-registration': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['tax'],
    summary: 'Register the shop for tax in a country, or a region of it, at a rate (admin)',
    description: '409 when that country and region already have a registration.',
    body: createTaxRegistrationBody,
    response: { status: 201, schema: taxRegistrationSchema },
    errors: [409],
  },
  'PATCH /tax-registration/:id': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['tax'],
    summary: "Change a registration's name, rate or whether shipping is taxed (admin); orders keep theirs",
    params: idParams,
    body: updateTaxRegistrationBody,
    response: { status: 200, schema: taxRegistrationSchema },
    errors: [404],
  },
  'DELETE /tax-registration/:id': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['tax'],
    summary: 'End a registration (admin): orders there are then not taxed; placed orders keep their tax',
    params: idParams,
    response: { status: 200, schema: deletedCountResponse },
  },
  'GET /company/:id/resale-certificate': {
    access: 'signed-in',
    tags: ['tax', 'companies'],
    summary: "The company's resale certificates (its members, or the shop admin)",
    params: idParams,
    response: { status: 200, schema: z.array(resaleCertificateSchema) },
    errors: [404],
  },
  'POST /company/:id/resale-certificate': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['tax', 'companies'],
    summary: 'Send a resale certificate for the shop to verify (the company’s admins)',
    description: '400 when it has already expired.',
    params: idParams,
    body: createResaleCertificateBody,
    response: { status: 201, schema: resaleCertificateSchema },
    errors: [403, 404],
  },
  'PATCH /company/:id/resale-certificate/:certificateId': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['tax', 'companies'],
    summary: 'Verify or reject a resale certificate (admin)',
    description: '409 when it was already decided.',
    params: certificateParams,
    body: decideCertificateBody,
    response: { status: 200, schema: resaleCertificateSchema },
    errors: [404, 409],
  },
  'PUT /company/:id/resale-certificate/:certificateId/file': {
    access: 'signed-in',
    rateLimit: 'uploads',
    tags: ['tax', 'companies'],
    summary:
      'Send the certificate’s PDF (the company’s admins): multipart/form-data, one file in the field `file`',
    description: `A PDF of at most ${CERTIFICATE_FILE_MAX_BYTES / 1024 / 1024} MB; it replaces the one sent before. 409 once the certificate is decided.`,
    consumes: ['multipart/form-data'],
    params: certificateParams,
    response: { status: 200, schema: resaleCertificateSchema },
    errors: [403, 404, 409, 413],
  },
  'GET /company/:id/resale-certificate/:certificateId/file': {
    access: 'signed-in',
    tags: ['tax', 'companies'],
    summary: 'The certificate’s PDF (the company’s members, or the shop admin)',
    description: '404 when none was sent.',
    params: certificateParams,
    response: { status: 200, mediaType: 'application/pdf' },
    errors: [404],
  },
  'DELETE /company/:id/resale-certificate/:certificateId': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['tax', 'companies'],
    summary: 'Withdraw a resale certificate (the company’s admins, or the shop admin)',
    params: certificateParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [403, 404],
  },
});
