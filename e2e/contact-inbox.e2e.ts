import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '@shop/shared/company';
import { contactCopy } from '@shop/shared/contact-copy';
import { adminToken, unique } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium, mailDir } from './helpers/context';
import { nextMailTo } from './helpers/mail';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, gone, seeToast, shown } from './helpers/wait';

/** docs/behaviour.md §8.5: a visitor's message reaches the shop's mail and the admins' inbox. */
describe.skipIf(!hasChromium || !mailDir)('contact messages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor sends a message from the Contact page; an admin opens it in the inbox, reads it and archives it', async () => {
    const firstName = `Mara${unique()}`;
    const text = `Do you sell the round brushes in boxes of fifty?\nThanks, ${firstName}`;

    // The visitor: an empty form is refused field by field, a full one is sent and cleared.
    const visitor = await startJourney(browser, 'contact-visitor');
    await visitor.page.goto('/contact');
    const block = visitor.page.getByRole('region', { name: 'Stay connected' });
    const send = block.getByRole('button', { name: 'Send Message' });
    await shown(send);
    await eventually(() => send.isEnabled()).toBe(true);
    await send.click();
    await shown(block.getByText(contactCopy.firstNameRequired, { exact: true }));
    await shown(block.getByText(contactCopy.messageRequired, { exact: true }));
    await visitor.checkScreen('contact-refused');

    await block.getByLabel('First name', { exact: true }).fill(firstName);
    await block.getByLabel('Last name', { exact: true }).fill('Quill');
    await block.getByLabel('Email address', { exact: true }).fill('mara@painters.test');
    await block.getByLabel('Phone number', { exact: true }).fill('0114 496 0000');
    await block.getByLabel('Message', { exact: true }).fill(text);
    await send.click();
    await seeToast(visitor.page, contactCopy.sent);
    await eventually(() => block.getByLabel('First name', { exact: true }).inputValue()).toBe('');
    await gone(block.getByText(contactCopy.firstNameRequired, { exact: true }));
    await visitor.checkScreen('contact-sent');
    await visitor.close();

    // The shop's address gets it, and a reply goes to the sender.
    const mail = await nextMailTo(company.email, firstName);
    expect(mail.replyTo?.value[0]?.address).toBe('mara@painters.test');
    expect(mail.text).toContain('Do you sell the round brushes in boxes of fifty?');

    // The admin: the Inbox of the dashboard menu lists it unread, newest first.
    const admin = await startJourney(browser, 'contact-admin', { token: await adminToken() });
    const { page } = admin;
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Inbox' }).click();
    await atPath(page, '/dashboard/inbox');
    const list = page.getByRole('list', { name: 'Messages' });
    const item = list.getByRole('button', { name: new RegExp(firstName) });
    await shown(item);
    await shown(item.getByText('Unread', { exact: true }));
    await expect.poll(() => list.getByRole('button').first().textContent()).toContain(firstName);
    await admin.checkScreen('inbox');

    // Opening it shows all of it and marks it read.
    await item.click();
    const detail = page.getByRole('article', { name: `${firstName} Quill` });
    await shown(detail.getByText('Read', { exact: true }));
    await gone(item.getByText('Unread', { exact: true }));
    await shown(detail.getByText('0114 496 0000', { exact: true }));
    expect(await detail.getByRole('link', { name: 'Reply' }).getAttribute('href')).toBe(
      'mailto:mara@painters.test?subject=Re%3A%20your%20message%20to%20Brushworks',
    );
    await admin.checkScreen('inbox-message');

    // Archived: gone from the inbox, found under Archived.
    await detail.getByRole('button', { name: 'Archive' }).click();
    await seeToast(page, contactCopy.archived);
    await gone(item);
    await page
      .getByRole('group', { name: 'Show messages' })
      .getByRole('button', { name: 'Archived' })
      .click();
    await shown(list.getByRole('button', { name: new RegExp(firstName) }));
    await shown(detail.getByRole('button', { name: 'Unarchive' }));
    await admin.checkScreen('inbox-archived');
    await admin.close();
  });
});
