import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '@shop/shared/contracts/companies';
import {
  apiExpect,
  asAdmin,
  createTool as createShopTool,
  newCustomer,
  placeOrderByApi,
  removeTools,
  unique,
  type TestUser,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { linkPath, linkPathUnder, nextMailTo } from './helpers/mail';
import { payWithDemoCard } from './helpers/payment';
import { atPhoneWidth, cardOf, checkThenPhone, expectNoSidewaysScroll, tap } from './helpers/phone';
import { addAddress, addMember, openCompany } from './helpers/trade';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, gone, seeToast, shown, textsOf } from './helpers/wait';

/**
 * docs/behaviour.md §4.18 (applying for a trade account), §4.19 (members, roles, invitations),
 * §3.15 (contract prices) and §5.21 (company orders, limits and approvals), in the browser: a
 * customer applies and the shop's admin approves; the new company admin invites a buyer with a
 * limit and a viewer, who accept from their mail; the shop sets a contract price the buyer sees
 * and pays; the buyer's order above the limit waits for the company admin's approval; the viewer
 * reads the company's orders and is refused at checkout. Then the company admin's actions at 390 px.
 *
 * The tests of the first describe are one story told in steps: each starts from where the one
 * before left the company (its members, its prices, the buyer's order).
 */

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** This file's tools, taken out of the shop after it (removeTools). */
const toolIds: string[] = [];
async function createTool(fields: Parameters<typeof createShopTool>[0]) {
  const tool = await createShopTool(fields);
  toolIds.push(tool._id);
  return tool;
}

/** The value beside a term of a definition list: 'Your role' → 'Buyer, up to $150 per order'. */
const fact = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** A shop admin's token, once per file. */
let shopAdmin: { token: string };

