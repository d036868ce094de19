import { URI } from 'otpauth';
import type { App } from '../../src/app';
import { call } from './call';
import { PASSWORD, type SignedIn } from './test-app';

const TOTP_PERIOD_MS = 30_000;

/**
 * The code an authenticator app shows for an otpauth:// URI now, or `stepsAhead` 30-second steps
 * later. A code is good once (docs/behaviour.md §4.13), and the shop takes the step after the
 * current one too, so a test that needs a second good code for one account asks for `1` and
 * waits for nothing.
 */
export const totpCode = (totpUri: string, stepsAhead = 0) =>
  URI.parse(totpUri).generate({ timestamp: Date.now() + stepsAhead * TOTP_PERIOD_MS });

export interface TwoFactorOn {
  totpUri: string;
  recoveryCodes: string[];
  /** The caller's token after turning it on (Better Auth replaces the session). */
  token: string;
}

/**
 * Turns TOTP on for a signed-in account through the API, as the Security part does. The
 * confirmation uses up the current code: sign in with `totpCode(totpUri, 1)`.
 */
export async function turnOnTwoFactor(app: App, account: SignedIn): Promise<TwoFactorOn> {
  const setup = await call(app, 'POST /account/two-factor', { as: account, body: { password: PASSWORD } });
  if (setup.status !== 200) throw new Error(`two-factor setup failed: ${setup.text}`);
  const { totpUri, recoveryCodes } = setup.body;
  const confirm = await call(app, 'POST /account/two-factor/confirm', {
    as: account,
    body: { code: totpCode(totpUri) },
  });
  if (confirm.status !== 200) throw new Error(`two-factor confirm failed: ${confirm.text}`);
  return { totpUri, recoveryCodes, token: confirm.body.token };
}
