import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { reviewCopy } from '@shop/shared/review-copy';
import { adminToken, createTool, newCustomer, payOrderByApi, placeOrderByApi, unique } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, gone, seeToast, shown } from './helpers/wait';

/**
 * docs/behaviour.md §7: a buyer reviews the tool they paid for (Verified buyer) and edits the
 * review; an admin hides it with a reason and it vanishes from the home carousel; the author
 * sees why.
 */
describe.skipIf(!hasChromium)('honest reviews', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a buyer reviews and edits; an admin hides the review and it leaves the home carousel', async () => {
    const tool = await createTool({ name: `Review Roller ${unique()}` });
    const buyer = await newCustomer('Rhea');
    await payOrderByApi(buyer, await placeOrderByApi(buyer, tool._id, 10));
    const firstText = `The ${tool.name} spreads evenly. ${unique()}`;
    const editedText = `Edited: the ${tool.name} spreads evenly and cleans fast. ${unique()}`;

    // The buyer names the tool, posts, and finds the review under My reviews with the badge.
    const customer = await startJourney(browser, 'review-customer', { token: buyer.token });
    const { page } = customer;
    await page.goto('/dashboard/my-reviews');
    const choice = page.getByLabel('What are you reviewing?');
    await shown(choice);
    await eventually(() => choice.locator('option').allTextContents()).toContain(tool.name);
    await choice.selectOption({ label: tool.name });
    for (let star = 0; star < 4; star += 1)
      await page.getByRole('button', { name: 'Increase rating' }).click();
    await page.getByLabel('Your review', { exact: true }).fill(firstText);
    await page.getByRole('button', { name: 'Post Review' }).click();
    await seeToast(page, "Thank's For Reviews!");
    const mine = page.getByRole('list', { name: 'My reviews' });
    const item = mine.getByRole('listitem').filter({ hasText: firstText });
    await shown(item);
    await shown(item.getByText(reviewCopy.verifiedBuyer, { exact: true }));
    await customer.checkScreen('my-reviews');

    // A second review of the same tool is refused with a message that says what to do.
    await choice.selectOption({ label: tool.name });
    await page.getByRole('button', { name: 'Increase rating' }).click();
    await page.getByLabel('Your review', { exact: true }).fill('Once more.');
    await page.getByRole('button', { name: 'Post Review' }).click();
    await seeToast(page, reviewCopy.alreadyReviewed(tool.name));

    // The buyer edits it in a dialog.
    await item.getByRole('button', { name: /^Edit review/ }).click();
    const dialog = page.getByRole('dialog', { name: `Edit your review of ${tool.name}` });
    await shown(dialog);
    await customer.checkScreen('edit-review');
    await dialog.getByLabel('Your review').fill(editedText);
    await dialog.getByRole('button', { name: 'Save review' }).click();
    await seeToast(page, reviewCopy.edited);
    await shown(mine.getByText(editedText));
    await gone(mine.getByText(firstText));

    // Home shows the edited review with the badge.
    const visitor = await startJourney(browser, 'review-visitor');
    await visitor.page.goto('/');
    const carousel = visitor.page.getByRole('group', { name: 'Customer reviews' });
    const card = carousel.locator('figure').filter({ hasText: buyer.name });
    await shown(card.getByText(reviewCopy.verifiedBuyer, { exact: true }));

    // The admin hides it from the moderation page, with a reason.
    const admin = await startJourney(browser, 'review-admin', { token: await adminToken() });
    await admin.page.goto('/dashboard');
    await dashboardMenu(admin.page).getByRole('link', { name: 'Reviews' }).click();
    await atPath(admin.page, '/dashboard/reviews');
    const hide = admin.page.getByRole('button', { name: `Hide the review by ${buyer.name}` });
    await shown(hide);
    await admin.checkScreen('review-moderation');
    await hide.click();
    const hideDialog = admin.page.getByRole('dialog', { name: `Hide the review by ${buyer.name}?` });
    await shown(hideDialog);
    await hideDialog.getByLabel(/^Reason/).fill('Names a competitor');
    await admin.checkScreen('hide-review');
    await hideDialog.getByRole('button', { name: 'Hide review' }).click();
    await seeToast(admin.page, reviewCopy.hidden);
    await shown(admin.page.getByRole('button', { name: `Restore the review by ${buyer.name}` }));
    await shown(admin.page.getByText(reviewCopy.hiddenNotice('Names a competitor')));
    await admin.checkScreen('review-moderation-hidden');

    // It vanishes from the home carousel: the admin's own look, and the visitor's next visit.
    await admin.page.goto('/');
    await shown(admin.page.getByRole('group', { name: 'Customer reviews' }));
    await eventually(() => admin.page.getByText(editedText).count()).toBe(0);
    await visitor.page.reload();
    await shown(carousel);
    await eventually(() => carousel.locator('figure').filter({ hasText: buyer.name }).count()).toBe(0);
    await visitor.close();
    await admin.close();

    // The author sees it hidden, and why.
    await page.reload();
    await shown(page.getByText(reviewCopy.hiddenNotice('Names a competitor')));
    await customer.checkScreen('my-reviews-hidden');
    await customer.close();
  });
});
