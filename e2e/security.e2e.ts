import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import type { Order } from '@shop/shared/contracts/orders';
import { api, apiPath, createTool, myOrdersByApi, newCustomer, placeOrderByApi } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, shown, textsOf } from './helpers/wait';

const adminPages = [
  '/dashboard/all-users',
  '/dashboard/all-orders',
  '/dashboard/add-products',
  '/dashboard/manage-products',
];

describe.skipIf(!hasChromium)('security, through the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor from a signed-in page to login, and back after signing in', async () => {
    const customer = await newCustomer('Ivo');
    const journey = await startJourney(browser, 'security');
    const { page } = journey;
    await page.goto('/dashboard/my-orders');
    await atPath(page, '/login');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await atPath(page, '/dashboard/my-orders');
    await shown(page.getByText('You have not ordered anything yet.'));
    await journey.close();
  });

  it('signs the user out and sends them home when the orders call refuses their session', async () => {
    const customer = await newCustomer('Lena');
    const journey = await startJourney(browser, 'security', { token: customer.token });
    const { page } = journey;
    await page.goto('/dashboard/my-profile');
    await shown(page.getByText(customer.email, { exact: true }));

    // The session ends elsewhere (signed out on another device): the token stops working.
    expect((await api(apiPath('GET /session'), { method: 'DELETE', token: customer.token })).status).toBe(
      200,
    );
    await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
    await atPath(page, '/');
    await shown(page.getByRole('link', { name: 'Login', exact: true }));
    expect(await journey.storedToken()).toBeNull();
    await journey.close();
  });

  it('sends a customer away from every admin page, and the API refuses the admin calls', async () => {
    const customer = await newCustomer('Kai');
    const journey = await startJourney(browser, 'security', { token: customer.token });
    const { page } = journey;
    await page.goto('/dashboard');
    await eventually(() => textsOf(dashboardMenu(page).getByRole('link'))).toEqual([
      'My Profile',
      'My Orders',
      'Add Reviews',
    ]);
    for (const path of adminPages) {
      await page.goto(path);
      await atPath(page, '/login');
      expect(await page.getByRole('heading', { name: 'Make Admin' }).count()).toBe(0);
    }

    // The calls behind those pages, made from the customer's own browser with their token.
    const statuses = await page.evaluate(
      async ({ key, calls }) => {
        const token = localStorage.getItem(key);
        const results: Record<string, number> = {};
        for (const [method, path] of calls) {
          const response = await fetch(`/api${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: method === 'GET' ? undefined : '{}',
          });
          results[`${method} ${path}`] = response.status;
        }
        return results;
      },
      {
        key: ACCESS_TOKEN_STORAGE_KEY,
        calls: [
          ['GET', apiPath('GET /user')],
          ['GET', apiPath('GET /order')],
          ['PUT', apiPath('PUT /user/admin/:email', { email: customer.email })],
          ['POST', apiPath('GET /tool')],
        ] as [string, string][],
      },
    );
    expect(statuses).toEqual({
      [`GET ${apiPath('GET /user')}`]: 403,
      [`GET ${apiPath('GET /order')}`]: 403,
      [`PUT ${apiPath('PUT /user/admin/:email', { email: customer.email })}`]: 403,
      [`POST ${apiPath('GET /tool')}`]: 403,
    });
    expect(
      (
        await api<{ admin: boolean }>(apiPath('GET /admin/:email', { email: customer.email }), {
          token: customer.token,
        })
      ).body,
    ).toEqual({ admin: false });
    await journey.close();
  });

  it("keeps a customer out of another customer's order and payment page", async () => {
    const owner = await newCustomer('Ada');
    const intruder = await newCustomer('Eve');
    const tool = await createTool();
    const orderId = await placeOrderByApi(owner, tool._id, 10);
    const journey = await startJourney(browser, 'security', { token: intruder.token });
    const { page } = journey;

    // The payment page of someone else's order: not found, as an unknown one, with the way back.
    const refused = page.waitForResponse(
      (response) =>
        response.url().endsWith(apiPath('GET /order/:id', { id: orderId })) &&
        response.request().method() === 'GET',
    );
    await page.goto(`/dashboard/payments/${orderId}`);
    expect((await refused).status()).toBe(404);
    await shown(page.getByText('We could not find this order. It may have been cancelled.'));
    expect(await page.getByText(owner.name).count()).toBe(0);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await journey.checkScreen('foreign-payment-page');

    // Their own orders list does not show it.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await atPath(page, '/dashboard/my-orders');
    await shown(page.getByText('You have not ordered anything yet.'));

    // Nor do the order calls, made from the intruder's browser with their token.
    const statuses = await page.evaluate(
      async ({ key, orderPath, ownerOrders }) => {
        const token = localStorage.getItem(key);
        const call = async (method: string, path: string, body?: unknown) => {
          const headers: Record<string, string> = { authorization: `Bearer ${token}` };
          if (body) headers['content-type'] = 'application/json';
          return (
            await fetch(`/api${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined })
          ).status;
        };
        return {
          read: await call('GET', orderPath),
          list: await call('GET', ownerOrders),
          pay: await call('PATCH', orderPath, {
            tools: orderPath.split('/').pop(),
            transactionId: 'pi_forged',
          }),
          cancel: await call('DELETE', orderPath),
        };
      },
      {
        key: ACCESS_TOKEN_STORAGE_KEY,
        orderPath: apiPath('GET /order/:id', { id: orderId }),
        ownerOrders: apiPath('GET /my-order', {}, { email: owner.email }),
      },
    );
    expect(statuses).toEqual({ read: 404, list: 403, pay: 404, cancel: 404 });

    // The owner's order is untouched.
    const [order] = await myOrdersByApi(owner);
    expect(order).toMatchObject<Partial<Order>>({ _id: orderId, paid: false, transactionId: null });
    await journey.close();
  });
});
