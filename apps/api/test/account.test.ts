import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { verifyEmailAddress } from './helpers/mailbox';
import { ADMIN_EMAIL, PASSWORD, createTestApp, signUp, type TestContext } from './helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signUpRequest = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/account', payload });
const signInRequest = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/session', payload });
const sessionRequest = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/session', headers: { authorization } });

describe('sign-up', () => {
  it('creates a customer account and answers 201 with a working token', async () => {
    const response = await signUpRequest({
      name: 'Nina Painter',
      email: 'Nina@Shop.test',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ token: string; user: Record<string, unknown> }>();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      displayName: 'Nina Painter',
      email: 'nina@shop.test',
      role: 'customer',
    });

    const session = await sessionRequest(`Bearer ${body.token}`);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email: 'nina@shop.test', displayName: 'Nina Painter' } });
  });

  it("answers 409 'Email Already exists!' for an e-mail already taken, whatever its case", async () => {
    await signUp(ctx.app, 'First Owner', 'taken@shop.test');
    const response = await signUpRequest({ name: 'Second', email: 'TAKEN@Shop.Test', password: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'email-already-exists', message: copy.emailAlreadyExists });
  });

  it('makes an account listed in ADMIN_EMAILS an admin once it has verified its address (§4.1)', async () => {
    const response = await signUpRequest({ name: 'Ada Admin', email: ADMIN_EMAIL, password: PASSWORD });
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json<{ token: string; user: { role: string } }>();
    const headers = { authorization: `Bearer ${token}` };
    const flag = () =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/${encodeURIComponent(ADMIN_EMAIL)}`, headers });
    const adminList = () => ctx.app.inject({ method: 'GET', url: '/api/user', headers });
    // Whoever signs up first with the address has proved nothing yet.
    expect(user.role).toBe('customer');
    expect((await flag()).json()).toEqual({ admin: false });
    expect((await adminList()).statusCode).toBe(403);

    await verifyEmailAddress(ctx.app, ADMIN_EMAIL);
    expect((await sessionRequest(headers.authorization)).json()).toMatchObject({ user: { role: 'admin' } });
    expect((await flag()).json()).toEqual({ admin: true });
    expect((await adminList()).statusCode).toBe(200);
  });

  it.each(['jane.doe@gmail.com', 'a+b@x.io', 'info@shop.co.uk'])(
    'accepts the well-formed address %s that the literal pattern would refuse',
    async (email) => {
      const response = await signUpRequest({ name: 'Real Customer', email, password: PASSWORD });
      expect(response.statusCode, response.body).toBe(201);
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
    const response = await signUpRequest({
      name: 'Valid Name',
      email: 'valid-signup@shop.test',
      password: PASSWORD,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid-input', message });
  });

  it.each(['123456', 'password', '12345678', 'Password', 'qwerty123'])(
    "refuses the common password '%s' with 'This password is too common', creating nothing",
    async (password) => {
      const email = `common-${password.toLowerCase()}@shop.test`;
      const response = await signUpRequest({ name: 'Common Choice', email, password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'invalid-input',
        message: copy.passwordTooCommon,
        issues: [{ field: 'password', message: copy.passwordTooCommon }],
      });
      const signIn = await signInRequest({ email, password });
      expect(signIn.json()).toMatchObject({ code: 'user-not-found' });
    },
  );

  it('keeps the six-character rule and its message before the common-password check', async () => {
    const response = await signUpRequest({ name: 'Short', email: 'short-pw@shop.test', password: '12345' });
    expect(response.json()).toMatchObject({ message: copy.passwordTooShort });
  });

  it('refuses a role sent by the client', async () => {
    const response = await signUpRequest({
      name: 'Sneaky',
      email: 'sneaky@shop.test',
      password: PASSWORD,
      role: 'admin',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('sign-in', () => {
  it('answers a token for the right password, with the e-mail in any case', async () => {
    await signUp(ctx.app, 'Otto Oil', 'otto@shop.test');
    const response = await signInRequest({ email: 'OTTO@shop.test', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect((await sessionRequest(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it("answers 401 'User not exist!' for an unknown e-mail", async () => {
    const response = await signInRequest({ email: 'nobody@shop.test', password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'user-not-found', message: copy.userNotFound });
  });

  it("answers 401 'Wrong Password !' for a wrong password", async () => {
    await signUp(ctx.app, 'Wanda Wrong', 'wanda@shop.test');
    const response = await signInRequest({ email: 'wanda@shop.test', password: 'not-the-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'wrong-password', message: copy.wrongPassword });
  });

  it.each([
    [{ password: PASSWORD }, copy.emailRequired],
    [{ email: 'bad@', password: PASSWORD }, copy.emailInvalid],
    [{ email: 'otto@shop.test' }, copy.passwordRequired],
    [{ email: 'otto@shop.test', password: 'short' }, copy.passwordTooShort],
  ])("validates %o with the shop's message (§4.4)", async (payload, message) => {
    const response = await signInRequest(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid-input', message });
  });
});

describe('session', () => {
  it('GET /session needs a valid token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    expect((await sessionRequest('Bearer not-a-real-token')).statusCode).toBe(401);
    expect((await sessionRequest('Basic dXNlcjpwYXNz')).statusCode).toBe(401);
  });

  it("accepts the original's 'Bearar <token>' scheme beside 'Bearer' (§9.1)", async () => {
    const { token } = await signUp(ctx.app, 'Bea Bearar', 'bearar@shop.test');
    const response = await sessionRequest(`Bearar ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: 'bearar@shop.test' } });
  });

  it('signing out ends the session: the same token is refused at once', async () => {
    const { token, headers } = await signUp(ctx.app, 'Sam Signout', 'signout@shop.test');
    const signOut = await ctx.app.inject({ method: 'DELETE', url: '/api/session', headers });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.json()).toEqual({ success: true });
    expect((await sessionRequest(`Bearer ${token}`)).statusCode).toBe(401);
    const tokenAgain = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent('signout@shop.test')}`,
      headers,
      payload: { email: 'signout@shop.test' },
    });
    expect(tokenAgain.statusCode).toBe(401);
  });

  it('a signed-out token is refused on public routes too, so the web app notices (RFC 6750)', async () => {
    const { headers } = await signUp(ctx.app, 'Pat Public', 'public-route@shop.test');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tool', headers })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'DELETE', url: '/api/session', headers });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/tool', headers });
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(after.json()).toMatchObject({ code: 'unauthorized' });
    // Without a token the same route answers as before.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tool' })).statusCode).toBe(200);
  });
});

describe('rate limiting', () => {
  it('limits sign-in attempts per client: the 4th of 3 allowed is a 429', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/session',
          payload: { email: 'guess@shop.test', password: 'guess-123' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const fourth = await attempt();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ code: 'rate-limited' });
    } finally {
      await limited.close();
    }
  });

  const forgedAttempts = async (env: Record<string, string>) => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10', ...env });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/session',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          payload: { email: 'guess@shop.test', password: 'guess-123' },
        });
        statuses.push(response.statusCode);
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