describe.skipIf(!hasChromium)('trade accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    shopAdmin = await asAdmin();
  });
  afterAll(async () => {
    await browser?.close();
    await removeTools(toolIds.splice(0));
  });

  // The story's people and things, made as it goes.
  let applicant: TestUser;
  let buyer: TestUser;
  let viewer: TestUser;
  let companyName: string;
  let companyId: string;
  let tool: Awaited<ReturnType<typeof createTool>>;
  let orderId: string;

  it('a customer applies for a trade account with a billing address from their book; the admin approves it; the applicant is its company admin', async () => {
    applicant = await newCustomer('Hana');
    companyName = `Hana Decorators ${unique()} Ltd`;
    const journey = await startJourney(browser, 'trade-apply', { token: applicant.token });
    const { page } = journey;

    // No address yet: the form's hint leads to the address book.
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Company', exact: true }).click();
    await atPath(page, '/dashboard/company');
    await shown(page.getByRole('heading', { name: 'Apply for a trade account' }));
    await page.getByRole('link', { name: 'Add an address to your address book first' }).click();
    await atPath(page, '/dashboard/my-profile/addresses');
    await page.getByRole('button', { name: 'Add an address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an address' });
    const street = `${unique()} Stipple Lane`;
    await dialog.getByLabel('Name', { exact: true }).fill('Accounts Office');
    await dialog.getByLabel('Company (optional)').fill(companyName);
    await dialog.getByLabel('Address line 1', { exact: true }).fill(street);
    await dialog.getByLabel('City', { exact: true }).fill('Hull');
    await dialog.getByLabel('Postal code', { exact: true }).fill('HU1 2AB');
    await dialog.getByLabel('Country', { exact: true }).selectOption('GB');
    await dialog.getByLabel('Phone', { exact: true }).fill('+44 1482 000000');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await seeToast(page, 'Address added');
    await gone(dialog);

    // The application: the billing address chosen from the book.
    await dashboardMenu(page).getByRole('link', { name: 'Company', exact: true }).click();
    await atPath(page, '/dashboard/company');
    const form = page.getByRole('form', { name: 'Apply for a trade account' });
    await shown(form.getByRole('link', { name: 'Manage your addresses' }));
    await form.getByLabel("Company's legal name").fill(companyName);
    await form.getByLabel('Tax or VAT number').fill('GB 123/456.78-9');
    const billing = form.getByLabel('Billing address');
    const option = billing.locator('option', { hasText: street });
    await billing.selectOption((await option.getAttribute('value'))!);
    await form.getByLabel('Phone', { exact: true }).fill('+44 1482 000000');
    await form.getByLabel('Expected monthly volume').selectOption({ label: '$1,000 to $5,000' });
    await journey.checkScreen('apply-form');
    await form.getByRole('button', { name: 'Apply' }).click();
    await seeToast(page, `Application for ${companyName} sent`);
    await shown(
      page.getByText(
        `Your application for ${companyName} is waiting for our answer. We will e-mail you either way.`,
      ),
    );
    await gone(form);
    const mine = await apiExpect(200, 'GET /company/mine', { as: applicant });
    expect(mine.membership).toBeNull();
    expect(mine.application).toMatchObject({ name: companyName, state: 'pending' });
    companyId = mine.application!.id;
    await journey.checkScreen('application-waiting');

    // The back office: found by its name, opened, approved.
    const admin = await startJourney(browser, 'trade-backoffice', shopAdmin);
    const adminPage = admin.page;
    await adminPage.goto('/dashboard');
    await dashboardMenu(adminPage).getByRole('link', { name: 'Companies', exact: true }).click();
    await atPath(adminPage, '/dashboard/companies');
    await adminPage.getByLabel('Search by name or tax number').fill(companyName);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    const row = adminPage
      .getByRole('region', { name: 'Companies' })
      .getByRole('row')
      .filter({ hasText: companyName });
    await shown(row.getByText('Pending', { exact: true }));
    expect(await row.innerText()).toContain(applicant.email);
    await admin.checkScreen('companies');
    await row.getByRole('link', { name: `Open ${companyName}` }).click();
    await atPath(adminPage, `/dashboard/companies/${companyId}`);
    await shown(adminPage.getByRole('heading', { level: 2, name: companyName }));
    expect(await fact(adminPage, 'Monthly volume').innerText()).toBe('$1,000 to $5,000');
    expect(await fact(adminPage, 'Tax number').innerText()).toBe('GB 123/456.78-9');
    expect(squeeze(await fact(adminPage, 'Billing address').innerText())).toContain(street);
    await admin.checkScreen('company-pending');
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    await seeToast(adminPage, 'Trade account approved');
    await shown(adminPage.getByRole('heading', { name: 'Members' }));
    await gone(adminPage.getByRole('button', { name: 'Approve' }));
    await admin.close();

    // The applicant's mail opens the company's page: they are its company admin.
    const approved = await nextMailTo(applicant.email, `Your trade account for ${companyName} is open`);
    await page.goto(linkPath(approved, '/dashboard/company'));
    await shown(page.getByRole('heading', { level: 2, name: companyName }));
    expect(await fact(page, 'Your role').innerText()).toBe('Company admin');
    expect(squeeze(await fact(page, 'Billing address').innerText())).toContain(street);
    await shown(page.getByLabel(`Role of ${applicant.name}`));
    expect(await page.getByLabel(`Role of ${applicant.name}`).inputValue()).toBe('admin');
    await shown(page.getByRole('button', { name: 'Leave the company' }));
    await shown(page.getByRole('form', { name: 'Invite someone' }));
    await shown(page.getByText('No contract prices yet: you pay list prices.'));
    await journey.checkScreen('company-admin');
    await journey.close();
  });

  it('the company admin invites a buyer with a limit and a viewer; each accepts from the mail, signed in with the invited address', async () => {
    buyer = await newCustomer('Bram');
    viewer = await newCustomer('Vera');
    const journey = await startJourney(browser, 'trade-invite', { token: applicant.token });
    const { page } = journey;
    await page.goto('/dashboard/company');
    const invite = page.getByRole('form', { name: 'Invite someone' });
    await shown(invite);

    // A buyer, up to $150 an order: the role the form starts with.
    expect(await invite.getByLabel('Role', { exact: true }).inputValue()).toBe('buyer');
    await invite.getByLabel('E-mail address').fill(buyer.email);
    await invite.getByLabel('Limit per order ($, optional)').fill('150');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await seeToast(page, `Invitation sent to ${buyer.email}`);
    const waiting = page.getByRole('list', { name: 'Invitations waiting' });
    await shown(waiting.getByRole('listitem').filter({ hasText: `${buyer.email}, buyer, until` }));
    expect(await invite.getByLabel('E-mail address').inputValue()).toBe('');

    // A viewer: no limit to set.
    await invite.getByLabel('E-mail address').fill(viewer.email);
    await invite.getByLabel('Role', { exact: true }).selectOption('viewer');
    await gone(invite.getByLabel('Limit per order ($, optional)'));
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await seeToast(page, `Invitation sent to ${viewer.email}`);
    await shown(waiting.getByRole('listitem').filter({ hasText: `${viewer.email}, viewer, until` }));
    await journey.checkScreen('invitations-sent');

    // The buyer opens the mail's link signed out, signs in from it and is brought back to accept.
    const buyerMail = await nextMailTo(buyer.email, `${applicant.name} invites you to ${companyName}`);
    const buyerLink = linkPathUnder(buyerMail, '/invitation/');
    const invited = await startJourney(browser, 'trade-invited-buyer');
    const buyerPage = invited.page;
    await buyerPage.goto(buyerLink);
    await shown(
      buyerPage.getByText(
        `You are invited to join ${companyName}'s trade account as buyer, with the address ${buyer.email}.`,
        { exact: false },
      ),
    );
    await invited.checkScreen('invitation-signed-out');
    await buyerPage.getByRole('link', { name: 'Sign in to accept' }).click();
    await atPath(buyerPage, '/login');
    await buyerPage.getByLabel('Email', { exact: true }).fill(buyer.email);
    await buyerPage.getByLabel('Password', { exact: true }).fill(buyer.password);
    await buyerPage.getByRole('button', { name: 'Login', exact: true }).click();
    await atPath(buyerPage, buyerLink);
    const accept = buyerPage.getByRole('button', { name: 'Accept the invitation' });
    await shown(accept);
    await invited.checkScreen('invitation-signed-in');
    await accept.click();
    await seeToast(buyerPage, `Welcome to ${companyName}`);
    await atPath(buyerPage, '/dashboard/company');
    await shown(buyerPage.getByRole('heading', { level: 2, name: companyName }));
    expect(await fact(buyerPage, 'Your role').innerText()).toBe('Buyer, up to $150 per order');
    // A buyer reads the members and changes nothing.
    await shown(buyerPage.getByRole('heading', { name: 'Members' }));
    expect(await buyerPage.getByRole('form', { name: 'Invite someone' }).count()).toBe(0);
    expect(await buyerPage.getByLabel(`Role of ${applicant.name}`).count()).toBe(0);
    await invited.checkScreen('company-buyer');
    await invited.close();

    // The viewer is signed in already when the link opens.
    const viewerMail = await nextMailTo(viewer.email, `${applicant.name} invites you to ${companyName}`);
    const seeing = await startJourney(browser, 'trade-invited-viewer', { token: viewer.token });
    await seeing.page.goto(linkPathUnder(viewerMail, '/invitation/'));
    await shown(seeing.page.getByText(`trade account as viewer, with the address ${viewer.email}`));
    await seeing.page.getByRole('button', { name: 'Accept the invitation' }).click();
    await seeToast(seeing.page, `Welcome to ${companyName}`);
    await atPath(seeing.page, '/dashboard/company');
    await shown(fact(seeing.page, 'Your role').getByText('Viewer', { exact: true }));
    // The link works once.
    await seeing.page.goto(linkPathUnder(viewerMail, '/invitation/'));
    await shown(
      seeing.page.getByText('This invitation was used, withdrawn or has expired. Ask for a new one.'),
    );
    await seeing.close();

    // The company admin's page: three members, each with their role and limit; no invitation left.
    await page.reload();
    await shown(page.getByLabel(`Role of ${buyer.name}`));
    expect(await page.getByLabel(`Role of ${buyer.name}`).inputValue()).toBe('buyer');
    expect(await page.getByLabel(`Order limit of ${buyer.name} ($)`).inputValue()).toBe('150');
    expect(await page.getByLabel(`Role of ${viewer.name}`).inputValue()).toBe('viewer');
    await shown(page.getByText('No invitation waiting.'));
    await journey.checkScreen('company-members');
    const members = await apiExpect(200, 'GET /company/:id/member', {
      as: applicant,
      params: { id: companyId },
    });
    expect(members.map((member) => [member.email, member.role, member.orderLimit]).sort()).toEqual(
      (
        [
          [applicant.email, 'admin', null],
          [buyer.email, 'buyer', 150],
          [viewer.email, 'viewer', null],
        ] as [string, CompanyRole, number | null][]
      ).sort(),
    );
    await journey.close();
  });

  it('the admin sets a contract price in the back office; the buyer sees it with the list price struck through, a visitor sees the list price', async () => {
    // $10 each from 10; the company pays $8.
    tool = await createTool({ name: `Contract Roller ${unique()}`, orderQuantity: 10, perPartsPrice: 10 });
    const admin = await startJourney(browser, 'trade-contract-price', shopAdmin);
    const adminPage = admin.page;
    await adminPage.goto(`/dashboard/companies/${companyId}`);
    await shown(adminPage.getByRole('heading', { name: 'Set a contract price' }));
    await shown(adminPage.getByText('No contract prices yet: the members pay list prices.'));
    await adminPage.getByLabel('Tool', { exact: true }).selectOption({ label: `${tool.name} (${tool.sku})` });
    await shown(adminPage.getByText('List price $10.00; minimum order 10.'));
    await adminPage.getByLabel('Contract price ($)').fill('8');
    await admin.checkScreen('contract-price-form');
    await adminPage.getByRole('button', { name: 'Save contract price' }).click();
    await seeToast(adminPage, `Contract price saved for ${tool.name}`);
    const priceRow = adminPage
      .getByRole('region', { name: `Contract prices of ${companyName}` })
      .getByRole('row')
      .filter({ hasText: tool.name });
    await shown(priceRow);
    expect(await textsOf(priceRow.getByRole('cell'))).toEqual([
      tool.sku,
      tool.name,
      '$10.00',
      '$8.00',
      'None',
      'Remove',
    ]);
    // The form is empty again, for the next tool.
    expect(await adminPage.getByLabel('Tool', { exact: true }).inputValue()).toBe('');
    await admin.checkScreen('contract-prices');
    await admin.close();

    // The buyer: $8 with $10 struck through, on the product page (read in the browser after the
    // server's page, which shows list prices to everyone) and on the product's card.
    const journey = await startJourney(browser, 'trade-buyer-prices', { token: buyer.token });
    const { page } = journey;
    await page.goto(`/tools/${tool._id}`);
    const unitPrice = fact(page, 'Unit Price:');
    await shown(unitPrice.getByText('Your contract price', { exact: true }));
    // The price paid first, then the list price struck through, then the badge.
    expect(squeeze(await unitPrice.innerText())).toMatch(/^\$8 /);
    expect(squeeze((await unitPrice.locator('s').textContent()) ?? '')).toBe('list price $10');
    await journey.checkScreen('product-contract-price');

    await page.goto('/all-products');
    await page.getByLabel('Search tools').fill(tool.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: tool.name }) });
    const cardPrice = card
      .locator('dt', { hasText: /^Unit Price:$/ })
      .locator('xpath=following-sibling::dd[1]');
    await shown(cardPrice.getByText('Your contract price', { exact: true }));
    // The price paid first, then the list price struck through, then the badge.
    expect(squeeze(await cardPrice.innerText())).toMatch(/^\$8 /);
    expect(squeeze((await cardPrice.locator('s').textContent()) ?? '')).toBe('list price $10');
    await journey.checkScreen('products-contract-price');

    // The company's page lists the price for its members.
    await page.goto('/dashboard/company');
    const memberRow = page
      .getByRole('region', { name: 'Contract prices' })
      .getByRole('row')
      .filter({ hasText: tool.name });
    await shown(memberRow);
    expect(await textsOf(memberRow.getByRole('cell'))).toEqual([
      tool.name,
      tool.sku,
      '$10.00',
      '$8.00',
      'None',
    ]);
    await journey.close();

    // A visitor: the list price, and no contract, on the same page (as the server rendered it:
    // the browser has no one else's prices to read).
    const visitor = await startJourney(browser, 'trade-visitor-price');
    const visitorPage = visitor.page;
    await visitorPage.goto(`/tools/${tool._id}`);
    await shown(visitorPage.getByRole('heading', { level: 1, name: tool.name }));
    expect(await fact(visitorPage, 'Unit Price:').innerText()).toBe('$10');
    expect(await visitorPage.getByText('Your contract price').count()).toBe(0);
    const listed = await apiExpect(200, 'GET /tool/:id', { params: { id: tool._id } });
    expect([listed.perPartsPrice, listed.listPrice ?? null]).toEqual([10, null]);
    const theirs = await apiExpect(200, 'GET /tool/:id', { as: buyer, params: { id: tool._id } });
    expect([theirs.perPartsPrice, theirs.listPrice]).toEqual([8, 10]);
    await visitor.close();
  });

  it("the buyer's order above their limit waits for approval; the company admin approves it from the mail; the buyer pays it", async () => {
    await addAddress(buyer);
    const journey = await startJourney(browser, 'trade-buyer-order', { token: buyer.token });
    const { page } = journey;

    // 30 at the contract's $8 = $240, with $25 shipping $265: above the $150 limit.
    await page.goto(`/tools/${tool._id}`);
    await shown(fact(page, 'Unit Price:').getByText('Your contract price', { exact: true }));
    const add = page.getByRole('form', { name: `Add ${tool.name} to your cart` });
    await add.getByLabel('Quantity to add', { exact: true }).fill('30');
    await add.getByRole('button', { name: 'Add to cart' }).click();
    await shown(add.getByRole('status').getByText('Added: your cart holds 30.'));

    await page.goto('/cart');
    const line = page
      .getByRole('list', { name: 'Tools in your cart' })
      .getByRole('article', { name: tool.name });
    await shown(line);
    expect(squeeze(await line.innerText())).toContain('$8.00 each');
    expect(squeeze(await line.innerText())).toContain('$240');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await eventually(async () => squeeze(await summary.locator('dl').innerText())).toBe(
      'Items $240 Shipping $25 Total $265',
    );
    await journey.checkScreen('cart-contract-price');

    await summary.getByRole('link', { name: 'Check out' }).click();
    await atPath(page, '/checkout');
    const checkoutLines = page.getByRole('list', { name: 'Tools in this order' }).getByRole('listitem');
    await shown(checkoutLines.first());
    expect(await textsOf(checkoutLines)).toEqual([`${tool.name}30 × $8.00$240`]);
    await page.getByRole('button', { name: 'Place order' }).click();
    await seeToast(page, "Order placed. It is above your limit, so it waits for your company's approval.");
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/orders/'));
    orderId = new URL(page.url()).pathname.split('/').pop()!;
    const approval = page.getByRole('region', { name: 'Approval' });
    await shown(
      approval.getByText(
        "This order is above the buyer's limit per order: it waits for a company admin's approval, and can be paid once approved.",
      ),
    );
    await shown(page.getByText('Sent for approval', { exact: true }));
    expect(await page.getByRole('link', { name: 'Pay', exact: true }).count()).toBe(0);
    expect(await approval.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await journey.checkScreen('order-awaiting-buyer');
    expect(await apiExpect(200, 'GET /order/:id', { as: buyer, params: { id: orderId } })).toMatchObject({
      approvalState: 'awaiting',
      paid: false,
      price: 265,
    });
    await nextMailTo(buyer.email, 'Waiting for approval: your order of');

    // My Orders: 'Awaiting approval' where Pay would be.
    await page.goto('/dashboard/my-orders');
    const row = page
      .getByRole('region', { name: 'Your orders' })
      .getByRole('row')
      .filter({ hasText: tool.name });
    await shown(row.getByRole('link', { name: `Awaiting approval: ${tool.name}` }));
    expect(await row.getByRole('link', { name: 'Pay', exact: true }).count()).toBe(0);
    await journey.checkScreen('my-orders-awaiting');

    // The company admin's mail: 'Approval needed', with the order's page.
    const needed = await nextMailTo(applicant.email, `Approval needed: ${buyer.name}'s order of`);
    const admin = await startJourney(browser, 'trade-approve', { token: applicant.token });
    const adminPage = admin.page;
    await adminPage.goto(linkPath(needed, `/dashboard/orders/${orderId}`));
    const panel = adminPage.getByRole('region', { name: 'Approval' });
    await shown(
      panel.getByText(
        `${buyer.name}'s order is above their limit per order. Approve it to send it on to payment, or decline it with a reason.`,
      ),
    );
    await admin.checkScreen('order-awaiting-company-admin');
    await panel.getByRole('button', { name: 'Approve' }).click();
    await seeToast(adminPage, `Approved: ${buyer.name} can pay it now`);
    await shown(panel.getByText('Approved by the company. It can be paid.'));
    await gone(panel.getByRole('button', { name: 'Approve' }));
    await admin.close();
    await nextMailTo(buyer.email, 'Approved: your order of');

    // The buyer pays it, from My Orders.
    await page.reload();
    await row.getByRole('link', { name: 'Pay', exact: true }).click();
    await atPath(page, `/dashboard/payments/${orderId}`);
    await payWithDemoCard(page, orderId);
    expect(await apiExpect(200, 'GET /order/:id', { as: buyer, params: { id: orderId } })).toMatchObject({
      approvalState: 'approved',
      paid: true,
      price: 265,
    });
    await page.goto(`/dashboard/orders/${orderId}`);
    await shown(page.getByText('Approved', { exact: true }));
    await journey.checkScreen('order-approved-paid');
    await journey.close();
  });

  it("the viewer reads the company's orders with who placed them, and is refused at checkout", async () => {
    await addAddress(viewer);
    const journey = await startJourney(browser, 'trade-viewer', { token: viewer.token });
    const { page } = journey;

    await page.goto('/dashboard/my-orders');
    const table = page.getByRole('region', { name: 'Your orders' });
    const row = table.getByRole('row').filter({ hasText: tool.name });
    await shown(row.getByText('Paid', { exact: true }));
    await shown(table.getByRole('columnheader', { name: 'Placed by' }));
    expect((await textsOf(row.getByRole('cell')))[0]).toBe(buyer.name);
    // The buyer's order is the buyer's to act on.
    expect(await row.getByRole('button', { name: `Order again: ${tool.name}` }).count()).toBe(0);
    const placedBy = page.getByLabel('Placed by');
    expect(await textsOf(placedBy.locator('option'))).toEqual(['Everyone in the company', buyer.name]);
    await placedBy.selectOption({ label: buyer.name });
    await shown(row);
    await journey.checkScreen('my-orders-viewer');

    // A viewer may fill a cart, at the company's prices; checkout says why it cannot be ordered.
    await page.goto(`/tools/${tool._id}`);
    await shown(fact(page, 'Unit Price:').getByText('Your contract price', { exact: true }));
    const add = page.getByRole('form', { name: `Add ${tool.name} to your cart` });
    await add.getByRole('button', { name: 'Add to cart' }).click();
    await shown(add.getByRole('status').getByText('Added: your cart holds 10.'));
    await page.goto('/checkout');
    await shown(page.getByRole('button', { name: 'Place order' }));
    await page.getByRole('button', { name: 'Place order' }).click();
    await shown(
      page
        .getByRole('alert')
        .getByText("Your company's viewers cannot order: ask a company admin to make you a buyer", {
          exact: true,
        }),
    );
    await atPath(page, '/checkout');
    await journey.checkScreen('checkout-viewer-refused');
    const theirs = await apiExpect(200, 'GET /my-order', { as: viewer, query: { email: viewer.email } });
    expect(theirs.map((order) => order._id)).toEqual([orderId]);
    const cart = await apiExpect(200, 'GET /cart', { as: viewer });
    expect(cart.lines.map((cartLine) => [cartLine.toolId, cartLine.quantity, cartLine.unitPrice])).toEqual([
      [tool._id, 10, 8],
    ]);
    await journey.close();
  });
});

