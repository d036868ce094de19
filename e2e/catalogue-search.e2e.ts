import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE } from '@shop/shared/catalogue-view';
import type { ToolCategory } from '@shop/shared/categories';
import { copy } from '@shop/shared/copy';
import { adminToken, apiExpect, unique } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { atPath, eventually, shown, textsOf } from './helpers/wait';

// docs/behaviour.md §3.3: search, filter, sort and 'Load more' on the products page, the view
// kept in the URL (reload and Back show it again); a home category card opens its tools.

/** One word no other journey's tool has: every search below finds this journey's tools only. */
const word = `Zephyr${unique()}`;
const BULK = CATALOGUE_PAGE_SIZE + 1;

const added: string[] = [];

async function addTool(token: string, name: string, category: ToolCategory, price: number) {
  const { insertedId } = await apiExpect(201, 'POST /tool', {
    as: { token },
    body: {
      name,
      category,
      perPartsPrice: price,
      availableQuantity: 900,
      orderQuantity: 10,
      description: `${name}: made for the catalogue search journey.`,
      img: '/uploads/demo-paint-roller.webp',
    },
  });
  added.push(insertedId);
}

const cardNames = (page: Page) => textsOf(page.getByRole('article').getByRole('heading', { level: 2 }));
const search = (page: Page) => new URL(page.url()).searchParams;

describe.skipIf(!hasChromium)('catalogue search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    await addTool(token, `${word} Easel`, 'student', 50);
    await addTool(token, `${word} Sash Brush`, 'professional', 30);
    await addTool(token, `${word} Foam Roller`, 'home', 12);
    for (let i = 0; i < BULK; i++) await addTool(token, `${word} Bulk Tray ${i}`, 'home', 5);
  });
  // The journeys share one shop: its catalogue goes back to the size the others expect.
  afterAll(async () => {
    await browser?.close();
    const token = await adminToken();
    for (const id of added) {
      await apiExpect(200, 'DELETE /delete-tool/:id', { as: { token }, params: { id } });
    }
  });

  it('a visitor who scrolls before the page is live stays where they are, and their tap opens the link', async () => {
    const journey = await startJourney(browser, 'catalogue-search');
    const { page } = journey;
    // The scripts are held until the visitor has scrolled: a slow phone's order of events, every time.
    let releaseScripts = () => {};
    const scrolled = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scrolled;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const card = page.getByRole('link', { name: 'Professional Tools' });
    await card.scrollIntoViewIfNeeded();
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY, 'the card is below the fold').toBeGreaterThan(0);
    releaseScripts();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY), 'the page did not jump when it came alive').toBe(
      scrollY,
    );
    await card.click();
    await atPath(page, '/all-products');
    expect(search(page).get('category')).toBe('professional');
    await eventually(() => page.evaluate(() => window.scrollY)).toBe(0); // a new page starts at the top
    await page.unroute('**/assets/*.js');
    await journey.close();
  });

  it('a home category card opens the products page filtered by it', async () => {
    const journey = await startJourney(browser, 'catalogue-search');
    const { page } = journey;
    await page.goto('/');
    await page.getByRole('link', { name: 'Professional Tools' }).click();
    await atPath(page, '/all-products');
    expect(search(page).get('category')).toBe('professional');
    await shown(page.getByRole('heading', { level: 2, name: `${word} Sash Brush` }));
    expect(await page.getByLabel('Category').inputValue()).toBe('professional');
    expect(await cardNames(page)).not.toContain(`${word} Foam Roller`);
    await journey.checkScreen('products-category');
    await journey.close();
  });

  it('searches, sorts, filters and loads more, with the URL reproducing each view', async () => {
    const journey = await startJourney(browser, 'catalogue-search');
    const { page } = journey;
    await page.goto('/all-products');
    await shown(page.getByRole('heading', { level: 1, name: copy.productsHeading }));

    // Search: the first page of this journey's tools, then Load more for the rest.
    await page.getByLabel('Search tools').fill(word.toLowerCase());
    await page.getByLabel('Search tools').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === word.toLowerCase());
    await eventually(() => page.getByRole('article').count()).toBe(CATALOGUE_PAGE_SIZE);
    await journey.checkScreen('products-search');
    await page.getByRole('button', { name: 'Load more' }).click();
    await eventually(() => page.getByRole('article').count()).toBe(BULK + 3);
    await shown(page.getByRole('heading', { level: 2, name: `${word} Easel` }));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // Sort: the dearest first.
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
    await eventually(async () => (await cardNames(page)).slice(0, 3)).toEqual([
      `${word} Easel`,
      `${word} Sash Brush`,
      `${word} Foam Roller`,
    ]);

    // Price range, then the in-stock toggle.
    await page.getByLabel('Min price ($)').fill('10');
    await page.getByLabel('Max price ($)').fill('40');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '40');
    await eventually(() => cardNames(page)).toEqual([`${word} Sash Brush`, `${word} Foam Roller`]);
    await page.getByLabel('In stock only').check();
    await page.waitForURL((url) => url.searchParams.get('inStock') === 'true');
    await journey.checkScreen('products-filtered');

    // A reload shows the same view, controls included.
    const filtered = page.url();
    await page.reload();
    await shown(page.getByRole('heading', { level: 2, name: `${word} Sash Brush` }));
    expect(page.url()).toBe(filtered);
    expect(await cardNames(page)).toEqual([`${word} Sash Brush`, `${word} Foam Roller`]);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-desc');
    expect(await page.getByLabel('Min price ($)').inputValue()).toBe('10');
    expect(await page.getByLabel('In stock only').isChecked()).toBe(true);

    // Back: the view before the toggle, then before the price range.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('inStock') && url.searchParams.has('maxPrice'));
    expect(await page.getByLabel('In stock only').isChecked()).toBe(false);
    await page.goBack();
    await page.waitForURL(
      (url) => !url.searchParams.has('maxPrice') && url.searchParams.get('sort') === 'price-desc',
    );
    expect(await page.getByLabel('Max price ($)').inputValue()).toBe('');
    await eventually(() => page.getByRole('article').count()).toBe(CATALOGUE_PAGE_SIZE);
    expect((await cardNames(page))[0]).toBe(`${word} Easel`);

    // A link opened afresh reproduces a view, rendered by the server at first paint.
    const link = `/all-products?q=${word.toLowerCase()}&category=student`;
    const response = await page.goto(link);
    expect(await response!.text()).toContain(`${word} Easel`);
    await eventually(() => cardNames(page)).toEqual([`${word} Easel`]);
    await journey.close();
  });
});
