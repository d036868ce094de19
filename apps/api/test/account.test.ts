import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import type { RouteInput } from '@shop/shared/api/routes';
import { call } from './helpers/call';
import { verifyEmailAddress } from './helpers/mailbox';
import { sessionOf } from './helpers/sign-in';
import { ADMIN_EMAIL, PASSWORD, createTestApp, signUp, type TestContext } from './helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signUpRequest = (body: RouteInput<'POST /account'>['body']) => call(ctx.app, 'POST /account', { body });
const signInRequest = (body: RouteInput<'POST /session'>['body']) => call(ctx.app, 'POST /session', { body });
/** GET /session with this Authorization header, whatever its scheme. */
const sessionRequest = (authorization: string) =>
  call(ctx.app, 'GET /session', { headers: { authorization } });

describe('sign-up', () => {
  it('creates a customer account and answers 201 with a working token', async () => {
    const response = await signUpRequest({
      name: 'Nina Painter',
      email: 'Nina@Shop.test',
      password: PASSWORD,
    });
    expect(response.status).toBe(201);
    const body = response.body;
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      displayName: 'Nina Painter',
      email: 'nina@shop.test',
      role: 'customer',
    });

    const session = await sessionRequest(`Bearer ${body.token}`);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ user: { email: 'nina@shop.test', displayName: 'Nina Painter' } });
  });

  it("answers 409 'Email Already exists!' for an e-mail already taken, whatever its case", async () => {
    await signUp(ctx.app, 'First Owner', 'taken@shop.test');
    const response = await signUpRequest({ name: 'Second', email: 'TAKEN@Shop.Test', password: PASSWORD });
    expect(response.status).toBe(409);
    expect(response.error).toEqual({ code: 'email-already-exists', message: copy.emailAlreadyExists });
  });

  it('makes an account listed in ADMIN_EMAILS an admin once it has verified its address (§4.1)', async () => {
    const response = await signUpRequest({ name: 'Ada Admin', email: ADMIN_EMAIL, password: PASSWORD });
    expect(response.status).toBe(201);
    const { token, user } = response.body;
    const flag = () => call(ctx.app, 'GET /admin/:email', { as: { token }, params: { email: ADMIN_EMAIL } });
    const adminList = () => call(ctx.app, 'GET /user', { as: { token } });
    // Whoever signs up first with the address has proved nothing yet.
    expect(user.role).toBe('customer');
    expect((await flag()).body).toEqual({ admin: false });
    expect((await adminList()).status).toBe(403);

    await verifyEmailAddress(ctx.app, ADMIN_EMAIL);
    expect((await sessionRequest(`Bearer ${token}`)).body).toMatchObject({ user: { role: 'admin' } });
    expect((await flag()).body).toEqual({ admin: true });
    expect((await adminList()).status).toBe(200);
  });

  it.each(['jane.doe@gmail.com', 'a+b@x.io', 'info@shop.co.uk'])(
    'accepts the well-formed address %s that the literal pattern would refuse',
    async (email) => {
      const response = await signUpRequest({ name: 'Real Customer', email, password: PASSWORD });
      expect(response.status, response.text).toBe(201);
    },
  );

  it.each([
    ['a missing e-mail', { email: undefined }, copy.emailRequired],
    ['an empty e-mail', { email: '' }, copy.emailRequired],
    ['a malformed e-mail', { email: 'not-an-email' }, copy.emailInvalid],
    ['an e-mail without a domain dot', { email: 'someone@shop' }, copy.emailInvalid],
    ['a missing password', { password: undefined }, copy.passwordRequired],
    ['an empty password', { password: '' }, copy.passwordRequired],
    ['a short password', { password: '12345' }, copy.passwordTooShort],
    ['a missing name', { name: undefined }, copy.nameRequired],
    ['a blank name', { name: '   ' }, copy.nameRequired],
  ])("refuses %s with the shop's message (§4.4)", async (_case, override, message) => {
    const response = await call(ctx.app, 'POST /account', {
      unsafeBody: { name: 'Valid Name', email: 'valid-signup@shop.test', password: PASSWORD, ...override },
    });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: 'invalid-input', message });
  });

  it.each(['123456', 'password', '12345678', 'Password', 'qwerty123'])(
    "refuses the common password '%s' with 'This password is too common', creating nothing",
    async (password) => {
      const email = `common-${password.toLowerCase()}@shop.test`;
      const response = await signUpRequest({ name: 'Common Choice', email, password });
      expect(response.status).toBe(400);
      expect(response.error).toEqual({
        code: 'invalid-input',
        message: copy.passwordTooCommon,
        issues: [{ field: 'password', message: copy.passwordTooCommon }],
      });
      const signIn = await signInRequest({ email, password });
      expect(signIn.error).toMatchObject({ code: 'user-not-found' });
    },
  );

  it('keeps the six-character rule and its message before the common-password check', async () => {
    const response = await signUpRequest({ name: 'Short', email: 'short-pw@shop.test', password: '12345' });
    expect(response.error).toMatchObject({ message: copy.passwordTooShort });
  });

  it('refuses a role sent by the client', async () => {
    const response = await call(ctx.app, 'POST /account', {
      unsafeBody: { name: 'Sneaky', email: 'sneaky@shop.test', password: PASSWORD, role: 'admin' },
    });
    expect(response.status).toBe(400);
  });
});

