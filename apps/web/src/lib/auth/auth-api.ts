import { apiPaths } from '@shop/shared/api-paths';
import type { SessionResponse, SessionUser, SignInBody, SignUpBody } from '@shop/shared/contracts/account';
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
