import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityCopy } from '@shop/shared/security-copy';
import { sessions } from '../src/modules/accounts/users.table';
import { call } from './helpers/call';
import { challengeOf } from './helpers/sign-in';
import { PASSWORD, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';
import { totpCode, turnOnTwoFactor } from './helpers/two-factor';

let ctx: Shop<never>;
beforeAll(async () => {
  ctx = await openShop();
});
afterAll(() => ctx.close());

const signIn = (email: string, rememberMe?: boolean) =>
  call(ctx.app, 'POST /session', {
    body: { email, password: PASSWORD, ...(rememberMe !== undefined && { rememberMe }) },
  });

const secondStep = (challenge: string, code: string) =>
  call(ctx.app, 'POST /session/two-factor', { body: { challenge, code } });

async function challengeFor(email: string, rememberMe?: boolean): Promise<string> {
  const response = await signIn(email, rememberMe);
  expect(response.status, response.text).toBe(200);
  expect(response.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return challengeOf(response);
}

const status = async (token: string) =>
  (await call(ctx.app, 'GET /account/two-factor', { as: { token } })).body;

describe('turning two-factor sign-in on', () => {
  it('needs the password, shows the secret and the otpauth URI, and takes effect only after a code', async () => {
    const account = await signUpCustomer(ctx.app, 'setup');
    const wrong = await call(ctx.app, 'POST /account/two-factor', {
      as: account,
      body: { password: 'not-my-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error.issues).toEqual([{ field: 'password', message: securityCopy.currentPasswordWrong }]);

    const setup = await call(ctx.app, 'POST /account/two-factor', {
      as: account,
      body: { password: PASSWORD },
    });
    expect(setup.status, setup.text).toBe(200);
    const { totpUri, secret, recoveryCodes } = setup.body;
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Brushworks:/);
    expect(totpUri).toContain(`secret=${secret}`);
    expect(recoveryCodes).toHaveLength(10);
    // Not yet in force: sign-in still opens a session at once.
    expect((await signIn(account.email)).body).toHaveProperty('token');

    const refused = await call(ctx.app, 'POST /account/two-factor/confirm', {
      as: account,
      body: { code: '000000' === totpCode(totpUri) ? '111111' : '000000' },
    });
    expect(refused.status).toBe(400);
    expect(refused.error.message).toBe(securityCopy.codeWrong);
    expect(await status(account.token)).toEqual({ enabled: false, required: false });

    const confirmed = await call(ctx.app, 'POST /account/two-factor/confirm', {
      as: account,
      body: { code: totpCode(totpUri) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const { token } = confirmed.body;
    // Better Auth replaced the session: the new token works, the old one is gone.
    expect(await status(token)).toEqual({ enabled: true, required: false });
    const old = await call(ctx.app, 'GET /session', { as: account });
    expect(old.status).toBe(401);
  });
});

describe('signing in with two-factor sign-in on', () => {
  let account: SignedIn;
  let totpUri: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    account = await signUpCustomer(ctx.app, 'second');
    ({ totpUri, recoveryCodes } = await turnOnTwoFactor(ctx.app, account));
  });

  it('answers a challenge instead of a session, then the code gives the session', async () => {
    const challenge = await challengeFor(account.email);
    // The current code confirmed the setup: the next one signs in.
    const response = await secondStep(challenge, totpCode(totpUri, 1));
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body.user.email).toBe(account.email);
    const session = await call(ctx.app, 'GET /session', { as: { token: body.token } });
    expect(session.status).toBe(200);
  });

  it('refuses a wrong code, and a made-up challenge', async () => {
    const challenge = await challengeFor(account.email);
    const wrong = await secondStep(challenge, totpCode(totpUri) === '123456' ? '654321' : '123456');
    expect(wrong.status).toBe(400);
    expect(wrong.error).toMatchObject({ code: 'invalid-input', message: securityCopy.codeWrong });

    const forged = await secondStep(
      Buffer.from('better-auth.two_factor=2fa-made-up.sig').toString('base64url'),
      totpCode(totpUri),
    );
    expect(forged.status).toBe(401);
    expect(forged.error.message).toBe(securityCopy.twoFactorChallengeExpired);

    // Bytes no Cookie header may carry are refused the same way, not failed on.
    for (const value of ['ünïcode', 'a\u0000b', 'x,y z']) {
      const odd = await secondStep(
        Buffer.from(`better-auth.two_factor=${value}`).toString('base64url'),
        totpCode(totpUri),
      );
      expect(odd.status).toBe(401);
    }
  });

  it('takes a recovery code instead, once', async () => {
    const code = recoveryCodes[0]!;
    const first = await secondStep(await challengeFor(account.email), code);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toHaveProperty('token');
    const again = await secondStep(await challengeFor(account.email), code);
    expect(again.status).toBe(400);
    expect(again.error.message).toBe(securityCopy.codeWrong);
  });

  it("keeps 'Remember me' unchecked through the second step: the session ends within 12 hours", async () => {
    const forgetful = await signUpCustomer(ctx.app, 'forgetful');
    const { totpUri: forgetfulUri } = await turnOnTwoFactor(ctx.app, forgetful);
    const response = await secondStep(await challengeFor(forgetful.email, false), totpCode(forgetfulUri, 1));
    const { token } = response.body;
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000);
  });

  it('turns off with the password; sign-in then opens a session at once again', async () => {
    const other = await signUpCustomer(ctx.app, 'offswitch');
    const { token } = await turnOnTwoFactor(ctx.app, other);
    const off = await call(ctx.app, 'POST /account/two-factor/disable', {
      as: { token },
      body: { password: PASSWORD },
    });
    expect(off.status, off.text).toBe(200);
    expect(await status(off.body.token)).toEqual({ enabled: false, required: false });
    expect((await signIn(other.email)).body).toHaveProperty('token');
  });
});

describe('a TOTP code is good once (docs/behaviour.md §4.13)', () => {
  it('the code that confirmed the setup does not sign in', async () => {
    const account = await signUpCustomer(ctx.app, 'confirm-replay');
    const setup = await call(ctx.app, 'POST /account/two-factor', {
      as: account,
      body: { password: PASSWORD },
    });
    const { totpUri } = setup.body;
    const code = totpCode(totpUri);
    const confirmed = await call(ctx.app, 'POST /account/two-factor/confirm', {
      as: account,
      body: { code },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const replay = await secondStep(await challengeFor(account.email), code);
    expect(replay.status).toBe(400);
    expect(replay.error).toMatchObject({ code: 'invalid-input', message: securityCopy.codeWrong });
  });

  it('a code that opened a session opens no second one, nor does an older one', async () => {
    const account = await signUpCustomer(ctx.app, 'replay');
    const { totpUri } = await turnOnTwoFactor(ctx.app, account);
    const code = totpCode(totpUri, 1);
    const first = await secondStep(await challengeFor(account.email), code);
    expect(first.status, first.text).toBe(200);
    for (const used of [code, totpCode(totpUri)]) {
      const again = await secondStep(await challengeFor(account.email), used);
      expect(again.status).toBe(400);
      expect(again.error).toMatchObject({ code: 'invalid-input', message: securityCopy.codeWrong });
    }
  });

  it('of two sign-ins racing with one code, only one gets a session', async () => {
    const account = await signUpCustomer(ctx.app, 'race');
    const { totpUri } = await turnOnTwoFactor(ctx.app, account);
    const code = totpCode(totpUri, 1);
    const challenges = await Promise.all([challengeFor(account.email), challengeFor(account.email)]);
    const answers = await Promise.all(challenges.map((challenge) => secondStep(challenge, code)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });
});

describe('a recovery code is good once', () => {
  it('of two sign-ins racing with one recovery code, only one gets a session', async () => {
    const account = await signUpCustomer(ctx.app, 'recovery-race');
    const { recoveryCodes } = await turnOnTwoFactor(ctx.app, account);
    const challenges = await Promise.all([challengeFor(account.email), challengeFor(account.email)]);
    const answers = await Promise.all(
      challenges.map((challenge) => secondStep(challenge, recoveryCodes[0]!)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expect(refused.error).toMatchObject({ code: 'invalid-input', message: securityCopy.codeWrong });
  });
});
