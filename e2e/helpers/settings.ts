import { fileURLToPath } from 'node:url';

/** Debian's Chromium, driven by playwright-core (docs/architecture.md, Stack); E2E_CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The one admin of the run: its e-mail is the server's ADMIN_EMAILS; global setup signs it up. */
export const ADMIN = { name: 'Ada Admin', email: 'admin@e2e.test', password: 'admin-e2e-password' } as const;

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** Screenshots of every checked screen, for a person to look at (git-ignored). */
export const SCREENSHOT_DIR = `${artifacts}screenshots`;

/** What the page showed when a journey failed. */
export const FAILURE_DIR = `${artifacts}failures`;

/** The server's output during the run. */
export const SERVER_LOG = `${artifacts}server.log`;

/** Two widths: a phone and a laptop. */
export const SCREEN_WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * How many times slower than this machine the pages' CPU runs (Chromium's throttling): 1 unless
 * E2E_CPU_SLOWDOWN is set, to run a journey as a slow phone would and shake out its races.
 */
export const CPU_SLOWDOWN = Math.max(1, Number(process.env.E2E_CPU_SLOWDOWN) || 1);
