import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityCopy } from '@shop/shared/security-copy';
import type { RouteInput } from '@shop/shared/api/routes';
import { ConfigError, loadConfig, oidcSettings } from '../src/config';
import { accounts, sessions, users } from '../src/modules/accounts/users.table';
import { call } from './helpers/call';
import { challengeOf, sessionOf } from './helpers/sign-in';
import { ADMIN_EMAIL, PASSWORD, createTestApp, signUp, type TestContext } from './helpers/test-app';
import { totpCode, turnOnTwoFactor } from './helpers/two-factor';
import { CookieJar, startLocalOidcProvider, type LocalOidcProvider } from './helpers/oidc-provider';
import { linkIn, startSmtpSink, type SmtpSink } from './helpers/smtp-sink';

const SHOP = 'http://localhost:3000';
const HOST = 'localhost:3000';
const CALLBACK = `${SHOP}/api/auth/callback/oidc`;
const SESSION_COOKIE = 'better-auth.session_token';
/** Two more ADMIN_EMAILS addresses, first seen through the provider. */
const SOCIAL_ADMIN = 'social-admin@painters.test';
const UNPROVEN_ADMIN = 'unproven-admin@painters.test';

let idp: LocalOidcProvider;
let ctx: TestContext;
let sink: SmtpSink;

beforeAll(async () => {
  idp = await startLocalOidcProvider(CALLBACK);
  sink = await startSmtpSink();
  ctx = await createTestApp({
    env: {
      PUBLIC_URL: SHOP,
      SMTP_URL: sink.url,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      // Admin routes ask for two-factor sign-in: a social sign-in must not open them without it.
      ADMIN_REQUIRE_2FA: 'true',
      ADMIN_EMAILS: [ADMIN_EMAIL, SOCIAL_ADMIN, UNPROVEN_ADMIN].join(','),
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await idp?.close();
  await sink?.close();
});

/** A person at the provider, with a fresh subject and e-mail unless given. */
function identity(overrides: { email?: string; emailVerified?: boolean; name?: string } = {}) {
  const sub = `sub-${randomUUID()}`;
  idp.identities.set(sub, {
    sub,
    email: overrides.email ?? `${sub}@painters.test`,
    emailVerified: overrides.emailVerified ?? true,
    name: overrides.name ?? 'Sam Social',
  });
  return sub;
}

/** One browser: the shop's cookies, sent back on each call to the shop (through inject). */
function browser() {
  const jar = new CookieJar();
  const withCookies = (headers: Record<string, string> = {}) => ({
    host: HOST,
    cookie: jar.header(),
    ...headers,
  });
  const keepCookies = <T extends { headers: { 'set-cookie'?: string | string[] | number | undefined } }>(
    response: T,
  ) => {
    jar.store(response.headers['set-cookie'] as string | string[] | undefined);
    return response;
  };
  return {
    jar,
    start: async (query: RouteInput<'GET /auth/social/start'>['query'] = { mode: 'popup', returnTo: '/' }) =>
      keepCookies(await call(ctx.app, 'GET /auth/social/start', { query, headers: withCookies() })),
    /** The provider's redirect back, as the browser follows it: its address as the provider gave it. */
    callback: async (url: URL) =>
      keepCookies(
        await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: withCookies() }),
      ),
    exchange: async (origin = SHOP) =>
      keepCookies(await call(ctx.app, 'POST /session/exchange', { headers: withCookies({ origin }) })),
  };
}

/** The whole journey: start, sign in at the provider as `sub`, callback. Answers the callback. */
async function signInAtProvider(sub: string, tab = browser()) {
  const start = await tab.start();
  expect(start.status, start.text).toBe(302);
  const back = await idp.signIn(start.headers.location as string, sub);
  const callback = await tab.callback(back);
  return { tab, back, callback, completeURL: new URL(callback.headers.location as string, SHOP) };
}

async function signInWithProvider(sub: string) {
  const { tab, callback, completeURL } = await signInAtProvider(sub);
  expect(completeURL.searchParams.get('error'), 'callback error').toBeNull();
  expect(callback.statusCode).toBe(302);
  const exchange = await tab.exchange();
  expect(exchange.status, exchange.text).toBe(200);
  return { tab, ...sessionOf(exchange) };
}

const oidcAccountsOf = (userId: string) =>
  ctx.database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'oidc')));

