import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { securityCopy } from '@shop/shared/security-copy';
import type { RouteInput } from '@shop/shared/api/routes';
import { sessions } from '../src/modules/accounts/users.table';
import { call } from './helpers/call';
import { sessionOf } from './helpers/sign-in';
import { PASSWORD, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

let ctx: Shop<never>;
beforeAll(async () => {
  // Some tests move a session's end in the database, where no cache hears of it: read the session
  // on every request (SESSION_CACHE_TTL_MS; the cache's own tests are in two-instances.test.ts).
  ctx = await openShop({ env: { SESSION_CACHE_TTL_MS: '0' } });
});
afterAll(() => ctx.close());

const HOUR_MS = 3_600_000;
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(
  email: string,
  options: { rememberMe?: boolean; userAgent?: string; password?: string } = {},
) {
  const response = await call(ctx.app, 'POST /session', {
    body: {
      email,
      password: options.password ?? PASSWORD,
      ...(options.rememberMe !== undefined && { rememberMe: options.rememberMe }),
    },
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
  });
  expect(response.status, response.text).toBe(200);
  return sessionOf(response).token;
}

async function storedExpiry(token: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.token, token));
  return row!.expiresAt.getTime();
}

const sessionStatus = async (token: string) =>
  (await call(ctx.app, 'GET /session', { as: { token } })).status;

describe('remember me', () => {
  it('unchecked: the server ends the session within 12 hours, and using it does not extend it', async () => {
    const customer = await signUpCustomer(ctx.app, 'brief');
    const token = await signIn(customer.email, { rememberMe: false });
    const expiresAt = await storedExpiry(token);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 12 * HOUR_MS);
    expect(expiresAt).toBeGreaterThan(Date.now() + 11 * HOUR_MS);
    expect(await sessionStatus(token)).toBe(200);
    expect(await storedExpiry(token)).toBe(expiresAt);

    // Twelve hours later, as the stored expiry says: the token is refused.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await sessionStatus(token)).toBe(401);
  });

  it('checked (the default): the session lasts 30 days', async () => {
    const customer = await signUpCustomer(ctx.app, 'long');
    for (const rememberMe of [undefined, true]) {
      const token = await signIn(customer.email, { rememberMe });
      const days = (await storedExpiry(token)) - Date.now();
      expect(days / (24 * HOUR_MS)).toBeCloseTo(30, 1);
    }
  });
});

describe('changing the password', () => {
  let customer: SignedIn;
  beforeAll(async () => {
    customer = await signUpCustomer(ctx.app, 'changer');
  });
  const change = (token: string, body: RouteInput<'POST /account/password'>['body']) =>
    call(ctx.app, 'POST /account/password', { as: { token }, body });

  it('needs a signed-in caller', async () => {
    const response = await call(ctx.app, 'POST /account/password', {
      body: { currentPassword: PASSWORD, newPassword: 'new-secret-9', signOutOtherDevices: false },
    });
    expect(response.status).toBe(401);
  });

  it('refuses a wrong current password with a 400 on that field, and keeps the session', async () => {
    const response = await change(customer.token, {
      currentPassword: 'not-my-password',
      newPassword: 'new-secret-9',
      signOutOtherDevices: false,
    });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({
      code: 'invalid-input',
      issues: [{ field: 'currentPassword', message: securityCopy.currentPasswordWrong }],
    });
    expect(await sessionStatus(customer.token)).toBe(200);
  });

  it('applies the sign-up password rules and messages to the new password', async () => {
    const cases = [
      ['', copy.passwordRequired],
      ['12345', copy.passwordTooShort],
      ['password', copy.passwordTooCommon],
    ] as const;
    for (const [newPassword, message] of cases) {
      const response = await change(customer.token, {
        currentPassword: PASSWORD,
        newPassword,
        signOutOtherDevices: false,
      });
      expect(response.status).toBe(400);
      expect(response.error.message).toBe(message);
    }
  });

  it('keeps the other devices signed in when asked to, and the new password works', async () => {
    const account = await signUpCustomer(ctx.app, 'keeper');
    const laptop = await signIn(account.email);
    const response = await change(account.token, {
      currentPassword: PASSWORD,
      newPassword: 'brand-new-brush-1',
      signOutOtherDevices: false,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ token: account.token });
    expect(await sessionStatus(laptop)).toBe(200);
    await signIn(account.email, { password: 'brand-new-brush-1' });
    const old = await call(ctx.app, 'POST /session', { body: { email: account.email, password: PASSWORD } });
    expect(old.error.code).toBe('wrong-password');
  });

  it('signs out every other device when asked to; the caller continues with the new token', async () => {
    const account = await signUpCustomer(ctx.app, 'revoker');
    const laptop = await signIn(account.email);
    const response = await change(account.token, {
      currentPassword: PASSWORD,
      newPassword: 'brand-new-brush-2',
      signOutOtherDevices: true,
    });
    expect(response.status, response.text).toBe(200);
    const { token } = response.body;
    expect(await sessionStatus(laptop)).toBe(401);
    expect(await sessionStatus(token)).toBe(200);
  });

  it('keeps an unremembered session short when it is replaced', async () => {
    const account = await signUpCustomer(ctx.app, 'short');
    const shortToken = await signIn(account.email, { rememberMe: false });
    const response = await change(shortToken, {
      currentPassword: PASSWORD,
      newPassword: 'brand-new-brush-3',
      signOutOtherDevices: true,
    });
    const { token } = response.body;
    expect(await storedExpiry(token)).toBeLessThanOrEqual(Date.now() + 12 * HOUR_MS);
  });
});

