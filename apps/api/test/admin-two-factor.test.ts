import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '@shop/shared/api/define';
import { apiRoutes, type RouteKey } from '@shop/shared/api/routes';
import { securityCopy } from '@shop/shared/security-copy';
import { call, callAnyRoute } from './helpers/call';
import { openShop, type Shop } from './helpers/test-app';
import { turnOnTwoFactor } from './helpers/two-factor';

/**
 * ADMIN_REQUIRE_2FA=true: every admin route of the shared table refuses an admin without
 * two-factor sign-in (403 two-factor-required) before anything else, and serves one with it.
 */
let ctx: Shop<never>;
beforeAll(async () => {
  ctx = await openShop({ env: { ADMIN_REQUIRE_2FA: 'true' } });
});
afterAll(() => ctx.close());

const adminRoutes = (Object.entries(apiRoutes) as [RouteKey, { access: Access }][])
  .filter(([, spec]) => spec.access === 'admin')
  .map(([key]) => key);

/** Sample params: the refusal comes before the params (or the body) are even read, so any id will do. */
const paramsOf = (key: RouteKey) =>
  Object.fromEntries(
    [...key.matchAll(/:(\w+)/g)].map(([, name]) => [name!, name === 'email' ? 'x@shop.test' : 'an-id']),
  );

const callAdminRoute = (key: RouteKey, token: string) =>
  callAnyRoute(ctx.app, key, { as: { token }, params: paramsOf(key) });

describe('ADMIN_REQUIRE_2FA=true', () => {
  it('covers some admin routes', () => {
    expect(adminRoutes.length).toBeGreaterThan(5);
  });

  it('refuses an admin without two-factor sign-in on every admin route, and says so', async () => {
    const status = await call(ctx.app, 'GET /account/two-factor', { as: ctx.admin });
    expect(status.body).toEqual({ enabled: false, required: true });
    for (const key of adminRoutes) {
      const response = await callAdminRoute(key, ctx.admin.token);
      expect(response.status, key).toBe(403);
      expect(response.error, key).toEqual({
        code: 'two-factor-required',
        message: securityCopy.twoFactorRequiredForAdmins,
      });
    }
    // Customer routes stay open to the admin, so the setup can be done.
    const own = await call(ctx.app, 'GET /session', { as: ctx.admin });
    expect(own.status).toBe(200);
  });

  it('serves every admin route once two-factor sign-in is on', async () => {
    const { token } = await turnOnTwoFactor(ctx.app, ctx.admin);
    for (const key of adminRoutes) {
      const response = await callAdminRoute(key, token);
      expect([401, 403], `${key}: ${response.text}`).not.toContain(response.status);
    }
    const list = await call(ctx.app, 'GET /order', { as: { token } });
    expect(list.status).toBe(200);
  });
});
