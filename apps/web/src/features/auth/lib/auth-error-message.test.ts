import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { ApiError } from '@/lib/api-client';
import { SocialSignInError } from '@/lib/auth/social-sign-in';
import { loginErrorMessage, returnPath, signupErrorMessage } from './auth-error-message';

describe('loginErrorMessage', () => {
  it("maps the two login codes to the shop's words (§4.4) and shows any other message as it is", () => {
    expect(loginErrorMessage(new ApiError(401, 'user-not-found', 'x'))).toBe(copy.userNotFound);
    expect(loginErrorMessage(new ApiError(401, 'wrong-password', 'x'))).toBe(copy.wrongPassword);
    expect(loginErrorMessage(new ApiError(429, 'rate-limited', 'Slow down'))).toBe('Slow down');
    expect(loginErrorMessage(new SocialSignInError('popup-closed-by-user', 'x'))).toBe(copy.loginPopupClosed);
    expect(loginErrorMessage(new SocialSignInError('access_denied', 'Sign-in was cancelled.'))).toBe(
      'Sign-in was cancelled.',
    );
  });
});

describe('signupErrorMessage', () => {
  it('maps email-already-exists and passes others through', () => {
    expect(signupErrorMessage(new ApiError(409, 'email-already-exists', 'x'))).toBe(copy.emailAlreadyExists);
    expect(signupErrorMessage(new Error('Network down'))).toBe('Network down');
    expect(signupErrorMessage(new SocialSignInError('popup-closed-by-user', 'x'))).toBe(
      copy.signupPopupClosed,
    );
  });
});

describe('returnPath', () => {
  it('returns to the page the guard remembered, with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/purchase/t1', search: '?a=1', hash: '#x' } })).toBe(
      '/purchase/t1?a=1#x',
    );
  });

  it('falls back to home when there is nothing safe to return to', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
  });
});