describe('signed-in devices', () => {
  it('lists each device in plain words, this one marked, and never a token', async () => {
    const account = await signUpCustomer(ctx.app, 'lister');
    const firefox = await signIn(account.email, { userAgent: FIREFOX_WINDOWS });
    await signIn(account.email, { userAgent: SAFARI_IPHONE });
    const response = await call(ctx.app, 'GET /account/sessions', { as: { token: firefox } });
    expect(response.status).toBe(200);
    const { sessions: devices } = response.body;
    expect(devices).toHaveLength(3);
    expect(devices[0]).toMatchObject({ description: 'Firefox on Windows', isCurrent: true });
    expect(devices.map((device) => device.description)).toContain('Safari on iOS');
    expect(devices.filter((device) => device.isCurrent)).toHaveLength(1);
    expect(response.text).not.toContain(firefox);
  });

  it('signs out one device: its token is refused on its next request, the others keep working', async () => {
    const account = await signUpCustomer(ctx.app, 'single');
    const phone = await signIn(account.email, { userAgent: SAFARI_IPHONE });
    const list = await call(ctx.app, 'GET /account/sessions', { as: account });
    const target = list.body.sessions.find((device) => device.description === 'Safari on iOS')!;
    const response = await call(ctx.app, 'DELETE /account/sessions/:id', {
      as: account,
      params: { id: target.id },
    });
    expect(response.status, response.text).toBe(200);
    expect(await sessionStatus(phone)).toBe(401);
    expect(await sessionStatus(account.token)).toBe(200);
  });

  it("cannot sign out another account's device (404, and it keeps working)", async () => {
    const owner = await signUpCustomer(ctx.app, 'owner');
    const stranger = await signUpCustomer(ctx.app, 'stranger');
    const list = await call(ctx.app, 'GET /account/sessions', { as: owner });
    const [device] = list.body.sessions;
    const response = await call(ctx.app, 'DELETE /account/sessions/:id', {
      as: stranger,
      params: { id: device!.id },
    });
    expect(response.status).toBe(404);
    expect(await sessionStatus(owner.token)).toBe(200);
  });

  it('signs out everywhere else: every other token is refused on its next request', async () => {
    const account = await signUpCustomer(ctx.app, 'everywhere');
    const others = [await signIn(account.email), await signIn(account.email, { rememberMe: false })];
    const response = await call(ctx.app, 'DELETE /account/sessions', { as: account });
    expect(response.status).toBe(200);
    for (const token of others) expect(await sessionStatus(token)).toBe(401);
    expect(await sessionStatus(account.token)).toBe(200);
  });
});
