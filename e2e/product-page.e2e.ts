import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@shop/shared/contracts/tools';
import { copy } from '@shop/shared/copy';
import { apiExpect } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { baseURL, hasChromium } from './helpers/context';
import { SCREEN_WIDTHS } from './helpers/settings';
import { atPath, shown } from './helpers/wait';

/**
 * The public product page and the pictures sized for the screen (docs/behaviour.md §3.5): a
 * visitor opens a tool from its card without signing in; a phone fetches the 400 px copy of a
 * picture, never the 1600 px one.
 */
const PHONE = SCREEN_WIDTHS[1];

describe.skipIf(!hasChromium)('the product page', () => {
  let browser: Browser;
  let demoTool: Tool;
  beforeAll(async () => {
    browser = await launchBrowser();
    const tools = await apiExpect(200, 'GET /tool');
    // A demo tool: its picture is held in all three widths.
    demoTool = tools.find((tool) => tool.images.length === 3)!;
    expect(demoTool, 'a demo tool with three picture widths').toBeDefined();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor opens a tool from its card, sees its fields, and is asked to sign in to order', async () => {
    const journey = await startJourney(browser, 'product-page');
    const { page } = journey;
    await page.goto('/all-products');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: demoTool.name }) });
    await card.getByRole('link', { name: demoTool.name, exact: true }).click();
    await atPath(page, `/tools/${demoTool._id}`);

    await shown(page.getByRole('heading', { level: 1, name: demoTool.name }));
    expect(await page.title()).toBe(`${demoTool.name} · Brushworks`);
    const details = page.getByRole('article', { name: demoTool.name });
    const valueOf = (label: string) =>
      details.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    expect(await valueOf(copy.availableQuantityLabel).innerText()).toBe(
      demoTool.availableQuantity.toLocaleString('en-US'),
    );
    expect(await valueOf('Unit Price').innerText()).toBe(
      `$${demoTool.perPartsPrice.toLocaleString('en-US')}`,
    );
    expect(await valueOf('Min-Order Quantity').innerText()).toBe(
      demoTool.orderQuantity.toLocaleString('en-US'),
    );
    expect(await valueOf('Ship Price').innerText()).toBe('$25');
    await shown(details.getByText(demoTool.description.slice(0, 60)));
    await journey.checkScreen('product');

    await details.getByRole('link', { name: /Place Order/ }).click();
    await atPath(page, '/login');
    await shown(page.getByRole('heading', { name: 'Login' }));
    await journey.close();
  });

  it('an unknown tool and an unknown page answer 404 and show Not found', async () => {
    const journey = await startJourney(browser, 'product-page');
    const { page } = journey;
    for (const path of [`/tools/${crypto.randomUUID()}`, '/no-such-page']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await shown(page.getByRole('heading', { name: copy.notFound }));
    }
    await journey.checkScreen('not-found');
    await journey.close();
  });

  it('a 390 px phone loads the 400 px picture, never the 1600 px one', async () => {
    const journey = await startJourney(browser, 'product-page-phone');
    const { page } = journey;
    await page.setViewportSize(PHONE);
    const pictures: string[] = [];
    page.on('request', (request: Request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/uploads/')) pictures.push(pathname);
    });
    const [narrow, , widest] = demoTool.images;

    await page.goto(`/tools/${demoTool._id}`);
    await shown(page.getByRole('heading', { level: 1, name: demoTool.name }));
    await page.waitForLoadState('networkidle');
    expect(pictures).toContain(narrow!.url);
    expect(pictures).not.toContain(widest!.url);

    // The cards too: the products page on the phone takes the narrow copies only.
    pictures.length = 0;
    await page.goto('/all-products');
    await page.waitForLoadState('networkidle');
    expect(pictures.length).toBeGreaterThan(0);
    expect(
      pictures.every((picture) => picture.endsWith('-400w.webp')),
      pictures.join(', '),
    ).toBe(true);
    await journey.close();
  });

  it('a phone with a 3x screen takes the 800 px copy at most, never the 1600 px picture', async () => {
    const context = await browser.newContext({
      baseURL,
      viewport: PHONE,
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const pictures: string[] = [];
    page.on('request', (request: Request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.webp')) pictures.push(pathname);
    });
    for (const path of ['/', '/all-products', `/tools/${demoTool._id}`, '/blogs']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(pictures).toContain(demoTool.images[1]!.url);
    const widest = pictures.filter((picture) => !/-(400|800)w\.webp$/.test(picture));
    expect(widest, 'pictures fetched at their widest').toEqual([]);
    await context.close();
  });
});