describe('OIDC settings', () => {
  const complete = { OIDC_CLIENT_ID: 'shop', OIDC_CLIENT_SECRET: 'secret' };

  it('derive the discovery URL from the issuer, with Google as the default name', () => {
    const config = loadConfig({ ...complete, OIDC_ISSUER: 'https://accounts.google.com/' });
    expect(oidcSettings(config)).toEqual({
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      clientId: 'shop',
      clientSecret: 'secret',
      name: 'Google',
    });
  });

  it('are all or nothing: none means no provider, a part stops start-up naming what is missing', () => {
    expect(oidcSettings(loadConfig({}))).toBeNull();
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'shop' })).toThrow(
      /OIDC_ISSUER or OIDC_DISCOVERY_URL, OIDC_CLIENT_SECRET: required/,
    );
    expect(() => loadConfig({ OIDC_NAME: 'Okta' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...complete, OIDC_ISSUER: 'https://a.test', OIDC_DISCOVERY_URL: 'https://a.test/d' }),
    ).toThrow(/set one of them, not both/);
    expect(() => loadConfig({ ...complete, OIDC_DISCOVERY_URL: 'ftp://a.test/d' })).toThrow(
      /OIDC_DISCOVERY_URL/,
    );
  });
});

describe('social sign-in configuration', () => {
  it('tells the web app the provider and the addresses sign-in may run from', async () => {
    const response = await call(ctx.app, 'GET /auth/providers');
    expect(response.body).toEqual({ oidc: { name: 'Google' }, authorizedOrigins: [SHOP] });
  });

  it('without a provider the button is hidden (null) and the start answers 404', async () => {
    const plain = await createTestApp();
    try {
      const providers = await call(plain.app, 'GET /auth/providers');
      expect(providers.body).toMatchObject({ oidc: null });
      const start = await call(plain.app, 'GET /auth/social/start', { headers: { host: HOST } });
      expect(start.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const tab = browser();
    const start = await tab.start();
    expect(start.status).toBe(302);
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(tab.jar.header()).toContain('better-auth.state=');
  });
});

describe('signing in with the provider', () => {
  it('a first sign-in creates an account keyed on the provider subject and answers a working token', async () => {
    const sub = identity({ name: 'Fiona First' });
    const { callback, completeURL, tab } = await signInAtProvider(sub);
    expect(`${completeURL.origin}${completeURL.pathname}`).toBe(`${SHOP}/auth/complete`);
    expect(Object.fromEntries(completeURL.searchParams)).toEqual({ mode: 'popup', returnTo: '/' });
    expect(String(callback.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);

    const exchange = await tab.exchange();
    expect(exchange.status).toBe(200);
    const { token, user } = sessionOf(exchange);
    expect(user).toMatchObject({
      email: `${sub}@painters.test`,
      displayName: 'Fiona First',
      role: 'customer',
    });
    // The cookie is cleared: from here on the web app holds the bearer token only.
    expect(String(exchange.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0`));
    expect(tab.jar.get(SESSION_COOKIE)).toBeUndefined();

    const linked = await oidcAccountsOf(user._id);
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ providerId: 'oidc', accountId: sub, password: null });

    const session = await call(ctx.app, 'GET /session', { as: { token } });
    expect(session.body).toMatchObject({ user: { _id: user._id } });
    // The e-mail-for-token exchange after every sign-in (docs/behaviour.md §4.5) works with this token too.
    const record = await call(ctx.app, 'PUT /user/:email', {
      as: { token },
      params: { email: `${sub}@painters.test` },
      body: { email: `${sub}@painters.test` },
    });
    expect(record.status, record.text).toBe(200);
  });

  it('a second sign-in with the same subject enters the same account, even after an e-mail change', async () => {
    const sub = identity();
    const first = await signInWithProvider(sub);
    idp.identities.set(sub, { sub, email: `renamed-${sub}@painters.test`, emailVerified: true });
    const second = await signInWithProvider(sub);
    expect(second.user._id).toBe(first.user._id);
    expect(second.token).not.toBe(first.token);
    expect(await oidcAccountsOf(first.user._id)).toHaveLength(1);
  });

  it('an unverified e-mail does not take over the password account that has it', async () => {
    const owner = await signUp(ctx.app, 'Paula Password', `paula-${randomUUID().slice(0, 8)}@painters.test`);
    const sub = identity({ email: owner.email, emailVerified: false });
    const { completeURL, callback, tab } = await signInAtProvider(sub);
    expect(completeURL.searchParams.get('error')).toBe('account_not_linked');
    expect(String(callback.headers['set-cookie'])).not.toContain(`${SESSION_COOKIE}=`);
    expect((await tab.exchange()).status).toBe(401);
    expect(await oidcAccountsOf(owner.id)).toHaveLength(0);
    const [ownerRow] = await ctx.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow).toMatchObject({ email: owner.email, name: 'Paula Password' });
    const password = await call(ctx.app, 'POST /session', {
      body: { email: owner.email, password: PASSWORD },
    });
    expect(password.status).toBe(200);
  });

  it('a verified e-mail does not join a password account whose e-mail is not verified (yet)', async () => {
    const owner = await signUp(ctx.app, 'Pre Registered', `pre-${randomUUID().slice(0, 8)}@painters.test`);
    const { completeURL } = await signInAtProvider(identity({ email: owner.email, emailVerified: true }));
    expect(completeURL.searchParams.get('error')).toBe('account_not_linked');
    expect(await oidcAccountsOf(owner.id)).toHaveLength(0);
  });

  it('a verified e-mail joins a password account once that account verified its address too', async () => {
    const owner = await signUp(ctx.app, 'Vera Verified', `vera-${randomUUID().slice(0, 8)}@painters.test`);
    const mail = await sink.nextMail(owner.email, { subject: 'Confirm your e-mail' });
    const token = linkIn(mail, SHOP).searchParams.get('token')!;
    const verified = await call(ctx.app, 'POST /email-verification/complete', { body: { token } });
    expect(verified.status, verified.text).toBe(200);

    const social = await signInWithProvider(identity({ email: owner.email, emailVerified: true }));
    expect(social.user._id).toBe(owner.id);
    expect(await oidcAccountsOf(owner.id)).toHaveLength(1);
    // The password still works beside the provider.
    const password = await call(ctx.app, 'POST /session', {
      body: { email: owner.email, password: PASSWORD },
    });
    expect(password.status).toBe(200);
  });

  it('a verified account is still not joined by an identity whose e-mail the provider did not verify', async () => {
    const owner = await signUp(ctx.app, 'Una Unverified', `una-${randomUUID().slice(0, 8)}@painters.test`);
    const mail = await sink.nextMail(owner.email, { subject: 'Confirm your e-mail' });
    const token = linkIn(mail, SHOP).searchParams.get('token')!;
    await call(ctx.app, 'POST /email-verification/complete', { body: { token } });
    const { completeURL } = await signInAtProvider(identity({ email: owner.email, emailVerified: false }));
    expect(completeURL.searchParams.get('error')).toBe('account_not_linked');
    expect(await oidcAccountsOf(owner.id)).toHaveLength(0);
  });

  it('a second identity joins an account only when the provider says its e-mail is verified', async () => {
    const email = `shared-${randomUUID().slice(0, 8)}@painters.test`;
    const first = await signInWithProvider(identity({ email, emailVerified: true }));

    const verified = await signInWithProvider(identity({ email, emailVerified: true }));
    expect(verified.user._id).toBe(first.user._id);
    expect(await oidcAccountsOf(first.user._id)).toHaveLength(2);

    const { completeURL } = await signInAtProvider(identity({ email, emailVerified: false }));
    expect(completeURL.searchParams.get('error')).toBe('account_not_linked');
    expect(await oidcAccountsOf(first.user._id)).toHaveLength(2);
  });
});

describe('social sign-in with two-factor sign-in on (docs/behaviour.md §4.13)', () => {
  /** A password account with a verified address and two-factor sign-in on. */
  async function twoFactorAccount(name: string, email: string) {
    const owner = await signUp(ctx.app, name, email);
    const mail = await sink.nextMail(owner.email, { subject: 'Confirm your e-mail' });
    const token = linkIn(mail, SHOP).searchParams.get('token')!;
    await call(ctx.app, 'POST /email-verification/complete', { body: { token } });
    return { owner, ...(await turnOnTwoFactor(ctx.app, owner)) };
  }
  const sessionTokensOf = async (userId: string) =>
    (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId))).map(
      (row) => row.token,
    );

  it("leads to the password sign-in's challenge: no session until the code is given", async () => {
    const { owner, totpUri, token } = await twoFactorAccount(
      'Toni Two',
      `toni-${randomUUID().slice(0, 8)}@painters.test`,
    );
    const { tab, callback, completeURL } = await signInAtProvider(
      identity({ email: owner.email, emailVerified: true }),
    );
    expect(completeURL.searchParams.get('error'), 'callback error').toBeNull();
    expect(tab.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(String(callback.headers['set-cookie'])).not.toMatch(new RegExp(`${SESSION_COOKIE}=[^;]`));
    // The only session of the account is the one that turned two-factor sign-in on.
    expect(await sessionTokensOf(owner.id)).toEqual([token]);

    const exchange = await tab.exchange();
    expect(exchange.status, exchange.text).toBe(200);
    expect(exchange.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const challenge = challengeOf(exchange);
    // The challenge is spent from the browser: a second exchange has nothing to hand out.
    expect((await tab.exchange()).status).toBe(401);

    const wrong = await call(ctx.app, 'POST /session/two-factor', {
      body: { challenge, code: totpCode(totpUri, 1) === '123456' ? '654321' : '123456' },
    });
    expect(wrong.error).toMatchObject({ code: 'invalid-input', message: securityCopy.codeWrong });
    const signedIn = await call(ctx.app, 'POST /session/two-factor', {
      body: { challenge, code: totpCode(totpUri, 1) },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { _id: owner.id, email: owner.email } });
  });

  it("an admin's social sign-in opens no admin route before the code (ADMIN_REQUIRE_2FA)", async () => {
    const { owner, totpUri } = await twoFactorAccount('Ada Admin', ADMIN_EMAIL);
    const before = await sessionTokensOf(owner.id);
    const { tab, completeURL } = await signInAtProvider(
      identity({ email: ADMIN_EMAIL, emailVerified: true }),
    );
    expect(completeURL.searchParams.get('error'), 'callback error').toBeNull();
    const exchange = await tab.exchange();
    const challenge = challengeOf(exchange);
    expect(challenge).toEqual(expect.any(String));
    expect(await sessionTokensOf(owner.id)).toEqual(before);

    const signedIn = await call(ctx.app, 'POST /session/two-factor', {
      body: { challenge, code: totpCode(totpUri, 1) },
    });
    const adminList = await call(ctx.app, 'GET /user', { as: signedIn.body });
    expect(adminList.status, adminList.text).toBe(200);
  });
});

describe('ADMIN_EMAILS through the provider (docs/behaviour.md §4.1)', () => {
  it('an address the provider verified is an admin at once; one it did not verify is not', async () => {
    const verified = await signInWithProvider(identity({ email: SOCIAL_ADMIN, emailVerified: true }));
    expect(verified.user).toMatchObject({ email: SOCIAL_ADMIN, role: 'admin' });

    const unproven = await signInWithProvider(identity({ email: UNPROVEN_ADMIN, emailVerified: false }));
    expect(unproven.user).toMatchObject({ email: UNPROVEN_ADMIN, role: 'customer' });
    expect((await call(ctx.app, 'GET /user', { as: unproven })).status).toBe(403);
  });
});

describe('refused callbacks', () => {
  const expectRefused = async (
    tab: ReturnType<typeof browser>,
    callback: { headers: Record<string, unknown> },
  ) => {
    const location = new URL(callback.headers.location as string, SHOP);
    expect(`${location.origin}${location.pathname}`).toBe(`${SHOP}/auth/complete`);
    expect(location.searchParams.get('error')).toEqual(expect.any(String));
    expect(String(callback.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=`);
    expect((await tab.exchange()).status).toBe(401);
    return location.searchParams.get('error');
  };

  it('a forged state is refused', async () => {
    const tab = browser();
    const start = await tab.start();
    const back = await idp.signIn(start.headers.location as string, identity());
    back.searchParams.set('state', 'forged-state-value');
    expect(await expectRefused(tab, await tab.callback(back))).toBe('state_mismatch');
  });

  it('a state started in another browser is refused (no login CSRF)', async () => {
    const attacker = browser();
    const start = await attacker.start();
    const back = await idp.signIn(start.headers.location as string, identity());
    const victim = browser();
    expect(await expectRefused(victim, await victim.callback(back))).toBe('state_mismatch');
  });

  it('a replayed callback is refused', async () => {
    const sub = identity();
    const { tab, back } = await signInAtProvider(sub);
    expect((await tab.exchange()).status).toBe(200);
    expect(await expectRefused(tab, await tab.callback(back))).toBe('state_mismatch');
  });

  it('a used code is refused even with a fresh state', async () => {
    const sub = identity();
    const { tab, back: used } = await signInAtProvider(sub);
    expect((await tab.exchange()).status).toBe(200);

    const start = await tab.start();
    const fresh = new URL(CALLBACK);
    fresh.searchParams.set('code', used.searchParams.get('code') as string);
    fresh.searchParams.set(
      'state',
      new URL(start.headers.location as string).searchParams.get('state') as string,
    );
    fresh.searchParams.set('iss', idp.issuer);
    expect(await expectRefused(tab, await tab.callback(fresh))).toBe('invalid_code');
  });

  it("the provider's own refusal (the user cancelled) is passed on", async () => {
    const tab = browser();
    const start = await tab.start();
    const refused = new URL(CALLBACK);
    refused.searchParams.set('error', 'access_denied');
    refused.searchParams.set(
      'state',
      new URL(start.headers.location as string).searchParams.get('state') as string,
    );
    expect(await expectRefused(tab, await tab.callback(refused))).toBe('access_denied');
  });
});

describe('the popup keeps its opener', () => {
  it('the hops back from the provider carry no Cross-Origin-Opener-Policy; other pages do', async () => {
    const { callback } = await signInAtProvider(identity());
    expect(callback.headers['cross-origin-opener-policy']).toBeUndefined();
    const start = await browser().start();
    expect(start.headers['cross-origin-opener-policy']).toBeUndefined();
    const complete = await ctx.app.inject({
      method: 'GET',
      url: '/auth/complete?mode=popup',
      headers: { host: HOST },
    });
    expect(complete.headers['cross-origin-opener-policy']).toBeUndefined();
    const home = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('unauthorized domains', () => {
  const unauthorizedDomain = { code: 'unauthorized-domain', message: expect.any(String) };

  it.each(['https://evil.test/steal', '//evil.test/steal', '/\\evil.test'])(
    'a return address on another site (%s) is refused',
    async (returnTo) => {
      const start = await browser().start({ mode: 'redirect', returnTo });
      expect(start.status).toBe(403);
      expect(start.error).toEqual(unauthorizedDomain);
    },
  );

  it('an absolute return address on the shop itself is kept as a path', async () => {
    const tab = browser();
    const start = await tab.start({ mode: 'redirect', returnTo: `${SHOP}/purchase/42?x=1` });
    const back = await idp.signIn(start.headers.location as string, identity());
    const callback = await tab.callback(back);
    const complete = new URL(callback.headers.location as string);
    expect(Object.fromEntries(complete.searchParams)).toEqual({
      mode: 'redirect',
      returnTo: '/purchase/42?x=1',
    });
  });

  it('sign-in started on a host that is not the shop is refused', async () => {
    const start = await call(ctx.app, 'GET /auth/social/start', { headers: { host: 'shop.evil.test' } });
    expect(start.status).toBe(403);
    expect(start.error).toEqual(unauthorizedDomain);
  });

  it('the token exchange is refused to another origin, or to a caller that names none', async () => {
    const { tab } = await signInAtProvider(identity());
    const foreign = await tab.exchange('https://evil.test');
    expect(foreign.status).toBe(403);
    expect(foreign.error).toEqual(unauthorizedDomain);
    const anonymous = await call(ctx.app, 'POST /session/exchange', {
      headers: { host: HOST, cookie: tab.jar.header() },
    });
    expect(anonymous.status).toBe(403);
    // The same browser on the shop itself still completes.
    expect((await tab.exchange()).status).toBe(200);
  });
});
