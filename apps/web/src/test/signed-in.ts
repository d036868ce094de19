import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import type { Cart } from '@shop/shared/contracts/cart';
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

/** The cart of an account that has not added anything yet. */
export const emptyCart: Cart = {
  lines: [],
  itemsTotal: 0,
  shipping: 0,
  total: 0,
  freeShippingOver: null,
  orderMinimum: null,
  canCheckOut: false,
};

/**
 * Stores a token and returns the mockApi routes of a live session for `user`: the session check,
 * the admin flag, the (empty) cart the bar counts, and no company. Spread them into mockApi beside the page's
 * own routes; a page's own 'GET /cart' written after them replaces the empty one.
 */
export function signedInAs(user: SessionUserWire) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok');
  return {
    'GET /session': { body: { user } },
    'GET /admin/:email': { params: { email: user.email }, body: { admin: user.role === 'admin' } },
    'GET /account/two-factor': { body: { enabled: false, required: false } },
    'GET /account/sessions': { body: { sessions: [] } },
    'GET /cart': { body: emptyCart },
    // In no company (docs/behaviour.md §4.18): checkout and the order pages ask.
    'GET /company/mine': { body: { membership: null, application: null } },
  } satisfies RouteMocks;
}
