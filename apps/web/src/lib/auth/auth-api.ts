import type { SignInBody, SignUpBody } from '@shop/shared/contracts/account';
import { callApi } from '../api-client';
import { toSession, toSessionUser } from '../domain/user';

/** A session, or the challenge of two-factor sign-in (docs/behaviour.md §4.13). */
export const signInRequest = async (body: SignInBody) => {
  const answer = await callApi('POST /session', { body });
  return 'challenge' in answer ? answer : toSession(answer);
};

export const twoFactorSignInRequest = async (challenge: string, code: string) =>
  toSession(await callApi('POST /session/two-factor', { body: { challenge, code } }));

export const signUpRequest = async (body: SignUpBody) => toSession(await callApi('POST /account', { body }));

export const currentSessionRequest = async () => toSessionUser((await callApi('GET /session')).user);

export const signOutRequest = () => callApi('DELETE /session');

/** After sign-in the e-mail is traded for the shop's access token (docs/behaviour.md §4.5). */
export const exchangeTokenRequest = (email: string) =>
  callApi('PUT /user/:email', { params: { email }, body: { email } });

/** Whether the account is an admin. */
export const adminFlagRequest = async (email: string) =>
  (await callApi('GET /admin/:email', { params: { email } })).admin;

/** Which social sign-in provider the shop offers (`oidc: null`: none, the button stays hidden). */
export const socialProvidersRequest = () => callApi('GET /auth/providers');

/**
 * After the provider's callback: trades its session cookie for the bearer token, or, with
 * two-factor sign-in on, for the challenge a password sign-in answers (docs/behaviour.md §4.13).
 */
export const socialSessionExchangeRequest = async () => {
  const answer = await callApi('POST /session/exchange');
  return 'challenge' in answer ? answer : toSession(answer);
};
