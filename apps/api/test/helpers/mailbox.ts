import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { VERIFY_EMAIL_PATH } from '@shop/shared/account-links';
import { call, type Injects } from './call';
import { pollUntil } from './poll';

/** Where a test reads the shop's mail: an SmtpSink (SMTP_URL) or the outbox folder (no SMTP_URL). */
export interface Mailbox {
  /** The oldest message to `to` whose subject contains `subject`, not taken yet, waiting for it. */
  nextMail(to: string, options?: { subject?: string; timeoutMs?: number }): Promise<ParsedMail>;
}

const recipientsOf = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase()));

/** The files of a folder; none while it does not exist (the shop makes it with its first mail). */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The .eml files the shop writes without SMTP_URL (DATA_DIR/outbox, docs/behaviour.md §4.8), as
 * a mailbox: each message is handed out once; a message not written yet is waited for.
 */
export function outboxMailbox(outboxDir: string): Mailbox {
  const taken = new Set<string>();
  return {
    nextMail(to, { subject = '', timeoutMs = 10_000 } = {}) {
      const nextUntaken = async () => {
        const names = filesIn(outboxDir)
          .filter((name) => name.endsWith('.eml') && !taken.has(name))
          .sort();
        for (const name of names) {
          const mail = await simpleParser(readFileSync(path.join(outboxDir, name)));
          if (recipientsOf(mail).includes(to.toLowerCase()) && (mail.subject ?? '').includes(subject)) {
            taken.add(name);
            return mail;
          }
        }
        return undefined;
      };
      // The mail is queued, not sent, by the request that caused it: look until it is written.
      return pollUntil(nextUntaken, { what: `a mail to ${to} ('${subject}') in ${outboxDir}`, timeoutMs });
    },
  };
}

/** The token of the verification link in a "Confirm your e-mail address" mail (§4.10). */
function verificationTokenIn(mail: ParsedMail): string {
  const link = (mail.text ?? '')
    .split(/\s+/)
    .map((word) => URL.parse(word))
    .find((url) => url?.pathname === VERIFY_EMAIL_PATH);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`No verification link in:\n${mail.text}`);
  return token;
}

/**
 * Opens the verification link mailed to `email`, as its owner does (docs/behaviour.md §4.10), on
 * the app in this process or on a running server (its base URL: restart tests, the browser
 * journeys). The mail is read from `mailbox`; for an app, its outbox folder by default.
 */
export async function verifyEmailAddress(shop: InProcessShop | string, email: string, mailbox?: Mailbox) {
  const inbox = mailbox ?? (typeof shop === 'string' ? null : outboxMailbox(outboxOf(shop)));
  if (!inbox) throw new Error('Say where the mail of a running server goes');
  const mail = await inbox.nextMail(email, { subject: 'Confirm your e-mail address' });
  const verified = await call(shop, 'POST /email-verification/complete', {
    body: { token: verificationTokenIn(mail) },
  });
  if (verified.status !== 200) throw new Error(`Verifying ${email} answered ${verified.status}`);
}

/**
 * The app in this process, as far as this file needs it (the app's own type would pull the
 * whole API into the browser journeys' type check).
 */
type InProcessShop = Injects & { config: { DATA_DIR: string } };

/** Where an app writes its mail without SMTP_URL (plugins/mail.ts). */
const outboxOf = (app: InProcessShop) => path.resolve(app.config.DATA_DIR, 'outbox');
