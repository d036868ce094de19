import type { Page } from 'playwright-core';

/** The navbar's Profile menu: a <details> summary, which has no ARIA role of its own. */
export const profileMenu = (page: Page) => page.getByRole('banner').getByText('Profile', { exact: true });

/** The bar's links (the wide layout; on a phone they sit behind the menu button). */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The dashboard's side menu. */
export const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** A field's own message under it (role=alert), word for word (docs/behaviour.md §10.3). */
export const fieldMessage = (page: Page, message: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: new RegExp(`^\\s*${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });
