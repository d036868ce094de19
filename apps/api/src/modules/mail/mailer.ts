import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { renderMail } from './render-mail';
import { templates, type TemplateData, type TemplateName } from './templates';

export interface MailerOptions {
  /** smtp:// or smtps:// with credentials; absent: every message becomes a file in `outboxDir`. */
  smtpUrl?: string;
  from: string;
  /** DATA_DIR/outbox: messages when there is no SMTP server, and `failed/` for ones that never went. */
  outboxDir: string;
  /** The shop's public address, written in every footer. */
  shopUrl: string;
  /** Waits between attempts: a message is tried `retryDelaysMs.length + 1` times. */
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
}

/** A file sent with a message (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /**
   * Queues one message and returns at once: the request that caused it never waits for, or fails
   * with, the mail server. Failures are retried, then logged and kept in `outbox/failed/`.
   */
  send<Name extends TemplateName>(template: Name, to: string, data: TemplateData[Name]): void;
  /**
   * Sends one message now, in one attempt: resolves when the mail server took it (or, without
   * SMTP_URL, the .eml file is written) and rejects when it did not. For callers that keep their
   * own retries in the database (the order-mail outbox). `messageId` lets a receiver tell a
   * repeat of the same message.
   */
  sendNow<Name extends TemplateName>(
    template: Name,
    to: string,
    data: TemplateData[Name],
    options?: { messageId?: string; attachments?: readonly MailAttachment[] },
  ): Promise<void>;
  /** Resolves when every queued message was sent, written or given up (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops retrying (what is still waiting goes to `failed/`) and closes the SMTP connection. */
  close(): Promise<void>;
}

/** Builds the MIME text of a message without sending it: the .eml files. */
const mimeBuilder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

async function writeEml(dir: string, message: Mail.Options): Promise<string> {
  const { message: mime } = (await mimeBuilder.sendMail(message)) as { message: Buffer };
  await mkdir(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
  );
  await writeFile(file, mime);
  return file;
}

/** The transactional mail of the shop (README: Configuration, SMTP_URL and MAIL_FROM). */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, shopUrl, retryDelaysMs, log } = options;
  // Bounded waits: a mail server that hangs must not hold a message (or shutdown) for minutes.
  const smtp = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  const pending = new Set<Promise<void>>();
  const stopRetrying = new AbortController();

  const deliver = async (message: Mail.Options, template: TemplateName) => {
    if (!smtp) {
      const file = await writeEml(outboxDir, message);
      log.info({ template, file }, `Mail written to ${file} (no SMTP_URL set)`);
      return;
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        await smtp.sendMail(message);
        log.info({ template, attempt }, 'Mail sent');
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt - 1];
        if (delay === undefined || stopRetrying.signal.aborted) throw error;
        log.warn({ template, attempt, err: error }, `Mail not sent; trying again in ${delay} ms`);
        await sleep(delay, undefined, { signal: stopRetrying.signal }).catch(() => {
          throw error;
        });
      }
    }
  };

  const keepFailed = async (message: Mail.Options, template: TemplateName, error: unknown) => {
    try {
      const file = await writeEml(path.join(outboxDir, 'failed'), message);
      log.error({ template, file, err: error }, `Mail could not be sent; kept in ${file}`);
    } catch (writeError) {
      log.error({ template, to: message.to, err: error, writeError }, 'Mail could not be sent nor kept');
    }
  };

  const compose = <Name extends TemplateName>(
    template: Name,
    to: string,
    data: TemplateData[Name],
  ): Mail.Options => {
    const content = templates[template](data);
    const { subject, text, html } = renderMail(content, shopUrl);
    return { from, to, subject, text, html, replyTo: content.replyTo };
  };

  return {
    async sendNow(template, to, data, { messageId, attachments } = {}) {
      const message = {
        ...compose(template, to, data),
        messageId,
        attachments: attachments?.map((file) => ({ ...file })),
      };
      if (!smtp) {
        const file = await writeEml(outboxDir, message);
        log.info({ template, file }, `Mail written to ${file} (no SMTP_URL set)`);
        return;
      }
      await smtp.sendMail(message);
      log.info({ template }, 'Mail sent');
    },
    send(template, to, data) {
      const message = compose(template, to, data);
      const job = deliver(message, template)
        .catch((error: unknown) => keepFailed(message, template, error))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      stopRetrying.abort();
      while (pending.size > 0) await Promise.all(pending);
      smtp?.close();
    },
  };
}
