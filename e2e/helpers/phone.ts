import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Journey } from './browser';
import { SCREEN_WIDTHS } from './settings';
import { shown } from './wait';

/**
 * On a phone every action is in reach (docs/behaviour.md §5.7, §5.15, §3.9): the lists are
 * cards whose buttons sit inside the screen, and nothing scrolls sideways.
 */
const PHONE = SCREEN_WIDTHS[1];

export const atPhoneWidth = (page: Page) => page.setViewportSize(PHONE);

/** checkScreen leaves the laptop width behind it: back to the phone. */
export async function checkThenPhone(journey: Journey, screen: string) {
  await journey.checkScreen(screen);
  await atPhoneWidth(journey.page);
}

export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** Taps a button the way a thumb would: it must be shown whole inside the screen first. */
export async function tap(page: Page, button: Locator) {
  await shown(button);
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the button has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  await expectNoSidewaysScroll(page);
  await button.click();
}

/** A list's card (the phone's form of a table row) that mentions `text`. */
export const cardOf = (page: Page, list: string, text: string) =>
  page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
