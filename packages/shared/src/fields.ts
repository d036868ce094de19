import { z } from 'zod';
import { copy } from './copy';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * Control characters (U+0000–U+001F, U+007F) are refused in every text a client sends: PostgreSQL
 * cannot store NUL at all (a 500 after validation passed), and a line break in a one-line field
 * would break the screens and log lines that show it. Multi-line fields (description, review,
 * address) keep line feed, carriage return and tab. docs/behaviour.md §12.6.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- as above, with \t, \n and \r allowed
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHARACTERS_MESSAGE =
  'Remove the control characters (such as tabs or line breaks) from this field';
export const CONTROL_CHARACTERS_MULTILINE_MESSAGE = 'Remove the control characters from this field';

/** The string schema given, refusing control characters (multi-line: all but \n, \r and \t). */
export function noControlCharacters(schema: z.ZodString, { multiline = false } = {}): z.ZodString {
  return multiline
    ? schema.regex(MULTI_LINE, CONTROL_CHARACTERS_MULTILINE_MESSAGE)
    : schema.regex(ONE_LINE, CONTROL_CHARACTERS_MESSAGE);
}

/** A plain text field of at most `max` characters, without control characters. */
export const text = ({ max, multiline = false }: { max: number; multiline?: boolean }) =>
  noControlCharacters(z.string().max(max), { multiline });

/**
 * Any well-formed address, not the original's narrower pattern (which refused jane.doe@gmail.com):
 * docs/behaviour.md §12.10 and decision 0003. A malformed one still reads 'Enter valid email!' (§4.4).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const emailField = z
  .string({ error: copy.emailRequired })
  .trim()
  .min(1, copy.emailRequired)
  .max(254, copy.emailInvalid)
  .regex(EMAIL_PATTERN, copy.emailInvalid)
  .regex(ONE_LINE, copy.emailInvalid)
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
  .max(100, 'Name must be 100 characters or fewer')
  .regex(ONE_LINE, CONTROL_CHARACTERS_MESSAGE);

/** Ids are UUIDs; a malformed id is simply an unknown one (404), never a 500. */
export const idParams = z.strictObject({ id: text({ max: 100 }) });
export const emailParams = z.strictObject({ email: text({ max: 254 }) });

/** Phone numbers: digits with the usual separators, 6 to 20 characters. */
export const phoneField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(20, 'Enter a valid phone number')
    .regex(ONE_LINE, CONTROL_CHARACTERS_MESSAGE)
    .regex(/^\+?[0-9][0-9\s\-()]{4,}$/, 'Enter a valid phone number');

/** Links a user types are rendered as links: http(s) only, never javascript: or data:. */
export const httpUrlField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(500, 'Links must be 500 characters or fewer')
    .regex(ONE_LINE, CONTROL_CHARACTERS_MESSAGE)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'Links must start with http:// or https://');

const MAX_DOLLARS = 100_000;

/** A dollar amount with at most two decimals (a rung may cost $8.10). */
export const dollarsField = (label: string, { min }: { min: number }) =>
  z
    .number({ error: `${label} is required` })
    .min(min, `${label} must be at least $${min}`)
    .max(MAX_DOLLARS, `${label} must be at most $${MAX_DOLLARS.toLocaleString('en-US')}`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${label} must be in whole cents`,
    );

/** A price break on the wire: from `fromQuantity` units on, each costs `unitPrice` dollars (§3.7). */
export const priceBreakSchema = z.object({ fromQuantity: z.number().int(), unitPrice: z.number() });

/** Why someone declined (an application, an order awaiting approval), told to the other side. */
export const reasonField = noControlCharacters(
  z
    .string({ error: 'Give a reason' })
    .trim()
    .min(3, 'Give a reason of at least 3 characters')
    .max(500, 'A reason must be 500 characters or fewer'),
  { multiline: true },
);
