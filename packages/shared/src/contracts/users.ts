import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { copy } from '../copy';
import { emailParams, httpUrlField, noControlCharacters, phoneField, text } from '../fields';
import { modifiedCountResponse } from './common';
import { adminListQuery, PAGING_NOTE } from './list-query';

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

/** PUT /user/{email}: the body may repeat the e-mail, which must match the path (docs/behaviour.md §9.6). */
export const recordUserBody = z.strictObject({ email: text({ max: 254 }).optional() });
export const tokenResponse = z.object({ token: z.string() });
export const adminFlagResponse = z.object({ admin: z.boolean() });

const profileText = (max: number, multiline = false) =>
  noControlCharacters(
    z.string({ error: copy.profileFillForm }).trim().min(1, copy.profileFillForm).max(max),
    {
      multiline,
    },
  );

/** All seven profile fields are required (docs/behaviour.md §4.15). */
export const updateProfileBody = z.strictObject({
  phone: phoneField(copy.profileFillForm),
  address: profileText(300, true),
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

export const currentUserQuery = z.strictObject({ email: text({ max: 254 }).optional() });

export const userRoutes = defineRoutes({
  'PUT /user/:email': {
    access: 'signed-in',
    tags: ['users'],
    summary: "The caller's own token, for its own e-mail only (no token without proof)",
    params: emailParams,
    body: recordUserBody,
    response: { status: 200, schema: tokenResponse },
    errors: [403],
  },
  'GET /admin/:email': {
    access: 'signed-in',
    tags: ['users'],
    summary: 'Whether an account is an admin (one may ask about oneself; admins about anyone)',
    params: emailParams,
    response: { status: 200, schema: adminFlagResponse },
    errors: [403],
  },
  'GET /current-user': {
    access: 'signed-in',
    tags: ['users'],
    summary: "A profile: one's own (no e-mail given), or anyone's for an admin",
    query: currentUserQuery,
    response: { status: 200, schema: profileSchema },
    errors: [403, 404],
  },
  'PUT /current-user/:email': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['users'],
    summary: "Save one's own profile (all seven fields); no one edits another's",
    params: emailParams,
    body: updateProfileBody,
    response: { status: 200, schema: profileSchema },
    errors: [403],
  },
  'GET /user': {
    access: 'admin',
    tags: ['users'],
    summary: 'Every account with its role, oldest first (admin); or one page, searched by name or e-mail',
    description: PAGING_NOTE,
    query: adminListQuery,
    response: { status: 200, schema: userListSchema },
  },
  'PUT /user/admin/:email': {
    access: 'admin',
    tags: ['users'],
    summary: 'Make an account an admin, effective on its next request (admin)',
    params: emailParams,
    response: { status: 200, schema: modifiedCountResponse },
    errors: [404],
  },
});
