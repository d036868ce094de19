import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '@shop/shared/api/define';
import { apiRoutes, type RouteKey } from '@shop/shared/api/routes';
import { securityCopy } from '@shop/shared/security-copy';
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

/** Sample paths: the refusal comes before the params are even read, so any id will do. */
const urlOf = (key: RouteKey) =>
  `/api${key.split(' ')[1]!.replace(/:(\w+)/g, (_, name) => (name === 'email' ? 'x@shop.test' : 'an-id'))}`;

const call = (key: RouteKey, token: string) =>
  ctx.app.inject({
    method: key.split(' ')[0] as 'GET',
    url: urlOf(key),
    headers: { authorization: `Bearer ${token}` },
  });

describe('ADMIN_REQUIRE_2FA=true', () => {
  it('covers some admin routes', () => {
    expect(adminRoutes.length).toBeGreaterThan(5);
  });

  it('refuses an admin without two-factor sign-in on every admin route, and says so', async () => {
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: ctx.admin.headers,
    });
    expect(status.json()).toEqual({ enabled: false, required: true });
    for (const key of adminRoutes) {
      const response = await call(key, ctx.admin.token);
      expect(response.statusCode, key).toBe(403);
      expect(response.json(), key).toEqual({
        code: 'two-factor-required',
        message: securityCopy.twoFactorRequiredForAdmins,
      });
    }
    // Customer routes stay open to the admin, so the setup can be done.
    const own = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: ctx.admin.headers });
    expect(own.statusCode).toBe(200);
  });

  it('serves every admin route once two-factor sign-in is on', async () => {
    const { token } = await turnOnTwoFactor(ctx.app, ctx.admin);
    for (const key of adminRoutes) {
      const response = await call(key, token);
      expect([401, 403], `${key}: ${response.body}`).not.toContain(response.statusCode);
    }
    const list = await call('GET /order', token);
    expect(list.statusCode).toBe(200);
  });
});