describe('sign-in', () => {
  it('answers a token for the right password, with the e-mail in any case', async () => {
    await signUp(ctx.app, 'Otto Oil', 'otto@shop.test');
    const response = await signInRequest({ email: 'OTTO@shop.test', password: PASSWORD });
    expect(response.status).toBe(200);
    const { token } = sessionOf(response);
    expect((await sessionRequest(`Bearer ${token}`)).status).toBe(200);
  });

  it("answers 401 'User not exist!' for an unknown e-mail", async () => {
    const response = await signInRequest({ email: 'nobody@shop.test', password: PASSWORD });
    expect(response.status).toBe(401);
    expect(response.error).toEqual({ code: 'user-not-found', message: copy.userNotFound });
  });

  it("answers 401 'Wrong Password !' for a wrong password", async () => {
    await signUp(ctx.app, 'Wanda Wrong', 'wanda@shop.test');
    const response = await signInRequest({ email: 'wanda@shop.test', password: 'not-the-password' });
    expect(response.status).toBe(401);
    expect(response.error).toEqual({ code: 'wrong-password', message: copy.wrongPassword });
  });

  it.each([
    [{ password: PASSWORD }, copy.emailRequired],
    [{ email: 'bad@', password: PASSWORD }, copy.emailInvalid],
    [{ email: 'otto@shop.test' }, copy.passwordRequired],
    [{ email: 'otto@shop.test', password: 'short' }, copy.passwordTooShort],
  ])("validates %o with the shop's message (§4.4)", async (payload, message) => {
    const response = await call(ctx.app, 'POST /session', { unsafeBody: payload });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: 'invalid-input', message });
  });
});

describe('session', () => {
  it('GET /session needs a valid token', async () => {
    expect((await call(ctx.app, 'GET /session')).status).toBe(401);
    expect((await sessionRequest('Bearer not-a-real-token')).status).toBe(401);
    expect((await sessionRequest('Basic dXNlcjpwYXNz')).status).toBe(401);
  });

  it("accepts the original's 'Bearar <token>' scheme beside 'Bearer' (§9.1)", async () => {
    const { token } = await signUp(ctx.app, 'Bea Bearar', 'bearar@shop.test');
    const response = await sessionRequest(`Bearar ${token}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ user: { email: 'bearar@shop.test' } });
  });

  it('signing out ends the session: the same token is refused at once', async () => {
    const account = await signUp(ctx.app, 'Sam Signout', 'signout@shop.test');
    const signOut = await call(ctx.app, 'DELETE /session', { as: account });
    expect(signOut.status).toBe(200);
    expect(signOut.body).toEqual({ success: true });
    expect((await sessionRequest(`Bearer ${account.token}`)).status).toBe(401);
    const tokenAgain = await call(ctx.app, 'PUT /user/:email', {
      as: account,
      params: { email: 'signout@shop.test' },
      body: { email: 'signout@shop.test' },
    });
    expect(tokenAgain.status).toBe(401);
  });

  it('a signed-out token is refused on public routes too, so the web app notices (RFC 6750)', async () => {
    const account = await signUp(ctx.app, 'Pat Public', 'public-route@shop.test');
    expect((await call(ctx.app, 'GET /tool', { as: account })).status).toBe(200);
    await call(ctx.app, 'DELETE /session', { as: account });
    const after = await call(ctx.app, 'GET /tool', { as: account });
    expect(after.status).toBe(401);
    expect(after.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(after.error).toMatchObject({ code: 'unauthorized' });
    // Without a token the same route answers as before.
    expect((await call(ctx.app, 'GET /tool')).status).toBe(200);
  });
});

describe('rate limiting', () => {
  it('limits sign-in attempts per client: the 4th of 3 allowed is a 429', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
    try {
      const attempt = () =>
        call(limited.app, 'POST /session', { body: { email: 'guess@shop.test', password: 'guess-123' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
      const fourth = await attempt();
      expect(fourth.status).toBe(429);
      expect(fourth.error).toMatchObject({ code: 'rate-limited' });
    } finally {
      await limited.close();
    }
  });

  const forgedAttempts = async (env: Record<string, string>) => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '10', ...env } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const response = await call(limited.app, 'POST /session', {
          body: { email: 'guess@shop.test', password: 'guess-123' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
        statuses.push(response.status);
      }
      return statuses;
    } finally {
      await limited.close();
    }
  };

  it('ignores a forged X-Forwarded-For by default: 15 attempts from "different" clients hit 429', async () => {
    const statuses = await forgedAttempts({});
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
  });

  it('keys on X-Forwarded-For with TRUST_PROXY=1 (one proxy in front that sets it)', async () => {
    const statuses = await forgedAttempts({ TRUST_PROXY: '1' });
    expect(statuses).toEqual(Array(15).fill(401));
  });

  it("keys on X-Forwarded-For sent by a trusted proxy's address (TRUST_PROXY=127.0.0.0/8)", async () => {
    const statuses = await forgedAttempts({ TRUST_PROXY: '127.0.0.0/8' });
    expect(statuses).toEqual(Array(15).fill(401));
  });
});
