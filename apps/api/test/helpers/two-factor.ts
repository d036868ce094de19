import { URI } from 'otpauth';
import type { App } from '../../src/app';
import { PASSWORD, type SignedIn } from './test-app';

/** The code an authenticator app shows now for an otpauth:// URI. */
export const totpCode = (totpUri: string) => URI.parse(totpUri).generate();

export interface TwoFactorOn {
  totpUri: string;
  recoveryCodes: string[];
  /** The caller's token after turning it on (Better Auth replaces the session). */
  token: string;
}

/** Turns TOTP on for a signed-in account through the API, as the Security part does. */
export async function turnOnTwoFactor(app: App, account: SignedIn): Promise<TwoFactorOn> {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor',
    headers: account.headers,
    payload: { password: PASSWORD },
  });
  if (setup.statusCode !== 200) throw new Error(`two-factor setup failed: ${setup.body}`);
  const { totpUri, recoveryCodes } = setup.json<{ totpUri: string; recoveryCodes: string[] }>();
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/confirm',
    headers: account.headers,
    payload: { code: totpCode(totpUri) },
  });
  if (confirm.statusCode !== 200) throw new Error(`two-factor confirm failed: ${confirm.body}`);
  return { totpUri, recoveryCodes, token: confirm.json<{ token: string }>().token };
}
