import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { verifications } from '../src/modules/accounts/users.table';
import { call } from './helpers/call';
import { sessionOf } from './helpers/sign-in';
import { PASSWORD, createTestApp, signUp, type SignedIn, type TestContext } from './helpers/test-app';
import { linkIn, startSmtpSink, type SmtpSink } from './helpers/smtp-sink';

const SHOP = 'https://shop.example';
const NEW_PASSWORD = 'fresh-paint-42';

let sink: SmtpSink;
let ctx: TestContext;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { PUBLIC_URL: SHOP, SMTP_URL: sink.url, MAIL_RETRY_DELAY_MS: '10' } });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

const signIn = (email: string, password: string) =>
  call(ctx.app, 'POST /session', { body: { email, password } });
const session = (account: { token: string }) => call(ctx.app, 'GET /session', { as: account });
const newCustomer = (label: string) =>
  signUp(ctx.app, `Reset ${label}`, `${label}-${randomUUID().slice(0, 8)}@shop.test`);

/** Asks for a reset link and reads its token from the mail. */
async function resetTokenFor(email: string, headers: Record<string, string> = {}) {
  const response = await call(ctx.app, 'POST /password-reset', { body: { email }, headers });
  expect(response.status).toBe(200);
  const mail = await sink.nextMail(email, { subject: 'Reset your' });
  const link = linkIn(mail, SHOP);
  return { mail, link, token: link.searchParams.get('token') ?? '' };
}

