import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { describeViolations, seriousViolations } from './accessibility';
import { baseURL } from './context';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  CPU_SLOWDOWN,
  FAILURE_DIR,
  SCREEN_WIDTHS,
  SCREENSHOT_DIR,
} from './settings';

/** One browser per test file. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  makeReady(browser);
  return browser;
}

/** A journey's context and its page, blank. */
interface Blank {
  context: BrowserContext;
  page: Page;
}

const blankContext = async (browser: Browser): Promise<Blank> => {
  const context = await browser.newContext({
    baseURL,
    viewport: SCREEN_WIDTHS[0],
    locale: 'en-US',
    // The review carousel then stays still: screenshots and axe see a settled page.
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
};

/**
 * The next journey's context and page, made while the browser has nothing else to do: after it
 * starts and after each journey closes, while the test sets its next journey up through the API
 * (a new context starts a renderer: a third of a second). Never used before the journey takes
 * it, so as fresh as one made then. Undefined if the browser closed before it was ready.
 */
const ready = new WeakMap<Browser, Promise<Blank | undefined>>();
function makeReady(browser: Browser) {
  if (!browser.isConnected()) return;
  ready.set(
    browser,
    blankContext(browser).catch(() => undefined),
  );
}

/** Playwright's waits (locator.waitFor, waitForURL, clicks) give up after this long. */
const WAIT_MS = 15_000;

export interface Journey {
  page: Page;
  context: BrowserContext;
  /**
   * The screen as it is now, at 1280 px and at 390 px: no serious or critical axe violation at
   * either width, and a full-page screenshot of each for a person to look at.
   */
  checkScreen(screen: string): Promise<void>;
  /** The token the web app keeps under `accessToken`, or null. */
  storedToken(): Promise<string | null>;
  /** Closes the context; fails the journey if the page threw or broke its CSP. */
  close(): Promise<void>;
}

/**
 * A fresh browser context (no cookies, no storage) for one journey, optionally already signed in
 * with `token` (signInByApi's, or a TestUser's) in local storage, as the web app keeps it after
 * sign-in: the journey then starts on any page as that person, without the sign-in form.
 */
export async function startJourney(
  browser: Browser,
  name: string,
  options: { token?: string } = {},
): Promise<Journey> {
  const madeReady = ready.get(browser);
  ready.delete(browser);
  const { context, page } = (await madeReady) ?? (await blankContext(browser));
  if (options.token) await keepSignedIn(context, options.token);
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  if (CPU_SLOWDOWN > 1) {
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }

  const problems: string[] = [];
  const consoleLines: string[] = [];
  const watch = (watched: Page, prefix: string) => {
    watched.on('pageerror', (error) => problems.push(`${prefix}uncaught error: ${error.message}`));
    watched.on('console', (message) => {
      consoleLines.push(`${prefix}[${message.type()}] ${message.text()}`);
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        problems.push(`${prefix}CSP: ${message.text()}`);
      }
    });
  };
  watch(page, '');
  // Popups (social sign-in) answer for their errors and CSP too.
  context.on('page', (popup) => watch(popup, 'popup: '));

  // A failed journey leaves what the user saw last: a screenshot, the page's HTML and its console.
  onTestFailed(async ({ task }) => {
    if (page.isClosed()) return;
    const stem = path.join(FAILURE_DIR, `${name}-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`);
    mkdirSync(FAILURE_DIR, { recursive: true });
    await page.screenshot({ path: `${stem}.png`, fullPage: true }).catch(() => undefined);
    const html = await page.content().catch(() => '');
    writeFileSync(`${stem}.html`, html);
    writeFileSync(
      `${stem}.console.txt`,
      `${page.url()}\n${consoleLines.join('\n')}\n${problems.join('\n')}\n`,
    );
    console.error(`[e2e] the page at failure: ${stem}.png (.html, .console.txt)`);
  });

  return {
    page,
    context,
    checkScreen: (screen) => checkScreen(page, name, screen),
    storedToken: () => page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY),
    close: async () => {
      await context.close();
      makeReady(browser);
      expect(problems, `the page of journey '${name}' reported problems`).toEqual([]);
    },
  };
}

/** Marks a context's storage as given its token already (keepSignedIn). */
const TOKEN_GIVEN_KEY = 'e2e-token-given';

/**
 * Puts `token` in the shop's local storage under the web app's key before the context's first
 * page of the shop runs a script, as if its owner had signed in on this browser. Once only: a
 * sign-out, or another sign-in, later in the journey stands. Playwright's storageState does the
 * same by first loading the shop in a page of its own, which costs every journey half a second.
 */
async function keepSignedIn(context: BrowserContext, token: string) {
  await context.addInitScript(
    ({ origin, key, value, givenKey }) => {
      if (window.location.origin !== origin || localStorage.getItem(givenKey) !== null) return;
      localStorage.setItem(givenKey, 'yes');
      localStorage.setItem(key, value);
    },
    { origin: baseURL, key: ACCESS_TOKEN_STORAGE_KEY, value: token, givenKey: TOKEN_GIVEN_KEY },
  );
}

/**
 * Waits until the page is still: fonts loaded, eager images decoded, and no finite CSS animation
 * or transition running (toasts, dialogs). axe's contrast check is only fair on a settled page.
 */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => {
    const images = Array.from(document.images).filter((image) => image.loading !== 'lazy');
    // Time-based and finite only: spinners loop forever, and daisyUI's scroll-driven
    // animations (a modal's scroll lock) run as long as the page can scroll.
    const animating = document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' &&
          animation.timeline === document.timeline &&
          animation.effect?.getComputedTiming().iterations !== Infinity,
      );
    return !animating && images.every((image) => image.complete);
  });
}

async function checkScreen(page: Page, journey: string, screen: string) {
  const failures: string[] = [];
  for (const size of SCREEN_WIDTHS) {
    await page.setViewportSize(size);
    // From the top: a sticky bar scrolled along would sit in the middle of a full-page picture.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await settle(page);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${journey}-${screen}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
    const violations = await seriousViolations(page);
    if (violations.length > 0) {
      failures.push(
        `${journey} › ${screen} at ${size.width} px (${page.url()}):\n${describeViolations(violations)}`,
      );
    }
  }
  await page.setViewportSize(SCREEN_WIDTHS[0]);
  expect(failures.join('\n'), 'serious or critical accessibility violations').toBe('');
}
