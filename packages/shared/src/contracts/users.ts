import { z } from 'zod';
import { copy } from '../copy';
import { httpUrlField, phoneField } from '../fields';

export const roles = ['customer', 'admin'] as const;
export type Role = (typeof roles)[number];

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

/** PUT /user/{email}: the spec's body carries the e-mail again; it must match the path. */
export const recordUserBody = z.strictObject({ email: z.string().max(254).optional() });
export const tokenResponse = z.object({ token: z.string() });
export const adminFlagResponse = z.object({ admin: z.boolean() });

const profileText = (max: number) =>
  z.string({ error: copy.profileFillForm }).trim().min(1, copy.profileFillForm).max(max);

/** All seven profile fields are required (spec section 5). */
export const updateProfileBody = z.strictObject({
  phone: phoneField(copy.profileFillForm),
  address: profileText(300),
  study: profileText(300),
  fb: httpUrlField(copy.profileFillForm),
  insta: httpUrlField(copy.profileFillForm),
  linkdin: httpUrlField(copy.profileFillForm),
  github: httpUrlField(copy.profileFillForm),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  study: z.string().nullable(),
  fb: z.string().nullable(),
  insta: z.string().nullable(),
  linkdin: z.string().nullable(),
  github: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const currentUserQuery = z.strictObject({ email: z.string().max(254).optional() });
