import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import type { SessionUser } from '@shop/shared/contracts/account';

export const customer: SessionUser = {
  _id: 'u1',
  displayName: 'Cara Customer',
  email: 'cara@shop.test',
  role: 'customer',
  image: null,
};

export const admin: SessionUser = {
  _id: 'u9',
  displayName: 'Ada Admin',
  email: 'ada@shop.test',
  role: 'admin',
  image: null,
};

/**
 * Stores a token and returns the mockApi routes of a live session for `user`: the session check
 * and the admin flag. Spread them into mockApi beside the page's own routes.
 */
export function signedInAs(user: SessionUser) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok');
  return {
    'GET /api/session': { body: { user } },
    [`GET /api/admin/${encodeURIComponent(user.email)}`]: { body: { admin: user.role === 'admin' } },
  };
}
