import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { company } from '@shop/shared/company';
import { createMailer } from '../src/modules/mail/mailer';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';

const SHOP = 'https://shop.example';

/** A logger that keeps its lines, so a test can see what an operator would. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_details: unknown, message: string) => void lines.push({ level, message });
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

let sink: SmtpSink;
let outboxDir: string;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});
afterEach(() => {
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

function mailerFor(smtpUrl: string | undefined, retryDelaysMs: number[] = []) {
  outboxDir = mkdtempSync(path.join(tmpdir(), 'shop-outbox-'));
  const { log, lines } = recordingLog();
  const mailer = createMailer({
    smtpUrl,
    from: 'Brushworks <no-reply@shop.example>',
    outboxDir,
    shopUrl: SHOP,
    retryDelaysMs,
    log,
  });
  return { mailer, lines };
}

const emlFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.eml'));

describe('transactional mail', () => {
  it('goes through the SMTP server with a plain-text and an HTML part, the link and the footer in both', async () => {
    const { mailer } = mailerFor(sink.url);
    mailer.send('reset-password', 'rita@shop.test', {
      name: 'Rita',
      url: `${SHOP}/reset-password?token=abc`,
    });
    const mail = await sink.nextMail('rita@shop.test');
    expect(mail.subject).toBe('Reset your Brushworks password');
    expect(mail.from?.text).toContain('no-reply@shop.example');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(`${SHOP}/reset-password?token=abc`);
      expect(part).toContain(company.addressLines[0]);
      expect(part).toContain('Hello Rita');
    }
    await mailer.close();
  });

  it('escapes what users typed and fetches nothing when opened (no remote image, no pixel)', async () => {
    const { mailer } = mailerFor(sink.url);
    mailer.send('email-changed', 'eve@shop.test', {
      name: '<script>alert(1)</script>',
      newEmail: '"><img src=x>@evil.test',
      resetUrl: `${SHOP}/forgot-password`,
    });
    const mail = await sink.nextMail('eve@shop.test');
    const html = String(mail.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<(img|link|iframe|script|object)\b|url\(/i);
    await mailer.close();
  });

  it('is tried again after the server first refuses it, and then arrives once', async () => {
    const { mailer, lines } = mailerFor(sink.url, [20, 20]);
    sink.refuseNext(1);
    mailer.send('password-changed', 'retry@shop.test', { name: 'Ray', resetUrl: `${SHOP}/forgot-password` });
    const mail = await sink.nextMail('retry@shop.test');
    expect(mail.subject).toBe('Your Brushworks password was changed');
    await mailer.idle();
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    expect(
      sink.received.filter((received) => received.subject === mail.subject && received.to === mail.to),
    ).toHaveLength(1);
    await mailer.close();
  });

  it('that still fails is logged as an error and kept in outbox/failed, never lost silently', async () => {
    const { mailer, lines } = mailerFor(sink.url, [10, 10]);
    sink.refuseNext(3);
    mailer.send('verify-email', 'lost@shop.test', { name: 'Lou', url: `${SHOP}/verify-email?token=t` });
    await mailer.idle();
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    const failedDir = path.join(outboxDir, 'failed');
    const [file] = emlFiles(failedDir);
    expect(errors[0]?.message).toContain(path.join(failedDir, file!));
    const kept = await simpleParser(readFileSync(path.join(failedDir, file!)));
    expect(kept.to).toMatchObject({ text: 'lost@shop.test' });
    expect(kept.text).toContain(`${SHOP}/verify-email?token=t`);
    await mailer.close();
  });

  it('without SMTP_URL is an .eml file in the outbox, parseable, with both parts, and the log says where', async () => {
    const { mailer, lines } = mailerFor(undefined);
    mailer.send('verify-email', 'olive@shop.test', { name: 'Olive', url: `${SHOP}/verify-email?token=xyz` });
    await mailer.idle();
    const [file] = emlFiles(outboxDir);
    expect(file).toBeDefined();
    expect(lines.find((line) => line.level === 'info')?.message).toContain(path.join(outboxDir, file!));
    const mail = await simpleParser(readFileSync(path.join(outboxDir, file!)));
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain(`${SHOP}/verify-email?token=xyz`);
    expect(mail.html).toContain(`${SHOP}/verify-email?token=xyz`);
    await mailer.close();
  });

  it('does not make the caller wait: send returns before the server has answered', async () => {
    const { mailer } = mailerFor(sink.url);
    mailer.send('password-changed', 'quick@shop.test', { name: 'Q', resetUrl: `${SHOP}/forgot-password` });
    expect(sink.received.some((mail) => mail.to && JSON.stringify(mail.to).includes('quick@shop.test'))).toBe(
      false,
    );
    await sink.nextMail('quick@shop.test');
    await mailer.close();
  });
});
