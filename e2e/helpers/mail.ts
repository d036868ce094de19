import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pollUntil } from '../../apps/api/test/helpers/poll';
import { parseMail } from '../../apps/api/test/helpers/smtp-sink';
import { mailDir } from './context';

type ParsedMail = Awaited<ReturnType<typeof parseMail>>;

/** Messages already read (by any test file: they share one process): each is handed out once. */
const taken = new Set<string>();

/**
 * Each message as parsed, by its file's name, with the size it had then. The folder holds the
 * whole run's mail, read again at every look: each message is parsed once, and again only if its
 * file has grown since (it was read while the sink was still writing it).
 */
const parsed = new Map<string, { size: number; mail: Promise<ParsedMail> }>();
function readMail(name: string): Promise<ParsedMail> {
  const file = path.join(mailDir, name);
  const { size } = statSync(file);
  const known = parsed.get(name);
  if (known?.size === size) return known.mail;
  const mail = parseMail(readFileSync(file));
  parsed.set(name, { size, mail });
  return mail;
}

/**
 * The oldest message to `to` whose subject contains `subject`, not read yet, as the loopback
 * SMTP server received it from the shop (global-setup.ts). Waits up to 15 s for it.
 */
export function nextMailTo(to: string, subject: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const nextUntaken = async () => {
    for (const name of readdirSync(mailDir).sort()) {
      if (taken.has(name)) continue;
      const mail = await readMail(name);
      const recipients = [mail.to ?? []]
        .flat()
        .flatMap((address) => address.value.map((entry) => entry.address));
      if (recipients.includes(to.toLowerCase()) && (mail.subject ?? '').includes(subject)) {
        taken.add(name);
        return mail;
      }
    }
    return undefined;
  };
  return pollUntil(nextUntaken, { what: `a mail to ${to} about '${subject}'`, timeoutMs, intervalMs: 200 });
}

/** The link of the mail that opens `pathname` on the shop, as a path the browser can go to. */
export function linkPath(mail: ParsedMail, pathname: string): string {
  const link = (mail.text ?? '')
    .split(/\s+/)
    .map((word) => URL.parse(word))
    .find((url) => url?.pathname === pathname);
  if (!link) throw new Error(`No link to ${pathname} in:\n${mail.text}`);
  return `${link.pathname}${link.search}`;
}

/**
 * The link of the mail that opens a page under `prefix`, as a path the browser can go to: for a
 * link whose path carries its token (an invitation's /invitation/{token}).
 */
export function linkPathUnder(mail: ParsedMail, prefix: string): string {
  const link = (mail.text ?? '')
    .split(/\s+/)
    .map((word) => URL.parse(word))
    .find((url) => url?.pathname.startsWith(prefix));
  if (!link) throw new Error(`No link under ${prefix} in:\n${mail.text}`);
  return `${link.pathname}${link.search}`;
}
