import { apiPaths } from '@shop/shared/api-paths';
import type { SessionResponse, SessionUser, SignInBody, SignUpBody } from '@shop/shared/contracts/account';
import type { SocialProvidersResponse } from '@shop/shared/contracts/social-sign-in';
import { apiRequest } from '../api-client';

export const signInRequest = (body: SignInBody) =>
  apiRequest<SessionResponse>(apiPaths.session, { method: 'POST', body });

export const signUpRequest = (body: SignUpBody) =>
  apiRequest<SessionResponse>(apiPaths.signUp, { method: 'POST', body });

export const currentSessionRequest = () => apiRequest<{ user: SessionUser }>(apiPaths.session);

export const signOutRequest = () => apiRequest<{ success: boolean }>(apiPaths.session, { method: 'DELETE' });

/** The spec's exchange: after sign-in the e-mail is traded for the shop's access token. */
export const exchangeTokenRequest = (email: string) =>
  apiRequest<{ token: string }>(apiPaths.recordUser(email), { method: 'PUT', body: { email } });

export const adminFlagRequest = (email: string) => apiRequest<{ admin: boolean }>(apiPaths.adminFlag(email));

/** Which social sign-in provider the shop offers (`oidc: null`: none, the button stays hidden). */
export const socialProvidersRequest = () => apiRequest<SocialProvidersResponse>(apiPaths.socialProviders);

/** After the provider's callback: trades its session cookie for the bearer token. */
export const socialSessionExchangeRequest = () =>
  apiRequest<SessionResponse>(apiPaths.socialSessionExchange, { method: 'POST' });
