import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, oldest first. */
  received: ParsedMail[];
  /**
   * The oldest message to `to` (whose subject contains `subject`, when given) not taken yet,
   * waiting for it when none has come.
   */
  nextMail(to: string, options?: { subject?: string; timeoutMs?: number }): Promise<ParsedMail>;
  /** Answers the next `count` messages with a temporary failure (451), as a busy server does. */
  refuseNext(count: number): void;
  /**
   * Keeps the next message waiting for the server's answer until `release()`, as a slow server
   * does: `arrived` resolves once the message is in, so the sender is known to be mid-send.
   */
  holdNext(): { arrived: Promise<void>; release: () => void };
  close(): Promise<void>;
}

const recipientsOf = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase()));

/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed by mailparser;
 * with `saveDir` each message is also written there as an .eml file (the browser journeys read it).
 */
export async function startSmtpSink({ saveDir }: { saveDir?: string } = {}): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const untaken: ParsedMail[] = [];
  const waiting: { fits: (mail: ParsedMail) => boolean; resolve: (mail: ParsedMail) => void }[] = [];
  let toRefuse = 0;
  let saved = 0;
  let hold: { arrive: () => void; released: Promise<void> } | undefined;
  if (saveDir) mkdirSync(saveDir, { recursive: true });

  const deliver = (mail: ParsedMail) => {
    received.push(mail);
    const waiter = waiting.find(({ fits }) => fits(mail));
    if (waiter) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(mail);
    } else {
      untaken.push(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (hold) {
          const { arrive, released } = hold;
          hold = undefined;
          arrive();
          await released;
        }
        if (toRefuse > 0) {
          toRefuse -= 1;
          callback(Object.assign(new Error('Busy, try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        if (saveDir) writeFileSync(path.join(saveDir, `${Date.now()}-${(saved += 1)}.eml`), raw);
        simpleParser(raw).then(deliver, (error: unknown) =>
          console.error('smtp-sink: unparseable mail', error),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    holdNext() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { arrive, released };
      return { arrived, release };
    },
    nextMail(to, { subject = '', timeoutMs = 10_000 } = {}) {
      const fits = (mail: ParsedMail) =>
        recipientsOf(mail).includes(to.toLowerCase()) && (mail.subject ?? '').includes(subject);
      const ready = untaken.find(fits);
      if (ready) {
        untaken.splice(untaken.indexOf(ready), 1);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const waiter = { fits, resolve };
        waiting.push(waiter);
        setTimeout(() => {
          if (!waiting.includes(waiter)) return;
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`No mail to ${to} (subject: '${subject}') within ${timeoutMs} ms`));
        }, timeoutMs).unref();
      });
    },
    refuseNext(count) {
      toRefuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): URL {
  const match = (mail.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!match) throw new Error(`No link starting with ${prefix} in:\n${mail.text}`);
  return new URL(match);
}

/** A message as the sink keeps it: for readers of its `saveDir` files (the browser journeys). */
export const parseMail = (raw: Buffer): Promise<ParsedMail> => simpleParser(raw);
