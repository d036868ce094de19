import { z } from 'zod';
import { copy } from './copy';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * Any well-formed address, not the original's narrower pattern (which refused jane.doe@gmail.com):
 * docs/behaviour.md §10.10 and decision 0003. A malformed one still reads 'Enter valid email!' (§6.1).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const emailField = z
  .string({ error: copy.emailRequired })
  .trim()
  .min(1, copy.emailRequired)
  .max(254, copy.emailInvalid)
  .regex(EMAIL_PATTERN, copy.emailInvalid)
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: copy.passwordRequired })
  .min(1, copy.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, copy.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Must be ${PASSWORD_MAX_LENGTH} characters or fewer`);

export const displayNameField = z
  .string({ error: copy.nameRequired })
  .trim()
  .min(1, copy.nameRequired)
  .max(100, 'Name must be 100 characters or fewer');

/** Ids are UUIDs; a malformed id is simply an unknown one (404), never a 500. */
export const idParams = z.strictObject({ id: z.string().max(100) });
export const emailParams = z.strictObject({ email: z.string().max(254) });

/** Phone numbers: digits with the usual separators, 6 to 20 characters. */
export const phoneField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(20, 'Enter a valid phone number')
    .regex(/^\+?[0-9][0-9\s\-()]{4,}$/, 'Enter a valid phone number');

/** Links a user types are rendered as links: http(s) only, never javascript: or data:. */
export const httpUrlField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(500, 'Links must be 500 characters or fewer')
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'Links must start with http:// or https://');