describe('password reset', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const known = await newCustomer('known');
    const unknown = `nobody-${randomUUID()}@shop.test`;
    const forKnown = await call(ctx.app, 'POST /password-reset', { body: { email: known.email } });
    const forUnknown = await call(ctx.app, 'POST /password-reset', { body: { email: unknown } });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.text).toBe(forKnown.text);
    expect(forKnown.body).toEqual({ message: copy.recovery.resetLinkSent });
    await sink.nextMail(known.email, { subject: 'Reset your' });
    await ctx.app.mail.idle();
    expect(sink.received.some((mail) => JSON.stringify(mail.to).includes(unknown))).toBe(false);
  });

  it('mails a link on PUBLIC_URL even when the request names another host', async () => {
    const account = await newCustomer('host');
    const { link } = await resetTokenFor(account.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(link.origin).toBe(SHOP);
    expect(link.pathname).toBe('/reset-password');
  });

  it('the link works once: the new password signs in, the old one and the link never again', async () => {
    const account = await newCustomer('once');
    const { token } = await resetTokenFor(account.email);
    const done = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(done.status, done.text).toBe(200);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(account.email, PASSWORD)).error).toMatchObject({ code: 'wrong-password' });

    const again = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token, password: 'another-pass-1' },
    });
    expect(again.status).toBe(400);
    expect(again.error).toEqual({ code: 'invalid-link', message: copy.recovery.resetLinkInvalid });
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('signs every other session of the account out and sends a notice to its address', async () => {
    const account = await newCustomer('sessions');
    const second = await signIn(account.email, PASSWORD);
    const secondSession = sessionOf(second);
    expect((await session(account)).status).toBe(200);
    const { token } = await resetTokenFor(account.email);
    expect(
      (await call(ctx.app, 'POST /password-reset/complete', { body: { token, password: NEW_PASSWORD } }))
        .status,
    ).toBe(200);
    expect((await session(account)).status).toBe(401);
    expect((await session(secondSession)).status).toBe(401);

    const notice = await sink.nextMail(account.email, { subject: 'password was changed' });
    expect(notice.text).toContain(`${SHOP}/forgot-password`);
  });

  it('a used link ends the older ones of the account (docs/behaviour.md §4.9)', async () => {
    const account = await newCustomer('older');
    const { token: older } = await resetTokenFor(account.email);
    const { token: newer } = await resetTokenFor(account.email);
    const done = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token: newer, password: NEW_PASSWORD },
    });
    expect(done.status, done.text).toBe(200);
    const stale = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token: older, password: 'another-pass-1' },
    });
    expect(stale.status).toBe(400);
    expect(stale.error).toEqual({ code: 'invalid-link', message: copy.recovery.resetLinkInvalid });
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('a password changed while signed in ends every link mailed before', async () => {
    const account = await newCustomer('outstanding');
    const { token } = await resetTokenFor(account.email);
    const changed = await call(ctx.app, 'POST /account/password', {
      as: account,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, signOutOtherDevices: false },
    });
    expect(changed.status, changed.text).toBe(200);
    const stale = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token, password: 'another-pass-1' },
    });
    expect(stale.status).toBe(400);
    expect(stale.error).toEqual({ code: 'invalid-link', message: copy.recovery.resetLinkInvalid });
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);

    // A link asked for after the change works as usual.
    const { token: fresh } = await resetTokenFor(account.email);
    const done = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token: fresh, password: 'another-pass-1' },
    });
    expect(done.status, done.text).toBe(200);
  });

  it('refuses an expired link', async () => {
    const account = await newCustomer('expired');
    const { token } = await resetTokenFor(account.email);
    await ctx.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, account.id));
    const response = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(response.error).toEqual({ code: 'invalid-link', message: copy.recovery.resetLinkInvalid });
    expect((await signIn(account.email, PASSWORD)).status).toBe(200);
  });

  it('keeps only a hash of the token, and a made-up token opens nothing', async () => {
    const account = await newCustomer('hashed');
    const { token } = await resetTokenFor(account.email);
    const rows = await ctx.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.value, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).not.toContain(token);
    const forged = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token: `${token}x`, password: NEW_PASSWORD },
    });
    expect(forged.status).toBe(400);
  });

  it("keeps sign-up's password rules and messages", async () => {
    const account = await newCustomer('rules');
    const { token } = await resetTokenFor(account.email);
    const short = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token, password: '12345' },
    });
    expect(short.error).toMatchObject({ code: 'invalid-input', message: copy.passwordTooShort });
    const common = await call(ctx.app, 'POST /password-reset/complete', {
      body: { token, password: 'password123' },
    });
    expect(common.error).toMatchObject({ code: 'invalid-input', message: copy.passwordTooCommon });
    // A refused password does not use the link up.
    expect(
      (await call(ctx.app, 'POST /password-reset/complete', { body: { token, password: NEW_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('a password changed while signed in sends the notice too', async () => {
    const account = await newCustomer('changed');
    await ctx.app.auth.api.changePassword({
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      headers: new Headers(account.headers),
    });
    const notice = await sink.nextMail(account.email, { subject: 'password was changed' });
    expect(notice.text).toContain(`${SHOP}/forgot-password`);
  });
});

describe('greetings (docs/behaviour.md §4.8)', () => {
  // A display name is whatever the sign-up typed: here, words a phisher wants the mail to say.
  const lure = 'Your refund is ready: visit https://refunds.evil.example';

  it('greet an address that proved nothing without the sign-up name, and by name once verified', async () => {
    const account = await signUp(ctx.app, lure, `lure-${randomUUID().slice(0, 8)}@shop.test`);
    const verify = await sink.nextMail(account.email, { subject: 'Confirm your e-mail' });
    const { mail: reset } = await resetTokenFor(account.email);
    for (const mail of [verify, reset]) {
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(mail.text).not.toContain('refunds.evil.example');
      expect(mail.html).not.toContain('refunds.evil.example');
    }

    const token = linkIn(verify, SHOP).searchParams.get('token')!;
    expect((await call(ctx.app, 'POST /email-verification/complete', { body: { token } })).status).toBe(200);
    const { mail: proven } = await resetTokenFor(account.email);
    expect(proven.text).toMatch(/^Hello Your refund is ready: visit https:\/\/refunds\.evil\.example,\n/);
  });
});

describe('e-mail verification', () => {
  let account: SignedIn;
  beforeAll(async () => {
    account = await newCustomer('verify');
  });

  it('sign-up mails a link on PUBLIC_URL; the session says the address is unverified', async () => {
    const mail = await sink.nextMail(account.email, { subject: 'Confirm your e-mail' });
    expect(linkIn(mail, SHOP).pathname).toBe('/verify-email');
    expect((await session(account)).body).toMatchObject({ user: { emailVerified: false } });
  });

  it("'send again' mails a new link to the signed-in account's own address", async () => {
    const response = await call(ctx.app, 'POST /email-verification', { as: account });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: copy.recovery.verificationSent(account.email) });
    const mail = await sink.nextMail(account.email, { subject: 'Confirm your e-mail' });
    expect(linkIn(mail, SHOP).searchParams.get('token')).toBeTruthy();
  });

  it('the link verifies without sign-in and flips the flag; a made-up token is refused', async () => {
    const resend = await call(ctx.app, 'POST /email-verification', { as: account });
    expect(resend.status).toBe(200);
    const token = linkIn(await sink.nextMail(account.email, { subject: 'Confirm' }), SHOP).searchParams.get(
      'token',
    )!;
    const forged = await call(ctx.app, 'POST /email-verification/complete', { body: { token: `${token}x` } });
    expect(forged.error).toEqual({ code: 'invalid-link', message: copy.recovery.verifyLinkInvalid });
    expect((await session(account)).body).toMatchObject({ user: { emailVerified: false } });

    const verified = await call(ctx.app, 'POST /email-verification/complete', { body: { token } });
    expect(verified.status, verified.text).toBe(200);
    expect((await session(account)).body).toMatchObject({ user: { emailVerified: true } });
    const signedIn = await signIn(account.email, PASSWORD);
    expect(signedIn.body).toMatchObject({ user: { emailVerified: true } });
  });

  it("'send again' is refused once the address is verified", async () => {
    const response = await call(ctx.app, 'POST /email-verification', { as: account });
    expect(response.status).toBe(409);
  });
});

describe('mail without SMTP_URL', () => {
  let local: TestContext;
  beforeAll(async () => {
    local = await createTestApp({ env: { PUBLIC_URL: SHOP } });
  });
  afterAll(async () => {
    await local?.close();
  });

  it('is written to DATA_DIR/outbox, so a fresh shop can reset passwords with no setup', async () => {
    await signUp(local.app, 'Olive Outbox', 'olive@shop.test');
    await call(local.app, 'POST /password-reset', { body: { email: 'olive@shop.test' } });
    await local.app.mail.idle();
    const files = readdirSync(path.join(local.dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
  });
});

describe('limits on the mail routes', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ env: { SMTP_URL: sink.url, AUTH_EMAIL_RATE_LIMIT_MAX: '2' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('refuses reset requests naming one address beyond the per-address limit, from any client', async () => {
    const ask = () => call(limited.app, 'POST /password-reset', { body: { email: 'lim@shop.test' } });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const third = await ask();
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it("refuses 'send again' beyond the limit for the signed-in account's address", async () => {
    // Sign-up named the address once already.
    const account = await signUp(limited.app, 'Lim Ited', 'limited@shop.test');
    const resend = () => call(limited.app, 'POST /email-verification', { as: account });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(429);
  });
});
