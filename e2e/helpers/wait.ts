import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waiting the way a person does: for something to show, go, or change. Never a fixed sleep.
 * Playwright's own waits time out after the context's default (browser.ts).
 */
export const shown = async (locator: Locator) => {
  await locator.waitFor({ state: 'visible' });
  return locator;
};

export const gone = (locator: Locator) => locator.waitFor({ state: 'hidden' });

export const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/** Retries the read until the assertion after it holds (or 15 s pass). */
export const eventually = <T>(read: () => Promise<T> | T) =>
  expect.poll(read, { timeout: 15_000, interval: 100 });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches the whole text, ignoring surrounding white space: 'Please add Ratings!' is not '... & Reviews!'. */
export const exactly = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

/** A toast (react-hot-toast renders each as role=status) with exactly this message. */
const toast = (page: Page, message: string) => page.getByRole('status').filter({ hasText: exactly(message) });

/** Waits for the toast to show; the same message may already be showing from an earlier try. */
export const seeToast = (page: Page, message: string) => shown(toast(page, message).last());

/** The text of every element the locator matches, trimmed. */
export const textsOf = async (locator: Locator) =>
  (await locator.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
