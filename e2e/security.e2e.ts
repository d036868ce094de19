import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import type { Order } from '@shop/shared/contracts/orders';
import { api, createTool, myOrdersByApi, newCustomer, placeOrderByApi, isCall, routeOf } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, shown, textsOf } from './helpers/wait';

const adminPages = [
  '/dashboard/all-users',
  '/dashboard/all-orders',
  '/dashboard/add-products',
  '/dashboard/manage-products',
  '/dashboard/companies',
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
    expect((await api('DELETE /session', { as: customer })).status).toBe(200);
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
      'My quotes',
      'Saved lists',
      'Add Reviews',
      'Company',
    ]);
    for (const path of adminPages) {
      await page.goto(path);
      await atPath(page, '/login');
      expect(await page.getByRole('heading', { name: 'Make Admin' }).count()).toBe(0);
    }

    // The calls behind those pages, made from the customer's own browser with their token.
    const adminCalls = [
      routeOf('GET /user'),
      routeOf('GET /order'),
      routeOf('PUT /user/admin/:email', { params: { email: customer.email } }),
      routeOf('POST /tool'),
    ];
    const statuses = await page.evaluate(
      async ({ key, calls }) => {
        const token = localStorage.getItem(key);
        const results: Record<string, number> = {};
        for (const { method, url } of calls) {
          const response = await fetch(url, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: method === 'GET' ? undefined : '{}',
          });
          results[`${method} ${url}`] = response.status;
        }
        return results;
      },
      { key: ACCESS_TOKEN_STORAGE_KEY, calls: adminCalls },
    );
    expect(statuses).toEqual(
      Object.fromEntries(adminCalls.map(({ method, url }) => [`${method} ${url}`, 403])),
    );
    expect(
      (await api('GET /admin/:email', { as: customer, params: { email: customer.email } })).body,
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
    const read = routeOf('GET /order/:id', { params: { id: orderId } });
    const refused = page.waitForResponse((response) => isCall(response, read));
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
      async ({ key, routes }) => {
        const token = localStorage.getItem(key);
        const call = async ({ method, url }: { method: string; url: string }, body?: unknown) => {
          const headers: Record<string, string> = { authorization: `Bearer ${token}` };
          if (body) headers['content-type'] = 'application/json';
          return (await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined }))
            .status;
        };
        return {
          read: await call(routes.read),
          list: await call(routes.list),
          pay: await call(routes.pay, { tools: routes.orderId, transactionId: 'pi_forged' }),
          cancel: await call(routes.cancel),
        };
      },
      {
        key: ACCESS_TOKEN_STORAGE_KEY,
        routes: {
          orderId,
          read,
          list: routeOf('GET /my-order', { query: { email: owner.email } }),
          pay: routeOf('PATCH /order/:id', { params: { id: orderId } }),
          cancel: routeOf('DELETE /order/:id', { params: { id: orderId } }),
        },
      },
    );
    expect(statuses).toEqual({ read: 404, list: 403, pay: 404, cancel: 404 });

    // The owner's order is untouched.
    const [order] = await myOrdersByApi(owner);
    expect(order).toMatchObject<Partial<Order>>({ _id: orderId, paid: false, transactionId: null });
    await journey.close();
  });
});
