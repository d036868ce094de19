import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createTool } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { ADMIN } from './helpers/settings';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, gone, seeToast, shown } from './helpers/wait';

/** docs/behaviour.md §8.8: what an admin does is found in the Audit Log. */
const rowOf = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Admin actions' }).getByRole('row').filter({ hasText: text });

describe.skipIf(!hasChromium)('the audit trail', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an admin restocks a tool, then finds the restock in the Audit Log, filtered by action', async () => {
    const tool = await createTool({ availableQuantity: 15, orderQuantity: 10 });
    const note = `Delivery ${tool._id.slice(0, 6)}`;
    const journey = await startJourney(browser, 'audit-trail', { token: await adminToken() });
    const { page } = journey;

    // The restock, as on Manage Products.
    await page.goto('/dashboard/manage-products');
    await page.getByRole('button', { name: `Restock ${tool.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Stock of ${tool.name}` });
    await shown(dialog);
    await dialog.getByLabel('Units arrived', { exact: true }).fill('40');
    await dialog.getByLabel('Note (optional)', { exact: true }).fill(note);
    await dialog.getByRole('button', { name: 'Restock', exact: true }).click();
    await seeToast(page, `${tool.name}: 55 in stock`);
    await gone(dialog);

    // The Audit Log, from the dashboard menu: the restock is the newest entry.
    await dashboardMenu(page).getByRole('link', { name: 'Audit Log' }).click();
    await atPath(page, '/dashboard/audit-log');
    await shown(page.getByRole('heading', { name: 'Audit Log' }));
    const restock = rowOf(page, note);
    await shown(restock);
    await shown(restock.getByRole('cell', { name: 'Restocked', exact: true }));
    await shown(restock.getByRole('cell', { name: tool.name, exact: true }));
    await shown(restock.getByText(ADMIN.email));
    expect(
      (await restock.getByRole('listitem').allTextContents()).map((line) => line.replace(/\s+/g, ' ')),
    ).toEqual(['Stock: 15 → changed to 55', `Note: ${note}`]);
    await journey.checkScreen('audit-log');

    // Filtered to restocks: the tool's creation leaves the list, the restock stays; the URL keeps it.
    await shown(rowOf(page, tool.name).getByRole('cell', { name: 'Tool added', exact: true }));
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Restocked' });
    await gone(rowOf(page, tool.name).getByRole('cell', { name: 'Tool added', exact: true }));
    await shown(restock);
    await eventually(() => new URL(page.url()).searchParams.get('kind')).toBe('stock.restock');

    // And by admin: the e-mail narrows it, the kind stays chosen.
    await page.getByLabel('Search by admin name or e-mail', { exact: true }).fill(ADMIN.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe(ADMIN.email);
    await shown(restock);
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('stock.restock');
    await journey.checkScreen('audit-log-filtered');
    await journey.close();
  });
});
