import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import type { SessionUserWire } from '@/lib/domain/user';
import type { RouteMocks } from './fetch-mock';
import { aSessionUser } from './fixtures';

export const customer = aSessionUser();

export const admin = aSessionUser({
  _id: 'u9',
  displayName: 'Ada Admin',
  email: 'ada@shop.test',
  role: 'admin',
});

/**
 * Stores a token and returns the mockApi routes of a live session for `user`: the session check
 * and the admin flag. Spread them into mockApi beside the page's own routes.
 */
export function signedInAs(user: SessionUserWire) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok');
  return {
    'GET /session': { body: { user } },
    'GET /admin/:email': { params: { email: user.email }, body: { admin: user.role === 'admin' } },
    'GET /account/two-factor': { body: { enabled: false, required: false } },
    'GET /account/sessions': { body: { sessions: [] } },
  } satisfies RouteMocks;
}
