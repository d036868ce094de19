import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type Refusal } from '@/test/fetch-mock';
import { ApiError, callApi, setAuthFailureHandler } from './api-client';
import { tokenStorage } from './token-storage';

const unauthorized: Refusal = {
  status: 401,
  body: { code: 'unauthorized', message: 'Your session has ended.' },
};

describe('callApi and an ended session', () => {
  afterEach(() => {
    tokenStorage.clear();
    setAuthFailureHandler(() => {});
  });

  it('signs out when any call made with a token answers 401, public ones included', async () => {
    const onAuthFailure = vi.fn();
    setAuthFailureHandler(onAuthFailure);
    tokenStorage.set('revoked-token');
    mockApi({ 'GET /review': unauthorized });
    await expect(callApi('GET /review')).rejects.toMatchObject({ status: 401 });
    expect(onAuthFailure).toHaveBeenCalledExactlyOnceWith('session-ended');
  });

  it('leaves a new session alone when a call sent with the old token answers 401 after a new sign-in', async () => {
    const onAuthFailure = vi.fn();
    setAuthFailureHandler(onAuthFailure);
    tokenStorage.set('old-token');
    // While the call is on its way, the user signs out and in again: a new token is stored.
    mockApi({
      'GET /my-order': {
        answer: () => {
          tokenStorage.set('new-token');
          return unauthorized;
        },
      },
    });
    await expect(callApi('GET /my-order', { signOutOnAuthError: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(tokenStorage.get()).toBe('new-token');
  });

  it('leaves a visitor without a token alone on a 401 (a wrong password, say)', async () => {
    const onAuthFailure = vi.fn();
    setAuthFailureHandler(onAuthFailure);
    mockApi({
      'POST /session': { status: 401, body: { code: 'wrong-password', message: 'Wrong Password !' } },
    });
    await expect(
      callApi('POST /session', { body: { email: 'a@b.co', password: 'secret1' } }),
    ).rejects.toThrow('Wrong Password !');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});

describe('callApi and a 429', () => {
  const rateLimited = (retryAfter?: string): Refusal => ({
    status: 429,
    body: { code: 'rate-limited', message: 'Too many attempts. Try again in 1 minute.' },
    headers: retryAfter === undefined ? undefined : { 'retry-after': retryAfter },
  });
  const signIn = () => callApi('POST /session', { body: { email: 'a@b.co', password: 'secret1' } });

  it.each([
    ['42', 42, 'Too many attempts. Try again in 42 seconds.'],
    ['1', 1, 'Too many attempts. Try again in 1 second.'],
    ['60', 60, 'Too many attempts. Try again in 1 minute.'],
    ['150', 150, 'Too many attempts. Try again in 3 minutes.'],
  ])('reads Retry-After: %s into the message and retryAfterSeconds', async (header, seconds, message) => {
    mockApi({ 'POST /session': rateLimited(header) });
    const error = await signIn().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate-limited', message, retryAfterSeconds: seconds });
  });

  it('reads a Retry-After given as a date', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), toFake: ['Date'] });
    try {
      mockApi({ 'POST /session': rateLimited('Tue, 01 Jan 2030 00:00:30 GMT') });
      await expect(signIn()).rejects.toMatchObject({
        retryAfterSeconds: 30,
        message: 'Too many attempts. Try again in 30 seconds.',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the server's message when there is no Retry-After", async () => {
    mockApi({ 'POST /session': rateLimited() });
    const error = await signIn().catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 429, message: 'Too many attempts. Try again in 1 minute.' });
    expect((error as ApiError).retryAfterSeconds).toBeUndefined();
  });
});
