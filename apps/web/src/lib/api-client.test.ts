import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { callApi, setAuthFailureHandler } from './api-client';
import { tokenStorage } from './token-storage';

const unauthorized = { status: 401, body: { code: 'unauthorized', message: 'Your session has ended.' } };

describe('callApi and an ended session', () => {
  afterEach(() => {
    tokenStorage.clear();
    setAuthFailureHandler(() => {});
  });

  it('signs out when any call made with a token answers 401, public ones included', async () => {
    const onAuthFailure = vi.fn();
    setAuthFailureHandler(onAuthFailure);
    tokenStorage.set('revoked-token');
    mockApi({ 'GET /api/review': unauthorized });
    await expect(callApi('GET /review')).rejects.toMatchObject({ status: 401 });
    expect(onAuthFailure).toHaveBeenCalledExactlyOnceWith('session-ended');
  });

  it('leaves a visitor without a token alone on a 401 (a wrong password, say)', async () => {
    const onAuthFailure = vi.fn();
    setAuthFailureHandler(onAuthFailure);
    mockApi({
      'POST /api/session': { status: 401, body: { code: 'wrong-password', message: 'Wrong Password !' } },
    });
    await expect(
      callApi('POST /session', { body: { email: 'a@b.co', password: 'secret1' } }),
    ).rejects.toThrow('Wrong Password !');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});