describe.skipIf(!hasChromium)('a trade account on a phone (390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    shopAdmin = await asAdmin();
  });
  afterAll(async () => {
    await browser?.close();
    await removeTools(toolIds.splice(0));
  });

  it('the company admin invites, saves a member and decides orders, every action in reach', async () => {
    // A company opened through the API, with a buyer limited to $100 an order.
    const company = await openCompany('Pia', {
      name: `Pia Painters ${unique()} Ltd`,
      application: { taxNumber: 'GB987654321', phone: '+44 113 496 0002', monthlyVolume: 'under-1000' },
    });
    const { owner, name } = company;
    const member = await addMember(company, 'Rafe', { role: 'buyer', orderLimit: 100 });
    // 30 and 40 at $3, with $25 shipping: $115 and $145, both above the $100 limit.
    const phoneTool = await createTool({ orderQuantity: 10, perPartsPrice: 3 });
    const toApprove = await placeOrderByApi(member, phoneTool._id, 30);
    const toDecline = await placeOrderByApi(member, phoneTool._id, 40);
    for (const id of [toApprove, toDecline]) {
      expect(await apiExpect(200, 'GET /order/:id', { as: member, params: { id } })).toMatchObject({
        approvalState: 'awaiting',
      });
    }

    const journey = await startJourney(browser, 'trade-phone', { token: owner.token });
    const { page } = journey;
    await atPhoneWidth(page);
    await page.goto('/dashboard/company');
    const memberCard = cardOf(page, 'Members', member.name);
    await shown(memberCard);
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'company-phone');

    // Invite a viewer.
    const newcomer = await newCustomer('Sol');
    const invite = page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('E-mail address').fill(newcomer.email);
    await invite.getByLabel('Role', { exact: true }).selectOption('viewer');
    await tap(page, invite.getByRole('button', { name: 'Send invitation' }));
    await seeToast(page, `Invitation sent to ${newcomer.email}`);
    await shown(
      page
        .getByRole('list', { name: 'Invitations waiting' })
        .getByRole('listitem')
        .filter({ hasText: `${newcomer.email}, viewer, until` }),
    );
    await nextMailTo(newcomer.email, `invites you to ${name}`);

    // The buyer's limit raised to $300, and saved.
    await memberCard.getByLabel(`Order limit of ${member.name} ($)`).fill('300');
    await tap(page, memberCard.getByRole('button', { name: `Save ${member.name}` }));
    await seeToast(page, `${member.name} saved`);
    await eventually(
      async () =>
        (await apiExpect(200, 'GET /company/:id/member', { as: owner, params: { id: company.id } })).find(
          (one) => one.email === member.email,
        )?.orderLimit,
    ).toBe(300);
    await expectNoSidewaysScroll(page);

    // One order approved on its page...
    await page.goto(`/dashboard/orders/${toApprove}`);
    const panel = page.getByRole('region', { name: 'Approval' });
    await shown(panel.getByRole('button', { name: 'Approve' }));
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'order-approval-phone');
    await tap(page, panel.getByRole('button', { name: 'Approve' }));
    await seeToast(page, `Approved: ${member.name} can pay it now`);
    await shown(panel.getByText('Approved by the company. It can be paid.'));
    await nextMailTo(member.email, 'Approved: your order of');

    // ... the other declined, with a reason the buyer reads.
    await page.goto(`/dashboard/orders/${toDecline}`);
    await tap(page, panel.getByRole('button', { name: 'Decline' }));
    const dialog = page.getByRole('dialog', { name: `Decline ${member.name}'s order?` });
    await shown(dialog);
    await dialog.getByLabel('Reason').fill('We have rollers enough this month.');
    await checkThenPhone(journey, 'decline-approval-phone');
    await tap(page, dialog.getByRole('button', { name: 'Decline order' }));
    await seeToast(page, 'Declined: the order is cancelled and its stock returned');
    await gone(dialog);
    await shown(panel.getByText('Declined by the company: We have rollers enough this month.'));
    await expectNoSidewaysScroll(page);
    const declined = await nextMailTo(member.email, 'Declined: your order of');
    expect(declined.text).toContain('We have rollers enough this month.');
    const orders = await apiExpect(200, 'GET /my-order', { as: member, query: { email: member.email } });
    expect(
      Object.fromEntries(orders.map((order) => [order._id, [order.approvalState, order.state]])),
    ).toEqual({ [toApprove]: ['approved', 'unpaid'], [toDecline]: ['declined', 'cancelled'] });
    await journey.close();
  });
});
