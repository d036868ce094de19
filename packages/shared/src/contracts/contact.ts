import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, contactCopy } from '../contact-copy';
import { emailField, noControlCharacters, text } from '../fields';
import { successResponse } from './account-recovery';

export const CONTACT_PAGE_SIZE = 20;

const nameText = (label: string, requiredMessage?: string) =>
  noControlCharacters(
    z
      .string(requiredMessage ? { error: requiredMessage } : undefined)
      .trim()
      .max(CONTACT_NAME_MAX_LENGTH, `${label} must be ${CONTACT_NAME_MAX_LENGTH} characters or fewer`),
  );

/**
 * The 'Stay connected' form (docs/behaviour.md §8.5). Last name and phone may be left empty.
 * `website` is the honeypot: a field people never see, which bots fill in; a message that has
 * it is answered as if sent and is not stored.
 */
export const contactMessageBody = z.strictObject({
  firstName: nameText('First name', contactCopy.firstNameRequired).min(1, contactCopy.firstNameRequired),
  lastName: nameText('Last name').default(''),
  email: emailField,
  // Empty, or digits with the usual separators (as the profile's phone, fields.ts).
  phone: noControlCharacters(z.string().trim().max(20, contactCopy.phoneInvalid))
    .regex(/^(\+?[0-9][0-9\s\-()]{4,})?$/, contactCopy.phoneInvalid)
    .default(''),
  message: noControlCharacters(
    z
      .string({ error: contactCopy.messageRequired })
      .trim()
      .min(1, contactCopy.messageRequired)
      .max(
        CONTACT_MESSAGE_MAX_LENGTH,
        `Your message must be ${CONTACT_MESSAGE_MAX_LENGTH} characters or fewer`,
      ),
    { multiline: true },
  ),
  website: text({ max: 500 }).optional(),
});
export type ContactMessageBody = z.input<typeof contactMessageBody>;

export const contactStates = ['unread', 'read', 'archived'] as const;
export type ContactState = (typeof contactStates)[number];
/** The inbox's filters: 'inbox' is every message not archived. */
export const contactFilters = ['inbox', 'unread', 'read', 'archived'] as const;
export type ContactFilter = (typeof contactFilters)[number];

export const contactMessageSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  state: z.enum(contactStates),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessagesQuery = z.strictObject({
  state: z
    .enum(contactFilters, { error: `State must be one of ${contactFilters.join(', ')}` })
    .default('inbox'),
  cursor: text({ max: 200 }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(CONTACT_PAGE_SIZE),
});

export const contactMessagePageSchema = z.object({
  messages: z.array(contactMessageSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Unread messages in the whole inbox, whatever the filter. */
  unreadCount: z.number().int(),
});
export type ContactMessagePage = z.infer<typeof contactMessagePageSchema>;

export const contactMessageParams = z.strictObject({ id: text({ max: 100 }) });
export const contactStateBody = z.strictObject({
  state: z.enum(contactStates, {
    error: `State must be one of ${contactStates.join(', ')}`,
  }),
});

export const contactRoutes = defineRoutes({
  'POST /contact': {
    access: 'public',
    rateLimit: 'contact',
    tags: ['contact'],
    summary: "Send a message to the shop (the 'Stay connected' form); stored, then mailed to SHOP_EMAIL",
    body: contactMessageBody,
    response: { status: 201, schema: successResponse },
  },
  'GET /contact-messages': {
    access: 'admin',
    tags: ['contact'],
    summary: 'The inbox: newest first, filtered by state, paged by cursor',
    query: contactMessagesQuery,
    response: { status: 200, schema: contactMessagePageSchema },
  },
  'GET /contact-messages/:id': {
    access: 'admin',
    tags: ['contact'],
    summary: 'One message (reading it does not change its state: PATCH does)',
    params: contactMessageParams,
    response: { status: 200, schema: contactMessageSchema },
    errors: [404],
  },
  'PATCH /contact-messages/:id': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['contact'],
    summary: 'Mark a message read or unread, archive it, or bring it back from the archive',
    params: contactMessageParams,
    body: contactStateBody,
    response: { status: 200, schema: contactMessageSchema },
    errors: [404],
  },
});
