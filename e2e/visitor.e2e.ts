import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE } from '@shop/shared/catalogue-view';
import { SHIP_PRICE_DOLLARS } from '@shop/shared/constants';
import { contactCopy } from '@shop/shared/contact-copy';
import { copy } from '@shop/shared/copy';
import { formatDollars } from '@shop/shared/money';
import { apiExpect, newCustomer } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { baseURL, hasChromium } from './helpers/context';
import { atPath, eventually, shown, textsOf } from './helpers/wait';

describe.skipIf(!hasChromium)('a visitor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees home with its sections, the three recent tools and the reviews', async () => {
    const journey = await startJourney(browser, 'visitor');
    const { page } = journey;
    const tools = await apiExpect(200, 'GET /tool');
    const reviews = await apiExpect(200, 'GET /review');
    await page.goto('/');

    await shown(page.getByRole('heading', { level: 1, name: copy.homeHeadline }));
    expect(await page.getByRole('link', { name: copy.homeExploreButton }).getAttribute('href')).toBe(
      '/all-products',
    );
    const whatWeMake = page.getByRole('region', { name: copy.homeWhatWeMake });
    expect(await textsOf(whatWeMake.getByRole('heading', { level: 3 }))).toEqual([
      'Home Painting Tools',
      'Professional Tools',
      'Student Paint Tools',
    ]);
    const summary = await page.getByRole('region', { name: 'Our Business in Numbers' }).innerText();
    for (const [title, value] of [
      ['Total Countries', '72'],
      ['Product Menufecture', '52+'],
      ['Happy Clients', '300+'],
      ['Clients Feedbacks', '500+'],
    ]) {
      expect(summary).toMatch(new RegExp(`${title}\\s+${value!.replace('+', '\\+')}`));
    }

    // The first three tools of the list, in reverse order.
    const recent = page.getByRole('region', { name: 'Recently Manufactured Tools' });
    const expected = tools
      .slice(0, 3)
      .reverse()
      .map((tool) => tool.name);
    await eventually(() => textsOf(recent.getByRole('heading', { level: 3 }))).toEqual(expected);
    expect(await recent.getByRole('link', { name: copy.homeExploreAll }).getAttribute('href')).toBe(
      '/all-products',
    );

    // Customer feedback, newest first.
    const feedback = page.getByRole('region', { name: 'What Our Clients Say' });
    const newest = reviews.at(-1)!;
    await shown(feedback.getByText(newest.name, { exact: true }).first());

    // Stay connected: five fields and a Send Message button; the server's refusals show at
    // their fields (sending is in contact-inbox.e2e.ts).
    const stayConnected = page.getByRole('region', { name: 'Stay connected' });
    for (const label of ['First name', 'Last name', 'Email address', 'Phone number', 'Message']) {
      await stayConnected.getByLabel(label, { exact: true }).fill('Test');
    }
    await stayConnected.getByRole('button', { name: 'Send Message' }).click();
    await shown(stayConnected.getByText(copy.emailInvalid, { exact: true }));
    await shown(stayConnected.getByText(contactCopy.phoneInvalid, { exact: true }));

    // Navigation as a visitor: Login, no Dashboard; a footer with the copyright line.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await shown(page.getByRole('link', { name: 'Login', exact: true }));
    expect(await textsOf(nav.getByRole('link'))).toEqual(['Home', 'Blogs', 'Contact', 'Products']);
    await shown(page.getByRole('contentinfo').getByText(/Copyright ©/));

    await journey.checkScreen('home');
    await journey.close();
  });

  it('reads the blogs and the contact page', async () => {
    const journey = await startJourney(browser, 'visitor');
    const { page } = journey;
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
    await atPath(page, '/blogs');
    await shown(page.getByRole('heading', { level: 1, name: copy.blogsHeading }));
    const articles = page.getByRole('article');
    expect(await articles.count()).toBe(5);
    for (const article of await articles.all()) {
      expect(await article.getByRole('img').count()).toBe(1);
      expect(await article.getByRole('listitem').count()).toBeGreaterThan(0);
    }
    await journey.checkScreen('blogs');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await atPath(page, '/contact');
    await shown(page.getByRole('heading', { level: 1, name: 'Contact Us' }));
    await shown(page.getByRole('region', { name: 'Stay connected' }));
    await journey.checkScreen('contact');
    await journey.close();
  });

  it('browses the products; Place Order sends them to login and back to the purchase page', async () => {
    const customer = await newCustomer('Vera');
    const tools = await apiExpect(200, 'GET /tool');
    const journey = await startJourney(browser, 'visitor');
    const { page } = journey;
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await atPath(page, '/all-products');
    await shown(page.getByRole('heading', { level: 1, name: copy.productsHeading }));

    const cards = page.getByRole('article');
    // The first page of the list (docs/behaviour.md §3.3).
    await eventually(() => cards.count()).toBe(Math.min(tools.length, CATALOGUE_PAGE_SIZE));
    const tool = tools[0]!;
    const card = cards.filter({ has: page.getByRole('heading', { name: tool.name, exact: true }) });
    const details = await card.innerText();
    expect(details).toContain(`${copy.availableQuantityLabel}:`);
    expect(details).toMatch(new RegExp(`Unit Price:\\s+\\${formatDollars(tool.perPartsPrice)}`));
    expect(details).toMatch(/Min-Order Quantity:\s+[\d,]+/);
    expect(details).toMatch(new RegExp(`Ship Price:\\s+\\${formatDollars(SHIP_PRICE_DOLLARS)}`));
    expect(details).toContain(tool.description.slice(0, 135));
    expect(
      await card.getByRole('img', { name: tool.name }).evaluate((img: HTMLImageElement) => img.alt),
    ).toBe(tool.name);
    await journey.checkScreen('products');

    await card.getByRole('link', { name: `Place Order for ${tool.name}` }).click();
    await atPath(page, '/login');
    await shown(page.getByRole('heading', { level: 1, name: 'Login' }));
    await journey.checkScreen('login');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await atPath(page, `/purchase/${tool._id}`);
    await shown(page.getByRole('heading', { level: 1, name: tool.name }));
    await shown(page.getByRole('region', { name: 'Order Info' }));
    expect(await journey.storedToken()).toBeTruthy();
    await journey.close();
  });

  it('sees home with JavaScript turned off: the hero and the recent tools come from the server', async () => {
    const tools = await apiExpect(200, 'GET /tool');
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const heroLoaded = page.waitForResponse(
      (response) => /\/hero(-\d+w)?\.webp$/.test(response.url()) && response.ok(),
    );
    await page.goto('/');

    await shown(page.getByRole('heading', { level: 1, name: copy.homeHeadline }));
    await shown(page.getByRole('img', { name: /paint roller, brush and paint can/ }));
    await heroLoaded;
    const recent = page.getByRole('region', { name: 'Recently Manufactured Tools' });
    expect(await textsOf(recent.getByRole('heading', { level: 3 }))).toEqual(
      tools
        .slice(0, 3)
        .reverse()
        .map((tool) => tool.name),
    );
    await context.close();
    expect(errors).toEqual([]);
  });

  it('meets the not-found page on an unknown path and goes back home', async () => {
    const journey = await startJourney(browser, 'visitor');
    const { page } = journey;
    await page.goto('/no-such-page/anywhere');
    await shown(page.getByRole('heading', { level: 1, name: copy.notFound }));
    await journey.checkScreen('not-found');
    await page.getByRole('link', { name: copy.backHome }).click();
    await atPath(page, '/');
    await shown(page.getByRole('heading', { level: 1, name: copy.homeHeadline }));
    await journey.close();
  });
});
