import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { COUNTRY_CODES } from '../countries';
import { idParams, noControlCharacters, phoneField } from '../fields';
import { deletedCountResponse } from './common';

/** How many addresses one account may keep (docs/behaviour.md §4.17). */
export const MAX_ADDRESSES = 20;

const required = (label: string, max: number) =>
  noControlCharacters(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be ${max} characters or fewer`),
  );
const optional = (label: string, max: number) =>
  noControlCharacters(z.string().trim().max(max, `${label} must be ${max} characters or fewer`))
    .nullish()
    .transform((value) => value || null);

/** The fields of an address as a buyer types them (docs/behaviour.md §4.17). */
const addressFields = {
  name: required('Name', 100),
  company: optional('Company', 100),
  line1: required('Address line 1', 200),
  line2: optional('Address line 2', 200),
  city: required('City', 100),
  region: optional('Region', 100),
  postalCode: required('Postal code', 20),
  country: z
    .string({ error: 'Country is required' })
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_CODES.includes(code), 'Choose a country from the list'),
  phone: phoneField('Phone is required'),
};

/** An address of a company, shared by its members (docs/behaviour.md §4.19): no default of its own. */
export const companyAddressBody = z.strictObject(addressFields);
export type CompanyAddressBody = z.input<typeof companyAddressBody>;

export const createAddressBody = z.strictObject({
  ...addressFields,
  /** Makes this the address checkout starts with; an account's first address is the default anyway. */
  isDefault: z.boolean().optional(),
});
export type CreateAddressBody = z.input<typeof createAddressBody>;

export const updateAddressBody = z
  .strictObject({
    name: addressFields.name.optional(),
    company: addressFields.company,
    line1: addressFields.line1.optional(),
    line2: addressFields.line2,
    city: addressFields.city.optional(),
    region: addressFields.region,
    postalCode: addressFields.postalCode.optional(),
    country: addressFields.country.optional(),
    phone: addressFields.phone.optional(),
    /** true makes it the default; false is refused (choose another address as the default instead). */
    isDefault: z.literal(true, { error: 'Make another address the default instead' }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');
export type UpdateAddressBody = z.input<typeof updateAddressBody>;

/** The address as an order keeps it, copied when ordered. */
export const shippingAddressSchema = z.object({
  name: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const addressSchema = shippingAddressSchema.extend({
  _id: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressRoutes = defineRoutes({
  'GET /address': {
    access: 'signed-in',
    tags: ['addresses'],
    summary: "The caller's address book, the default first",
    response: { status: 200, schema: z.array(addressSchema) },
  },
  'POST /address': {
    access: 'signed-in',
    tags: ['addresses'],
    summary: 'Add an address to the book',
    description: `At most ${MAX_ADDRESSES} per account (409 beyond). The first one is the default.`,
    body: createAddressBody,
    response: { status: 201, schema: addressSchema },
    errors: [409],
    rateLimit: 'writes',
  },
  'PATCH /address/:id': {
    access: 'signed-in',
    tags: ['addresses'],
    summary: 'Change an address, or make it the default',
    description: 'Orders placed to it keep their own copy: they do not change.',
    params: idParams,
    body: updateAddressBody,
    response: { status: 200, schema: addressSchema },
    errors: [404],
    rateLimit: 'writes',
  },
  'DELETE /address/:id': {
    access: 'signed-in',
    tags: ['addresses'],
    summary: 'Remove an address from the book',
    description: 'When it was the default, the newest other address becomes the default.',
    params: idParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [404],
    rateLimit: 'writes',
  },
});

/** An address on one line, as an order's `address` holds it: 'Ann Lee, 1 Easel St, Leeds LS1 4AB, United Kingdom'. */
export function formatAddress(address: ShippingAddress, countryName: (code: string) => string): string {
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(' ');
  return [address.name, address.company, address.line1, address.line2, place, countryName(address.country)]
    .filter(Boolean)
    .join(', ');
}
