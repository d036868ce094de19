import type { SignInBody, SignUpBody } from '@shop/shared/contracts/account';
import { callApi } from '../api-client';

export const signInRequest = (body: SignInBody) => callApi('POST /session', { body });

export const signUpRequest = (body: SignUpBody) => callApi('POST /account', { body });

export const currentSessionRequest = () => callApi('GET /session');

export const signOutRequest = () => callApi('DELETE /session');

/** The spec's exchange: after sign-in the e-mail is traded for the shop's access token. */
export const exchangeTokenRequest = (email: string) =>
  callApi('PUT /user/:email', { params: { email }, body: { email } });

export const adminFlagRequest = (email: string) => callApi('GET /admin/:email', { params: { email } });

/** Which social sign-in provider the shop offers (`oidc: null`: none, the button stays hidden). */
export const socialProvidersRequest = () => callApi('GET /auth/providers');

/** After the provider's callback: trades its session cookie for the bearer token. */
export const socialSessionExchangeRequest = () => callApi('POST /session/exchange');
